// `npm run local`: the whole system on one machine, no Azure account, no network. Starts Azurite and the
// search stand-in, publishes the sample site in two eras, replays the index's history (first built before
// the newer fields existed, then today's definitions deployed), waits for the indexer, and shows status,
// coverage, example queries and a sample webhook, and ends with an agent's search_docs call through `docs-index mcp`
// over stdio. Each step is recorded; a failed step stops the run.
//
// Why this order (the realistic history of the real index):
//   1. root era: the site sat at the container root; the index was built with the original fields only and
//      its indexer ran once (root pages, the sitemap and the root-era `guides/` were indexed then);
//   2. app era: apps publish into their own folders and the root pages are republished; `guides/` is left
//      behind (the root deployment prunes nothing);
//   3. today's definitions are planned and deployed (fields added in place, deletion policy, new mappings),
//      followed by one incremental run: only blobs changed since the root-era run are processed, so the
//      root-era documents keep null in the newer fields until a reset and run (spec C backfill rules 1-4),
//      and the republished root pages fail by design (spec C errors 2).
// Seeding through the documents API instead would leave the indexer without change-tracking state, so its
// first run would reprocess everything and hide exactly what the local environment is meant to show.
import type { Writable } from "node:stream";
import { rmSync } from "node:fs";
import { readRawDefinitions } from "../../src/search/definitions/definitions.js";
import { docsIndex, parseJson } from "./docs-index.js";
import type { CapturedRun } from "../../src/cli/docs-index/in-process.js";
import { waitForIndexer } from "./indexer-wait.js";
import { EXAMPLE_QUERIES, queryFigures, type QueryFigures } from "./queries.js";
import { writeRootEraDefinitions, writeRootEraVars } from "./root-era-definitions.js";
import {
  servicesOf,
  startAzuriteForLocal,
  startStandInForLocal,
  INDEXER_NAME,
  LOCAL_ALIAS_PROPAGATION_SECONDS,
  LOCAL_VARS_FILE,
  type LocalServices,
} from "./services.js";
import { appEraSite, publishSite, readSampleSite, rootEraSite } from "./site.js";
import { StepFailed, StepRunner, type StepRecord } from "./steps.js";
import { postSampleWebhook, type WebhookFigures } from "./webhook.js";
import { runBlueGreenSteps, runPruneStep, type BlueGreenFigures } from "./rebuild-demo.js";
import { runRestoreStep } from "./restore.js";
import { searchDocsOverStdio, type McpFigures } from "./mcp-demo.js";
import { hostedMcpOffline, type McpHostedFigures } from "./mcp-hosted-demo.js";
import {
  inPlaceRelevanceSummary,
  runRelevanceSteps,
  uncheckedRelevance,
  type EvalFigures,
  type GateFigures,
} from "./relevance.js";
import type { Azurite } from "../azurite.js";
import type { SearchStandIn } from "../search-standin/server.js";

export interface LocalOptions {
  /** Where the step-by-step report goes (default process.stdout). */
  log?: Writable;
  /** Progress while waiting (default process.stderr). */
  progress?: (line: string) => void;
  /** Leave the services running; the caller stops them with `result.services.stop()`. */
  keep?: boolean;
  color?: boolean;
  /** Give up waiting for an indexer run after this long (default 60 s). */
  indexerTimeoutMs?: number;
}

interface LocalFigures {
  published?: { rootEra: number; appEra: number; unchanged: number };
  rootEraDocuments?: number;
  documents?: number;
  lastRun?: {
    status: string;
    itemsProcessed: number;
    itemsFailed: number;
    expectedFailures?: number;
    unexpectedFailures?: number;
  };
  coverage?: { total: number; percentReprocessed: number | null; dedupFilter: string; complete: boolean };
  queries?: QueryFigures[];
  /** `docs-index retrieve` through the knowledge base (agentic retrieval). */
  retrieve?: { filterAddOn: string; urls: string[]; knowledgeSourceIndex: string | null };
  blueGreen?: BlueGreenFigures;
  eval?: EvalFigures;
  gate?: GateFigures;
  webhook?: WebhookFigures;
  /** The generation the kept environment serves after the tour (today's definitions, root-era nulls). */
  restore?: { aliasTarget: string };
  mcp?: McpFigures;
  /** The hosted endpoint's behaviour offline: stateless processes behind a proxy, a local OpenID provider. */
  mcpHosted?: McpHostedFigures;
}

export interface LocalSummary {
  ok: boolean;
  exitCode: number;
  failedStep: string | null;
  durationMs: number;
  steps: StepRecord[];
  figures: LocalFigures;
  endpoints: { search: string | null; blob: string | null; table: string | null; webhook: string | null };
}

export interface LocalResult {
  summary: LocalSummary;
  /** Present with `keep` (and only when the services started). */
  services?: LocalServices;
}

