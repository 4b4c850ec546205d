import { describe, expect, it } from "vitest";
import { PayloadRejectedError } from "../../../webhook/src/downstream/errors.js";
import { projectCreated } from "../../../webhook/src/events/project-created.js";
import type { Logger } from "../../../webhook/src/log.js";
import { readWebhookPayload, type WebhookPayload } from "../../../webhook/src/payload/parse.js";
import type { EventContext } from "../../../webhook/src/routing/registry.js";

function payloadOf(body: Record<string, unknown>): WebhookPayload {
  const read = readWebhookPayload(body);
  if (!read.ok) throw new Error(read.detail);
  return read.payload;
}

function world(outcome: "created" | "exists" | "logged" = "created") {
  const calls: string[] = [];
  const lines: string[] = [];
  const log = { info: (msg: string) => void lines.push(msg) } as unknown as Logger;
  const ctx = (payload: WebhookPayload): EventContext => ({
    payload,
    messageId: "m-1",
    log,
    traceparent: "tp",
    correlationId: "m-1",
    services: {
      projects: {
        projectName: async (projectId, orgId) => {
          calls.push(`lookup ${projectId} ${orgId}`);
          return "Smith v Jones";
        },
      },
      cases: {
        dryRun: false,
        createCase: async (body) => {
          calls.push(`create ${JSON.stringify(body)}`);
          return { outcome, status: outcome === "exists" ? 409 : 201 };
        },
      },
    },
  });
  return { calls, lines, ctx };
}

describe("Project/Created: a case for the project", () => {
  it("is refused before acknowledgement when ProjectId is missing", () => {
    expect(projectCreated.validate?.(payloadOf({ Object: "Project", Event: "Created", OrgId: 1 }))).toEqual([
      { key: "ProjectId", values: ["is required for Project/Created events"] },
    ]);
    expect(projectCreated.validate?.(payloadOf({ OrgId: 1, ProjectId: 3 }))).toEqual([]);
  });

  it("looks the project's name up, then creates the case with ExternalId as a string", async () => {
    const w = world();
    await projectCreated.handle(w.ctx(payloadOf({ Object: "Project", Event: "Created", OrgId: 7, ProjectId: 42 })));
    expect(w.calls).toEqual(["lookup 42 7", 'create {"ExternalId":"42","Name":"Smith v Jones"}']);
    expect(w.lines).toEqual(["case created"]);
  });

  it("says so when the case already existed or the request was only logged", async () => {
    for (const [outcome, line] of [
      ["exists", "case already existed"],
      ["logged", "case request logged (dry run)"],
    ] as const) {
      const w = world(outcome);
      await projectCreated.handle(w.ctx(payloadOf({ OrgId: 7, ProjectId: 42 })));
      expect(w.lines).toEqual([line]);
    }
  });

  it("never creates a case without a project id, even when validation was skipped", async () => {
    const w = world();
    await expect(projectCreated.handle(w.ctx(payloadOf({ OrgId: 7 })))).rejects.toBeInstanceOf(PayloadRejectedError);
    expect(w.calls).toEqual([]);
  });
});
