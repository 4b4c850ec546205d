// Applies a classified plan: writes exactly the objects it says (index -> datasource -> indexer), each write
// conditional on the ETag the plan read, then starts one run. Never resets the indexer (spec C, backfill rule 3).
// Shared by `deploy` (a plan just made) and `deploy <saved plan>`; the caller has decided the plan may be applied.
import type { DefinitionKind, Definitions } from "../definitions/definitions.js";
import type { Plan } from "../plan/plan.js";
import type { RunOutcome, SearchManagementPort } from "../service/management-port.js";

export interface DeployStep {
  kind: DefinitionKind;
  name: string;
  operation: "create" | "update" | "delete" | "recreate" | "skip";
}

/** Someone changed an object between the plan and the write (412 on If-Match). */
export class ConcurrentChangeError extends Error {
  constructor(
    readonly kind: DefinitionKind,
    readonly objectName: string,
    readonly completed: DeployStep[],
  ) {
    const done = completed.filter((s) => s.operation !== "skip").map((s) => `${s.operation} ${s.kind} ${s.name}`);
    super(
      `the ${kind} ${objectName} was changed on the service after it was read (ETag mismatch, HTTP 412); it was not written. ` +
        `${done.length ? `Already applied: ${done.join(", ")}. ` : "Nothing was changed. "}Run plan again to see the current state, then deploy.`,
    );
    this.name = "ConcurrentChangeError";
  }
}

export interface AppliedPlan {
  steps: DeployStep[];
  run: RunOutcome;
  /** Things the operator must know afterwards (backfill, rebuild repopulation). */
  notices: string[];
}

export interface ApplyPlanInput {
  plan: Plan;
  definitions: Definitions;
  /** The ETag each existing object had when the plan was computed (If-Match for its write). */
  etags: Partial<Record<DefinitionKind, string | null | undefined>>;
  progress?: (line: string) => void;
}

function isPreconditionFailed(err: unknown): boolean {
  return (err as { statusCode?: number }).statusCode === 412;
}

function requireEtag(etags: ApplyPlanInput["etags"], kind: DefinitionKind): string {
  const etag = etags[kind];
  if (!etag) throw new Error(`internal: the plan updates the ${kind} but holds no ETag for it`);
  return etag;
}

export async function applyPlan(port: SearchManagementPort, input: ApplyPlanInput): Promise<AppliedPlan> {
  const { plan, definitions, etags } = input;
  const progress = input.progress ?? (() => {});
  const notices: string[] = [];
  const steps: DeployStep[] = [];
  for (const object of plan.objects) {
    const { kind, name } = object;
    const definition = definitions[kind];
    try {
      switch (object.action) {
        case "unchanged":
          steps.push({ kind, name, operation: "skip" });
          break;
        case "create":
          progress(`creating ${kind} ${name}`);
          await port.put(kind, name, definition, { ifNoneMatch: "*" });
          steps.push({ kind, name, operation: "create" });
          break;
        case "update":
          progress(`updating ${kind} ${name}`);
          await port.put(kind, name, definition, { ifMatch: requireEtag(etags, kind) });
          steps.push({ kind, name, operation: "update" });
          break;
        case "rebuild":
          progress(`dropping ${kind} ${name} (--allow-rebuild)`);
          await port.delete(kind, name, { ifMatch: requireEtag(etags, kind) });
          steps.push({ kind, name, operation: "delete" });
          progress(`recreating ${kind} ${name}`);
          await port.put(kind, name, definition, { ifNoneMatch: "*" });
          steps.push({ kind, name, operation: "recreate" });
          notices.push(
            `index ${name} was recreated empty. A plain run re-indexes only blobs changed since the indexer's last run: ` +
              `repopulate it with an indexer reset followed by a run: \`docs-index backfill\` (see docs/search-deploy.md).`,
          );
          break;
      }
    } catch (err) {
      if (isPreconditionFailed(err)) throw new ConcurrentChangeError(kind, name, steps);
      throw err;
    }
  }

  const indexerName = String(definitions.indexer.name);
  progress(`starting a run of ${indexerName}`);
  const run = await port.runIndexer(indexerName);
  if (run === "already-running")
    notices.push(
      `indexer ${indexerName} was already running (the service starts a run when an indexer is created); no second run was started`,
    );
  const index = plan.objects.find((o) => o.kind === "index");
  if (plan.addedFields.length > 0 && index?.action === "update")
    notices.push(
      `fields added: ${plan.addedFields.join(", ")}. Existing documents keep null in them until they are reprocessed: ` +
        `a run only revisits changed blobs, so a backfill needs an indexer reset followed by a run (manual; the deploy never resets).`,
    );
  return { steps, run, notices };
}