export const STEP_COUNT = 22;

/** The state of one run, shared by its phases: the services once started, the figures, the step runner. */
class LocalRun {
  readonly figures: LocalFigures = {};
  readonly steps: StepRunner;
  readonly progress: (line: string) => void;
  azurite?: Azurite;
  standIn?: SearchStandIn;
  services?: LocalServices;
  webhookStop?: () => Promise<void>;
  webhookUrl: string | null = null;
  rootEraDir?: string;

  constructor(
    readonly options: LocalOptions,
    readonly log: Writable,
  ) {
    this.steps = new StepRunner(log, STEP_COUNT, options.color ?? false);
    this.progress = options.progress ?? ((line: string) => process.stderr.write(`    ${line}\n`));
  }

  need(): LocalServices {
    if (!this.services) throw new Error("the services did not start");
    return this.services;
  }

  /** `docs-index <args…>` in-process with the local environment's variables. */
  cli = async (...args: string[]): Promise<CapturedRun> => docsIndex({ ...process.env, ...this.need().env }, ...args);

  /** Prints what a CLI run wrote under the current step. */
  show = (run: CapturedRun): void => {
    this.steps.print(run.stderr);
    this.steps.print(run.stdout);
  };

  /** Fails the step unless the run exited with one of `allowed`. */
  expectExit = (run: CapturedRun, command: string, allowed: number[] = [0]): void => {
    if (!allowed.includes(run.code))
      throw new Error(
        `docs-index ${command} exited ${run.code}: ${(run.stderr || run.stdout).trim().split("\n").slice(-1)[0] ?? ""}`,
      );
  };

  waitRun = async () =>
    waitForIndexer(this.need().indexerClient, INDEXER_NAME, {
      timeoutMs: this.options.indexerTimeoutMs ?? 60_000,
      progress: this.progress,
    });
}

/** Azurite, then the search stand-in reading its blobs. */
async function startServices(local: LocalRun): Promise<void> {
  await local.steps.run("azurite", "Start Azurite (blob + table, in memory, free ports)", async () => {
    local.azurite = await startAzuriteForLocal();
    return `blob ${local.azurite.blobEndpoint}, table ${local.azurite.tableEndpoint}`;
  });

  await local.steps.run("stand-in", "Start the Azure AI Search stand-in (reads blobs from Azurite)", async () => {
    local.standIn = await startStandInForLocal(local.azurite!);
    local.services = servicesOf(local.azurite!, local.standIn);
    return local.standIn.url;
  });
}

/** The index's history: the root-era site and index, then today's site (see the header of run-local.ts). */
async function replayHistory(local: LocalRun): Promise<void> {
  const site = readSampleSite();
  await local.steps.run(
    "publish-root-era",
    "Publish the root-era site into $web (root pages, sitemap, assets, guides/)",
    async () => {
      const result = await publishSite(local.need().container, rootEraSite(site));
      local.figures.published = { rootEra: result.uploaded.length, appEra: 0, unchanged: 0 };
      return `${result.uploaded.length} blobs uploaded`;
    },
  );

  await local.steps.run(
    "root-era-index",
    "Simulate the index as first built: original fields only, one indexer run",
    async () => {
      local.rootEraDir = writeRootEraDefinitions(readRawDefinitions());
      // The root era predates agentic retrieval: its config has it off.
      const vars = writeRootEraVars(local.rootEraDir, LOCAL_VARS_FILE);
      const run = await local.cli("deploy", "--definitions", local.rootEraDir, "--vars-file", vars);
      local.expectExit(run, "deploy --definitions <root-era>");
      const result = await local.waitRun();
      local.figures.rootEraDocuments = await local.need().searchClient.getDocumentsCount();
      return `${local.figures.rootEraDocuments} documents without the newer fields (run: ${result.status}, ${result.itemsProcessed} processed)`;
    },
  );

  await local.steps.run(
    "publish-apps",
    "Publish today's site: apps in their own folders, root pages republished",
    async () => {
      const result = await publishSite(local.need().container, appEraSite(site));
      local.figures.published = {
        rootEra: local.figures.published?.rootEra ?? 0,
        appEra: result.uploaded.length,
        unchanged: result.unchanged.length,
      };
      return `${result.uploaded.length} blobs uploaded, ${result.unchanged.length} unchanged (same Content-MD5, not re-uploaded); guides/ left in place`;
    },
  );
}

