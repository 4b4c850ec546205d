// The deploy, fresh or from a saved plan, through one pipeline: read the live objects once (through the alias
// when there is one), make the one deployment (a fresh plan, or the saved plan checked against that read), hand it
// to the caller to show, refuse what may not be applied, have it confirmed, then apply exactly it with the ETags
// of that read: writes in place (index -> datasource -> indexer, then one run), or the blue/green rebuild behind
// the alias. `resume` and `prune` are steps of the same pipeline, and so is `wait`: follow the run the deploy
// started, then the status verdict. Every refusal comes before the first write. The shells (the CLI's deploy)
// parse, build the ports, call `deploy` and render its outcome. Never resets the indexer outside a blue/green
// build (spec C, backfill rule 3).
import type { Definitions } from "../definitions/definitions.js";
import type { JsonObject } from "../definitions/json.js";
import type { Plan } from "../plan/plan.js";
import { forGeneration } from "../bluegreen/generations.js";
import type { BlueGreenPort } from "../bluegreen/ports.js";
import {
  blueGreenRebuild,
  deleteGenerations,
  prunableGenerations,
  RebuildNotPossibleError,
  type RebuildSettings,
  type RebuildResult,
  type RebuildStart,
} from "../bluegreen/rebuild.js";
import type { SavedPlan } from "../saved-plans/saved-plan.js";
import type { IndexerStatusRecord } from "../ops/indexer-status.js";
import { runIdentity, type WaitOptions } from "../ops/run-wait.js";
import type { StatusReport } from "../ops/status-report.js";
import type { RunOutcome } from "../service/management-port.js";
import {
  applyPlan,
  writePlannedObject,
  type ApplyPlanInput,
  type ApplyProgress,
  type DeployNotice,
  type DeployStep,
} from "./apply-plan.js";
import { deploymentFromSavedPlan, planDeployment, type Deployment, type SavedPlanCheck } from "./deployment.js";
import { readService, type ServiceRead } from "./read.js";
import { assertGenerationsUnused } from "../bluegreen/knowledge-repoint.js";
import { BlueGreenRebuildRefusedError, RebuildRefusedError } from "./refusals.js";
import { rankingChanges } from "../plan/ranking-changes.js";
import type { EvalReport } from "../eval/report.js";
import { evaluatedAroundWrite, type RankingEvalOutcome, type RankingEvalPort } from "./ranking-eval.js";

/** What is deployed: the definitions (fresh), or exactly a saved plan, checked against the service. */
export type DeploySource =
  { kind: "fresh"; files: Definitions } | ({ kind: "saved"; saved: SavedPlan } & SavedPlanCheck);

export interface DeployOptions {
  /** Read, plan (and check a saved plan); write nothing. */
  dryRun?: boolean;
  allowRebuild?: boolean;
  /** Continue the blue/green rebuild the service shows under way (wait, verify, swap). */
  resume?: boolean;
  /** Behind the alias: delete the generations older than the one serving at the end. */
  prune?: boolean;
  /** The blue/green rebuild's settings; needed only when the deployment rebuilds. */
  rebuild?: RebuildSettings;
  /** Behind the alias: build and verify a side-by-side generation even when the plan changes nothing in place. */
  forceBlueGreen?: boolean;
  /** Follow the run this deploy started to its end, then apply the status verdict (needs `ports.runs`). */
  wait?: boolean;
}

/** The typed request: what is deployed and how. */
export type DeployRequest = DeploySource & DeployOptions;

/** Following a run after the deploy (`wait`): the shell's wait (deadline, Ctrl-C, progress) and status read. */
export interface RunFollowPort {
  /** Waits for the run to end and returns its final status (throws on timeout or interruption). */
  waitForRun(mode: WaitOptions["mode"]): Promise<IndexerStatusRecord>;
  /** The status verdict, as `status` gives it: of `status` when given (the run just followed), else read now. */
  statusVerdict(status?: IndexerStatusRecord): Promise<StatusReport>;
}

/** What the deploy talks to: the service, and the people or pipeline it answers to. */
export interface DeployPorts {
  service: BlueGreenPort;
  /** The writes as they start (views/progress-text.ts words them for stderr). */
  progress?: (event: ApplyProgress) => void;
  /** Called once with the deployment as soon as it is made, before any refusal or write. */
  onPlan?: (deployment: Deployment) => void;
  /**
   * Shows the plan before anything else happens, at most once a deploy: before a confirmation prompt (what is
   * confirmed is what is shown) and before a forced blue/green build (hours of progress follow).
   */
  showPlan?: (deployment: Deployment) => void;
  /** A blue/green build is confirmed next or resumed: hours of crawl may follow (the shell extends its deadline). */
  expectBuild?: () => void;
  /**
   * Called once, after every check and before the first write, when the deployment drops or rebuilds the index or
   * prunes generations (`prune`: the ones it deletes); throws to stop, and then nothing is written.
   */
  confirm?: (deployment: Deployment, prune: readonly string[]) => Promise<void>;
  /**
   * An in-place write that re-ranks (plan/ranking-changes.ts) is evaluated with these golden queries before and
   * after it; without, it is not evaluated. A forced blue/green generation is verified by its gate instead.
   */
  rankingEval?: RankingEvalPort;
  /** With `wait`: following the run and the status verdict. */
  runs?: RunFollowPort;
}

