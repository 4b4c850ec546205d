// Applies a classified plan: writes exactly the objects it says (index -> datasource -> indexer -> knowledge
// source -> knowledge base, the last two where agentic retrieval is on), each write
// conditional on the ETag the plan read, then starts one run. Never resets the indexer (spec C, backfill rule 3).
// Shared by `deploy` (a plan just made) and `deploy <saved plan>`; the caller has decided the plan may be applied.
import type { DefinitionKind, Definitions } from "../definitions/definitions.js";
import type { JsonObject } from "../definitions/json.js";
import type { ObjectPlan, Plan } from "../plan/plan.js";
import { guardedWrite, type WriteGuard } from "../service/guarded-write.js";
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
    /** What this deploy applied before these steps (a blue/green rebuild's swap), for the message. */
    appliedBefore: readonly string[] = [],
  ) {
    const done = [
      ...appliedBefore,
      ...completed.filter((s) => s.operation !== "skip").map((s) => `${s.operation} ${s.kind} ${s.name}`),
    ];
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
  notices: DeployNotice[];
}

/** What the operator must know after the writes (views/deploy-text.ts words it): what to run next, and why. */
export type DeployNotice =
  /** The index was dropped and recreated: empty until a reset and run (backfill) repopulates it. */
  | { notice: "recreated-empty"; index: string }
  /** The service had started a run already (it does when an indexer is created): no second one was started. */
  | { notice: "run-already-running"; indexer: string }
  /** Fields added in place: null in existing documents until a reset and run reprocesses them. */
  | { notice: "fields-added"; fields: string[] };

export interface ApplyPlanInput {
  plan: Plan;
  definitions: Definitions;
  /** The ETag each existing object had when the plan was computed (If-Match for its write). */
  etags: Partial<Record<DefinitionKind, string | null | undefined>>;
  progress?: (event: ApplyProgress) => void;
}

/**
 * Each write as it starts, and the run (views/progress-text.ts words them for stderr). `delete` and `recreate` are
 * a rebuild by drop and recreate (the index with --allow-rebuild; a knowledge object the service changes so).
 */
export type ApplyProgress =
  | { event: "writing"; write: "create" | "update" | "delete" | "recreate"; kind: DefinitionKind; name: string }
  | { event: "starting-run"; indexer: string };

function isPreconditionFailed(err: unknown): boolean {
  return (err as { statusCode?: number }).statusCode === 412;
}

function requireEtag(etags: ApplyPlanInput["etags"], kind: DefinitionKind): string {
  const etag = etags[kind];
  if (!etag) throw new Error(`internal: the plan updates the ${kind} but holds no ETag for it`);
  return etag;
}

/**
 * The write of one created or updated object of the plan, through the one guarded write: create only, or update
 * conditional on the ETag of the one read.
 */
async function writeObject(
  port: SearchManagementPort,
  object: ObjectPlan & { action: "create" | "update" },
  definition: JsonObject,
  etags: ApplyPlanInput["etags"],
  progress: (event: ApplyProgress) => void,
): Promise<DeployStep> {
  const { kind, name, action } = object;
  progress({ event: "writing", write: action, kind, name });
  const guard: WriteGuard =
    action === "create" ? { expect: "absent" } : { expect: "unchanged", etag: requireEtag(etags, kind) };
  await guardedWrite(port, kind, name, definition, guard);
  return { kind, name, operation: action };
}

/**
 * One object of the plan written on its own, beside a blue/green rebuild (the datasource before it, the knowledge
 * base after it): as applyPlan writes it; nothing when it is unchanged. `appliedBefore` names what the deploy
 * already did, for a 412's message.
 */
export async function writePlannedObject(
  port: SearchManagementPort,
  input: Omit<ApplyPlanInput, "plan"> & { plan: Plan; kind: DefinitionKind; appliedBefore?: readonly string[] },
): Promise<DeployStep[]> {
  const { kind, definitions, etags } = input;
  const object = input.plan.objects.find((o) => o.kind === kind);
  const definition = definitions[kind];
  if (!object || object.action === "unchanged" || !definition) return [];
  if (object.action === "rebuild")
    throw new Error(`internal: the ${kind} ${object.name} needs a recreate, which is not written beside a rebuild`);
  try {
    return [
      await writeObject(port, { ...object, action: object.action }, definition, etags, input.progress ?? (() => {})),
    ];
  } catch (err) {
    if (isPreconditionFailed(err)) throw new ConcurrentChangeError(kind, object.name, [], input.appliedBefore);
    throw err;
  }
}

export async function applyPlan(port: SearchManagementPort, input: ApplyPlanInput): Promise<AppliedPlan> {
  const { plan, definitions, etags } = input;
  const progress = input.progress ?? (() => {});
  const notices: DeployNotice[] = [];
  const steps: DeployStep[] = [];
  for (const object of plan.objects) {
    const { kind, name } = object;
    const definition = definitions[kind];
    if (!definition) throw new Error(`internal: the plan writes the ${kind} ${name} but holds no definition for it`);
    try {
      switch (object.action) {
        case "unchanged":
          steps.push({ kind, name, operation: "skip" });
          break;
        case "create":
        case "update":
          steps.push(await writeObject(port, { ...object, action: object.action }, definition, etags, progress));
          break;
        case "rebuild":
          // The index: drop and recreate (--allow-rebuild). A knowledge object: a change the service makes only
          // by delete and create (KNOWLEDGE_*_RECREATE_PATHS); it holds no data.
          progress({ event: "writing", write: "delete", kind, name });
          await port.delete(kind, name, { ifMatch: requireEtag(etags, kind) });
          steps.push({ kind, name, operation: "delete" });
          progress({ event: "writing", write: "recreate", kind, name });
          await guardedWrite(port, kind, name, definition, { expect: "absent" });
          steps.push({ kind, name, operation: "recreate" });
          if (kind !== "index") break;
          notices.push({ notice: "recreated-empty", index: name });
          break;
      }
    } catch (err) {
      if (isPreconditionFailed(err)) throw new ConcurrentChangeError(kind, name, steps);
      throw err;
    }
  }

  const indexerName = String(definitions.indexer.name);
  progress({ event: "starting-run", indexer: indexerName });
  const run = await port.runIndexer(indexerName);
  if (run === "already-running") notices.push({ notice: "run-already-running", indexer: indexerName });
  const index = plan.objects.find((o) => o.kind === "index");
  if (plan.addedFields.length > 0 && index?.action === "update")
    notices.push({ notice: "fields-added", fields: [...plan.addedFields] });
  return { steps, run, notices };
}
