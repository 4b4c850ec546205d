// Project/Created: create the matching case in the process API, {ExternalId: <ProjectId as string>, Name:
// <project name>}. The name comes from the project lookup; without it the delivery fails retryably (a case is
// never created without a name).
import { PayloadRejectedError } from "../downstream/errors.js";
import type { EventHandler } from "../routing/registry.js";

export const projectCreated: EventHandler = {
  object: "Project",
  event: "Created",
  validate: (payload) =>
    payload.projectId === undefined ? [{ key: "ProjectId", values: ["is required for Project/Created events"] }] : [],
  async handle(ctx) {
    const { projectId, orgId } = ctx.payload;
    if (projectId === undefined)
      throw new PayloadRejectedError([{ key: "ProjectId", values: ["is required for Project/Created events"] }]);
    const name = await ctx.services.projects.projectName(projectId, orgId, ctx);
    const result = await ctx.services.cases.createCase({ ExternalId: String(projectId), Name: name }, ctx);
    ctx.log.info(
      result.outcome === "exists"
        ? "case already existed"
        : result.outcome === "logged"
          ? "case request logged (dry run)"
          : "case created",
      {
        projectId,
        orgId,
        outcome: result.outcome,
        status: result.status,
      },
    );
  },
};