export interface DeployOutcome {
  deployment: Deployment;
  dryRun: boolean;
  /** Objects written in place (unchanged ones as `skip`); empty for a blue/green rebuild or a prune alone. */
  steps: DeployStep[];
  /** The run started after writing in place; none for a prune alone or a blue/green rebuild (it runs its own). */
  run?: RunOutcome;
  /** What the operator must know afterwards (backfill, rebuild repopulation, a run already going). */
  notices: DeployNotice[];
  rebuilt?: RebuildResult;
  pruned: string[];
  /** With `prune`: the generation serving at the end, which a prune keeps; null when not an alias. */
  servingAfterPrune?: string | null;
  /** With `prune` on a dry run: the generations it would delete (its checks passed; nothing deleted). */
  wouldPrune?: string[];
  /** The indexer's status as read before any write (`wait` tells the run it started from earlier ones). */
  indexerStatusBefore: IndexerStatusRecord | undefined;
  /** The golden queries around an in-place write that re-ranks; absent when the plan re-ranks nothing in place. */
  rankingEval?: RankingEvalOutcome;
  /** The index was dropped and recreated empty (a drop-and-recreate rebuild): it must be repopulated. */
  recreated: boolean;
  /** With `wait`: the status verdict after the run (or of the serving index); null without `wait` or on a dry run. */
  status: StatusReport | null;
  /** The deploy's verdict: false only when, with `wait`, the status verdict failed. */
  passed: boolean;
}

/** The definitions the deploy applies: the files, or the saved plan's own. */
export function definitionsOf(source: DeploySource): Definitions {
  return source.kind === "saved" ? source.saved.definitions : source.files;
}

/** The one deploy: read, plan, refuse, confirm, write, then (with `wait`) follow the run and judge it. */
export async function deploy(ports: DeployPorts, request: DeployRequest): Promise<DeployOutcome> {
  if (request.resume) ports.expectBuild?.();
  const outcome = await apply({ ...ports, showPlan: once(ports.showPlan) }, request);
  outcome.recreated = outcome.steps.some((s) => s.operation === "recreate");
  outcome.status = request.wait ? await followUp(ports, outcome) : null;
  outcome.passed = outcome.status?.ok ?? true;
  return outcome;
}

/** `show` called at most once, whoever calls it. */
function once(show: DeployPorts["showPlan"]): DeployPorts["showPlan"] {
  let shown = false;
  return (deployment) => {
    if (shown) return;
    shown = true;
    show?.(deployment);
  };
}

/**
 * The plan is shown as soon as it is made when a blue/green build follows without a prompt: forced (`forceBlueGreen`
 * with nothing that needs a rebuild), not a dry run, not a resume. A rebuild shows it with its prompt (or its
 * refusal's result).
 */
function showsPlanFirst(deployment: Deployment, request: DeployOptions): boolean {
  return deployment.blueGreen !== null && !deployment.plan.rebuildRequired && !request.dryRun && !request.resume;
}

/** The destructive steps confirmed: the plan shown first, a blue/green build given its time, then the prompt. */
async function confirmDestructive(ports: DeployPorts, deployment: Deployment, prune: readonly string[]) {
  ports.showPlan?.(deployment);
  if (deployment.plan.rebuildRequired && deployment.blueGreen) ports.expectBuild?.();
  await ports.confirm?.(deployment, prune);
}

/**
 * `wait`: after writes in place, the run they started (or the one already going) to its end, then the status
 * verdict of its final status; after a blue/green rebuild or a prune alone, the verdict of what serves now; after
 * a dry run, nothing.
 */
async function followUp(ports: DeployPorts, outcome: DeployOutcome): Promise<StatusReport | null> {
  if (outcome.dryRun && !outcome.rebuilt) return null;
  const runs = ports.runs;
  if (!runs) throw new Error("internal: deploy with wait needs the run-follow port");
  if (outcome.rebuilt || !outcome.run) return runs.statusVerdict();
  const before = outcome.indexerStatusBefore;
  const finished = await runs.waitForRun(
    outcome.run === "started"
      ? { kind: "ours-after", before: before ? runIdentity(before) : null }
      : { kind: "current" },
  );
  return runs.statusVerdict(finished);
}

