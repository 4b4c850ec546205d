// The deploy: read the live definitions, plan, refuse a rebuild unless allowed, then upsert
// index -> datasource -> indexer (unchanged objects are not written; every write is conditional on the
// ETag read for the plan), then start one run. It never resets the indexer (spec C, backfill rule 3).
import { DEPLOY_ORDER, type DefinitionKind, type Definitions } from "./definitions.js";
import { buildPlan, type LiveDefinitions, type Plan } from "./plan.js";
import type { RunOutcome, SearchManagementPort } from "./service-port.js";

export interface DeployOptions {
  allowRebuild?: boolean;
  dryRun?: boolean;
  /** Progress lines for people (stderr). */
  progress?: (line: string) => void;
  /** Called once, after the plan and before any write, when the plan drops an object; throws to stop. */
  confirmRebuild?: (plan: Plan) => Promise<void>;
}

export interface DeployStep {
  kind: DefinitionKind;
  name: string;
  operation: "create" | "update" | "delete" | "recreate" | "skip";
}

export interface DeployResult {
  plan: Plan;
  dryRun: boolean;
  steps: DeployStep[];
  run?: RunOutcome;
  /** Things the operator must know after the deploy (backfill, rebuild repopulation). */
  notices: string[];
}

/** A plan with a rebuild, and no --allow-rebuild: nothing was changed. */
export class RebuildRefusedError extends Error {
  constructor(readonly plan: Plan) {
    const index = plan.objects.find((o) => o.action === "rebuild")!;
    const why = index.changes
      .filter((c) => c.effect === "rebuild")
      .map(
        (c) =>
          `${c.path}${c.change === "modified" ? ` (${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)})` : ` (${c.change})`}`,
      );
    super(
      `index ${index.name} needs a rebuild (${why.join("; ")}); nothing was changed.\n` +
        `A rebuild drops the index: every document in it is deleted and queries return nothing until it is repopulated.\n` +
        `To rebuild: re-run with --allow-rebuild (drops and recreates the index, then starts a run), then repopulate with an indexer reset followed by a run (a full re-crawl; manual, see docs/search-deploy.md). ` +
        `To avoid downtime instead, create a side-by-side index under a new name and switch consumers (or an alias) to it.`,
    );
    this.name = "RebuildRefusedError";
  }
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

export async function readLive(port: SearchManagementPort, files: Definitions): Promise<LiveDefinitions> {
  const live: LiveDefinitions = {};
  for (const kind of DEPLOY_ORDER) live[kind] = await port.get(kind, String(files[kind].name));
  return live;
}

export async function planDeploy(
  port: SearchManagementPort,
  files: Definitions,
): Promise<{ plan: Plan; live: LiveDefinitions }> {
  const live = await readLive(port, files);
  return { plan: buildPlan(files, live), live };
}

function isPreconditionFailed(err: unknown): boolean {
  return (err as { statusCode?: number }).statusCode === 412;
}

export async function deploy(
  port: SearchManagementPort,
  files: Definitions,
  options: DeployOptions = {},
): Promise<DeployResult> {
  const progress = options.progress ?? (() => {});
  const { plan, live } = await planDeploy(port, files);
  const notices: string[] = [];
  if (options.dryRun) return { plan, dryRun: true, steps: [], notices };
  if (plan.rebuildRequired && !options.allowRebuild) throw new RebuildRefusedError(plan);
  if (plan.rebuildRequired) await options.confirmRebuild?.(plan);

  const steps: DeployStep[] = [];
  for (const object of plan.objects) {
    const { kind, name } = object;
    const definition = files[kind];
    const etag = live[kind]?.etag;
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
          await port.put(kind, name, definition, { ifMatch: etag! });
          steps.push({ kind, name, operation: "update" });
          break;
        case "rebuild":
          progress(`dropping ${kind} ${name} (--allow-rebuild)`);
          await port.delete(kind, name, { ifMatch: etag! });
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

  const indexerName = String(files.indexer.name);
  progress(`starting a run of ${indexerName}`);
  const run = await port.runIndexer(indexerName);
  if (run === "already-running")
    notices.push(
      `indexer ${indexerName} was already running (the service starts a run when an indexer is created); no second run was started`,
    );
  const index = plan.objects.find((o) => o.kind === "index");
  if (plan.addedFields.length > 0 && index?.action === "update") {
    notices.push(
      `fields added: ${plan.addedFields.join(", ")}. Existing documents keep null in them until they are reprocessed: ` +
        `a run only revisits changed blobs, so a backfill needs an indexer reset followed by a run (manual; the deploy never resets).`,
    );
  }
  return { plan, dryRun: false, steps, run, notices };
}