/** Today's definitions: plan, deploy, the incremental run. */
async function deployToday(local: LocalRun): Promise<void> {
  await local.steps.run("plan", "docs-index plan (today's search-definitions/ against the live index)", async () => {
    const run = await local.cli("plan");
    local.show(run);
    local.expectExit(run, "plan");
    return /^Plan: (.*)$/m.exec(run.stdout)?.[1] ?? "";
  });

  await local.steps.run(
    "deploy",
    "docs-index deploy (index -> datasource -> indexer -> knowledge source -> knowledge base, then one run; no reset)",
    async () => {
      const run = await local.cli("deploy");
      // The deploy repeats the plan shown in the previous step; show only what it did.
      const planEnd = run.stdout.lastIndexOf("\nPlan: ");
      local.show(planEnd >= 0 ? { ...run, stdout: run.stdout.slice(planEnd + 1) } : run);
      local.expectExit(run, "deploy");
      // The deploy re-ranks in place, so the golden queries run around the write; a check that could not run fails the step.
      const unchecked = uncheckedRelevance(run.stdout);
      if (unchecked) throw new Error(unchecked);
      const relevance = inPlaceRelevanceSummary(run.stdout);
      return [/^run: (.*)$/m.exec(run.stdout)?.[0] ?? "", relevance].filter(Boolean).join("; ");
    },
  );

  await local.steps.run("indexer", "Wait for the indexer run", async () => {
    const status = await local
      .need()
      .indexerClient.getIndexerStatus(INDEXER_NAME)
      .catch(() => undefined);
    if (!status) throw new Error("the indexer does not exist after the deploy");
    const result = await local.waitRun();
    local.figures.documents = await local.need().searchClient.getDocumentsCount();
    local.figures.lastRun = {
      status: result.status,
      itemsProcessed: result.itemsProcessed,
      itemsFailed: result.itemsFailed,
    };
    return `${result.status}: ${result.itemsProcessed} processed, ${result.itemsFailed} failed; ${local.figures.documents} documents in the index`;
  });
}

/** What the operator sees: status and coverage. */
async function reportState(local: LocalRun): Promise<void> {
  await local.steps.run("status", "docs-index status (the two root pages fail by design)", async () => {
    const run = await local.cli("status");
    local.show(run);
    local.expectExit(run, "status");
    const report = parseJson<{ lastRun: { expectedFailures: number; unexpectedFailures: number } | null }>(
      await local.cli("--json", "status"),
      "status",
    );
    if (local.figures.lastRun && report.lastRun)
      Object.assign(local.figures.lastRun, {
        expectedFailures: report.lastRun.expectedFailures,
        unexpectedFailures: report.lastRun.unexpectedFailures,
      });
    return report.lastRun
      ? `${report.lastRun.expectedFailures} expected failures, ${report.lastRun.unexpectedFailures} unexpected`
      : "no completed run";
  });

  await local.steps.run("coverage", "docs-index coverage (documents still waiting for a reset and run)", async () => {
    const run = await local.cli("coverage");
    local.show(run);
    // 1 = documents still wait for a backfill: exactly the state this environment sets up.
    local.expectExit(run, "coverage", [0, 1]);
    const report = parseJson<{
      total: number;
      percentReprocessed: number | null;
      dedup: { filter: string };
      complete: boolean;
    }>(await local.cli("--json", "coverage"), "coverage");
    local.figures.coverage = {
      total: report.total,
      percentReprocessed: report.percentReprocessed,
      dedupFilter: report.dedup.filter,
      complete: report.complete,
    };
    return `${report.percentReprocessed ?? "?"} % reprocessed; dedup filter to use now: ${report.dedup.filter}`;
  });
}

/** What users and agents see: example queries and a retrieve through the knowledge base. */
async function queryIndex(local: LocalRun): Promise<void> {
  await local.steps.run("queries", "Three example queries (request-level $filter, public URLs)", async () => {
    local.figures.queries = [];
    for (const example of EXAMPLE_QUERIES) {
      local.log.write(
        `\n    ${example.label}: docs-index query ${example.args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}\n`,
      );
      const run = await local.cli("query", ...example.args);
      local.show(run);
      local.expectExit(run, "query");
      local.figures.queries.push(
        queryFigures(example, parseJson(await local.cli("--json", "query", ...example.args), "query")),
      );
    }
    return local.figures.queries.map((q) => `${q.name}: ${q.hits} hits`).join(", ");
  });

  await local.steps.run(
    "retrieve",
    "docs-index retrieve through the knowledge base (intents; the dedup filter sent as filterAddOn; public URLs)",
    async () => {
      const args = ["retrieve", "getting started", "--intent", "refunds"];
      local.log.write(`\n    docs-index ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}\n`);
      const run = await local.cli(...args);
      local.show(run);
      local.expectExit(run, "retrieve");
      const doc = parseJson<{
        filterAddOn: string;
        results: { url: string | null }[];
        provenance: { knowledge_source_index: string | null };
      }>(await local.cli("--json", ...args), "retrieve");
      local.figures.retrieve = {
        filterAddOn: doc.filterAddOn,
        urls: doc.results.map((r) => r.url ?? ""),
        knowledgeSourceIndex: doc.provenance.knowledge_source_index,
      };
      return `${doc.results.length} references from ${doc.provenance.knowledge_source_index}; filterAddOn ${doc.filterAddOn}`;
    },
  );
}