async function apply(ports: DeployPorts, request: DeployRequest): Promise<DeployOutcome> {
  const port = ports.service;
  const options = request;
  const read = await readService(port, definitionsOf(request));
  const deployment =
    request.kind === "saved"
      ? deploymentFromSavedPlan(request.saved, read, request)
      : planDeployment(read, request.files, Boolean(options.forceBlueGreen));
  ports.onPlan?.(deployment);
  if (showsPlanFirst(deployment, request)) ports.showPlan?.(deployment);
  const outcome: DeployOutcome = {
    deployment,
    dryRun: Boolean(options.dryRun),
    steps: [],
    notices: [],
    pruned: [],
    indexerStatusBefore: read.observation.indexerStatus,
    recreated: false,
    status: null,
    passed: true,
  };
  const reranks = deployment.blueGreen ? [] : rankingChanges(deployment.plan).map((c) => c.path);
  if (options.dryRun) return checkOnly(ports, request, read, outcome, reranks);
  if (options.resume) return resume(ports, read, outcome, options);

  refuseBeforeWriting(deployment, Boolean(options.allowRebuild));
  const rebuilding = deployment.blueGreen !== null;
  const prune = options.prune ? await checkedPrune(port, deployment, read) : [];
  if (deployment.plan.rebuildRequired || prune.length > 0) await confirmDestructive(ports, deployment, prune);

  if (rebuilding) await rebuildBehindAlias(ports, request, read, outcome);
  // A prune alone writes no definition and starts no run.
  else if (!options.prune || deployment.plan.objects.some((o) => o.action !== "unchanged"))
    await writeInPlace(ports, read, outcome, reranks.length > 0 ? ports.rankingEval : undefined, reranks);
  outcome.pruned = await deleteGenerations(port, prune);
  if (options.prune) outcome.servingAfterPrune = outcome.rebuilt?.to ?? deployment.generation;
  return outcome;
}

/**
 * A dry run: every check of a prune, deleting nothing (what it would delete, or its refusal), and the eval it would
 * run.
 */
async function checkOnly(
  ports: DeployPorts,
  request: DeployRequest,
  read: ServiceRead,
  outcome: DeployOutcome,
  reranks: string[],
): Promise<DeployOutcome> {
  const { deployment } = outcome;
  if (request.prune && !request.resume) {
    outcome.wouldPrune = await checkedPrune(ports.service, deployment, read);
    outcome.servingAfterPrune = deployment.generation;
  }
  const evalPort = reranks.length > 0 ? ports.rankingEval : undefined;
  if (evalPort)
    outcome.rankingEval = evalPort.skipped
      ? { changes: reranks, status: "not-evaluated", reason: evalPort.skipped }
      : { changes: reranks, status: "would-run", golden: evalPort.golden };
  return outcome;
}

/**
 * The blue/green rebuild of the deployment: the datasource written before it (it is not part of the generation),
 * the generation built, verified and swapped in, then a knowledge base change after it (the knowledge source moved
 * with the alias in the swap step).
 */
async function rebuildBehindAlias(
  ports: DeployPorts,
  request: DeployRequest,
  read: ServiceRead,
  outcome: DeployOutcome,
): Promise<void> {
  const { deployment } = outcome;
  const { plan, definitions, etags } = deployment;
  const management = ports.service.management;
  const base = { plan, definitions, etags, progress: ports.progress };
  await writePlannedObject(management, { ...base, kind: "datasource" });
  const rebuilt = await blueGreenRebuild(ports.service, definitions, {
    ...requireRebuildOptions(request),
    resume: false,
    prune: false,
    planned: deployment.blueGreen!,
    read: rebuildStart(read),
  });
  outcome.rebuilt = rebuilt;
  const swapped = `the blue/green rebuild (alias ${rebuilt.alias}: ${rebuilt.from} → ${rebuilt.to})`;
  outcome.steps.push(
    ...(await writePlannedObject(management, { ...base, kind: "knowledgeBase", appliedBefore: [swapped] })),
  );
}

/** The writes in place and the run, with the golden queries around them when the plan re-ranks. */
async function writeInPlace(
  ports: DeployPorts,
  read: ServiceRead,
  outcome: DeployOutcome,
  evalPort: RankingEvalPort | undefined,
  reranks: string[],
): Promise<void> {
  const { deployment } = outcome;
  const indexName = String(deployment.definitions.index.name);
  const fieldsBefore = fieldNames(read.live.index?.definition);
  const before = evalPort ? await evaluateOrWhy(evalPort, indexName, "before", fieldsBefore) : undefined;
  const applied = await applyPlan(ports.service.management, { ...writesOf(deployment), progress: ports.progress });
  Object.assign(outcome, applied);
  const fieldsAfter = fieldNames(deployment.definitions.index);
  if (evalPort && before) outcome.rankingEval = await evalAfterWrite(evalPort, indexName, reranks, before, fieldsAfter);
}

/**
 * The generations `--prune` deletes (none when the index is not an alias), refused before anything is written
 * while a knowledge source names one of them (a rebuild repoints the deploy's own knowledge source in its swap
 * step; deleteGenerations checks again right before deleting).
 */
async function checkedPrune(port: BlueGreenPort, deployment: Deployment, read: ServiceRead): Promise<string[]> {
  if (deployment.mode !== "alias") return [];
  const rebuilding = deployment.blueGreen !== null;
  const prune = prunableGenerations(read.observation, rebuilding);
  const own = rebuilding ? (deployment.definitions.knowledgeSource?.name as string | undefined) : undefined;
  await assertGenerationsUnused(port, prune, own);
  return prune;
}

/** An index definition's top-level field names. */
function fieldNames(index: JsonObject | undefined): Set<string> {
  return new Set(((index?.fields as JsonObject[] | undefined) ?? []).map((f) => String(f.name)));
}

/** Why the eval did not run: skipped by choice (--no-eval, no golden file), or failed. */
interface NotEvaluated {
  reason: string;
  failed: boolean;
}

/** The golden queries against the index, or why they did not run (the eval never stops the deploy). */
async function evaluateOrWhy(
  port: RankingEvalPort,
  indexName: string,
  when: "before" | "after",
  fields: ReadonlySet<string>,
): Promise<EvalReport | NotEvaluated> {
  if (port.skipped) return { reason: port.skipped, failed: false };
  try {
    return await port.evaluate(indexName, when, fields);
  } catch (err) {
    return { reason: `the eval ${when} the write failed: ${(err as Error).message}`, failed: true };
  }
}

function notEvaluated(changes: string[], why: NotEvaluated): RankingEvalOutcome {
  return { changes, status: "not-evaluated", reason: why.reason, ...(why.failed ? { failed: true as const } : {}) };
}

async function evalAfterWrite(
  port: RankingEvalPort,
  indexName: string,
  changes: string[],
  before: EvalReport | NotEvaluated,
  fields: ReadonlySet<string>,
): Promise<RankingEvalOutcome> {
  if ("reason" in before) return notEvaluated(changes, before);
  const after = await evaluateOrWhy(port, indexName, "after", fields);
  if ("reason" in after) return notEvaluated(changes, after);
  return evaluatedAroundWrite(changes, port.golden, before, after, port.tolerance);
}

async function resume(
  ports: DeployPorts,
  read: ServiceRead,
  outcome: DeployOutcome,
  options: DeployOptions,
): Promise<DeployOutcome> {
  const port = ports.service;
  const building = read.phase.phase === "building";
  const prune = options.prune && building ? prunableGenerations(read.observation, true) : [];
  if (prune.length > 0) await confirmDestructive(ports, outcome.deployment, prune);
  outcome.rebuilt = await blueGreenRebuild(port, outcome.deployment.definitions, {
    ...requireRebuildOptions(options),
    resume: true,
    prune: false,
    read: rebuildStart(read),
  });
  outcome.pruned = await deleteGenerations(port, prune);
  if (options.prune) outcome.servingAfterPrune = outcome.rebuilt.to;
  return outcome;
}

/** Refusals that depend on the service's state or the options, before anything is written. */
function refuseBeforeWriting(d: Deployment, allowRebuild: boolean): void {
  // The same rule `plan` shows as a pending change (bluegreen/pending.ts).
  if (d.pending) throw new RebuildNotPossibleError(d.phase, { refused: "deploy", name: d.pending.name });
  if (d.plan.rebuildRequired && !allowRebuild)
    throw d.blueGreen ? new BlueGreenRebuildRefusedError(d.plan, d.blueGreen) : new RebuildRefusedError(d.plan);
}

function requireRebuildOptions(options: DeployOptions): RebuildSettings {
  if (!options.rebuild) throw new Error("internal: a blue/green rebuild needs the rebuild options");
  return options.rebuild;
}

function rebuildStart(read: ServiceRead): RebuildStart {
  return { observation: read.observation, alias: read.alias, indexer: read.live.indexer, serving: read.live.index };
}

/** The plan with the index named by its generation, so each write goes to the concrete index, not the alias. */
function planForGeneration(plan: Plan, generation: string): Plan {
  return { ...plan, objects: plan.objects.map((o) => (o.kind === "index" ? { ...o, name: generation } : o)) };
}

/** What applyPlan writes: behind the alias, the index and the indexer's target are the live generation. */
function writesOf(d: Deployment): Omit<ApplyPlanInput, "progress"> {
  if (d.mode === "alias" && d.generation)
    return {
      plan: planForGeneration(d.plan, d.generation),
      definitions: forGeneration(d.definitions, d.generation),
      etags: d.etags,
    };
  return { plan: d.plan, definitions: d.definitions, etags: d.etags };
}