/** The webhook receiver, then agents through docs-index mcp (stdio, then the hosted endpoint offline). */
async function agentsAndWebhook(local: LocalRun): Promise<void> {
  await local.steps.run("webhook", "Post a sample webhook to the local receiver", async () => {
    const sent = await postSampleWebhook(local.azurite!, { keep: Boolean(local.options.keep) });
    local.figures.webhook = sent.figures;
    local.webhookStop = sent.stop;
    local.webhookUrl = sent.url;
    local.steps.print(sent.transcript);
    return `${sent.figures.status} from ${sent.url}`;
  });

  await local.steps.run(
    "mcp",
    "An agent's query: search_docs through docs-index mcp over stdio (MCP client)",
    async () => {
      const { transcript, figures: mcp } = await searchDocsOverStdio(local.need().env);
      local.figures.mcp = mcp;
      local.steps.print(transcript);
      return `${mcp.hits} hits from ${mcp.servingIndex ?? "?"}, freshness ${mcp.freshness}`;
    },
  );

  await local.steps.run(
    "mcp-hosted",
    "The hosted endpoint offline: two stateless docs-index mcp processes behind a round-robin proxy, sign-in against a local OpenID provider",
    async () => {
      const { transcript, figures: hosted } = await hostedMcpOffline(local.need().env);
      local.figures.mcpHosted = hosted;
      local.steps.print(transcript);
      if (hosted.errors > 0) throw new Error(`${hosted.errors} errors across the two stateless processes`);
      return `${hosted.calls} calls, ${hosted.errors} errors, per process ${hosted.served.join("/")}; without a token ${hosted.unauthenticatedStatus}`;
    },
  );
}

/** The blue/green tour, the relevance gate, the restore of today's state and the prune (their own modules). */
async function blueGreenAndRelevance(local: LocalRun): Promise<void> {
  local.figures.blueGreen = {};
  const blueGreen = {
    steps: local.steps,
    figures: local.figures.blueGreen,
    cli: local.cli,
    indexClient: local.need().indexClient,
    print: (text: string) => local.steps.print(text),
    propagationWaitSeconds: LOCAL_ALIAS_PROPAGATION_SECONDS,
  };
  await runBlueGreenSteps(blueGreen);
  await runRelevanceSteps({
    steps: local.steps,
    cli: local.cli,
    show: local.show,
    expectExit: local.expectExit,
    indexClient: local.need().indexClient,
    figures: local.figures,
  });
  local.figures.restore = await runRestoreStep({
    steps: local.steps,
    cli: local.cli,
    indexClient: local.need().indexClient,
    indexerClient: local.need().indexerClient,
    waitRun: local.waitRun,
  });
  await runPruneStep(blueGreen);
}

/** The tour, in order: each phase runs its steps (STEP_COUNT in all); a failed step stops the run. */
const PHASES: readonly ((local: LocalRun) => Promise<void>)[] = [
  startServices,
  replayHistory,
  deployToday,
  reportState,
  queryIndex,
  blueGreenAndRelevance,
  agentsAndWebhook,
];

export async function runLocal(options: LocalOptions = {}): Promise<LocalResult> {
  const local = new LocalRun(options, options.log ?? process.stdout);
  const started = performance.now();
  let failedStep: string | null = null;
  try {
    for (const phase of PHASES) await phase(local);
  } catch (err) {
    if (!(err instanceof StepFailed)) throw err;
    failedStep = err.step;
  } finally {
    if (local.rootEraDir) rmSync(local.rootEraDir, { recursive: true, force: true });
  }
  return finish(local, failedStep, started);
}

/** Stops the services unless they are kept, and sums the run up. */
async function finish(local: LocalRun, failedStep: string | null, started: number): Promise<LocalResult> {
  const { azurite, standIn, services, webhookStop } = local;
  const keep = Boolean(local.options.keep) && failedStep === null && services !== undefined;
  if (!keep) {
    await webhookStop?.();
    await standIn?.close();
    await azurite?.stop();
  }
  const summary: LocalSummary = {
    ok: failedStep === null,
    exitCode: failedStep === null ? 0 : 1,
    failedStep,
    durationMs: Math.round(performance.now() - started),
    steps: local.steps.records,
    figures: local.figures,
    endpoints: {
      search: standIn?.url ?? null,
      blob: azurite?.blobEndpoint ?? null,
      table: azurite?.tableEndpoint ?? null,
      webhook: local.webhookUrl,
    },
  };
  if (!keep) return { summary };
  const kept = services!;
  return {
    summary,
    services: {
      ...kept,
      stop: async () => {
        await webhookStop?.();
        await kept.stop();
      },
    },
  };
}
