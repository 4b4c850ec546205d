// The phases of `npm run local` (run-local.ts runs them in order): each runs its steps on the shared LocalRun
// (local-run.ts) and records its figures; a failed step stops the run.

import { readRawDefinitions } from "../../src/search/definitions/definitions.js";
import { parseJson } from "./docs-index.js";
import { EXAMPLE_QUERIES, hitLines, queryBrief, queryFigures, type HitJson } from "./queries.js";
import { writeRootEraDefinitions, writeRootEraVars } from "./root-era-definitions.js";
import {
  servicesOf,
  startAzuriteForLocal,
  startStandInForLocal,
  INDEXER_NAME,
  LOCAL_ALIAS_PROPAGATION_SECONDS,
  LOCAL_SOFT_DELETE_DAYS,
  LOCAL_VARS_FILE,
} from "./services.js";
import { appEraSite, publishSite, readSampleSite, rootEraSite } from "./site.js";
import { postSampleWebhook } from "./webhook.js";
import { runBlueGreenSteps, runPruneStep } from "./rebuild-demo.js";
import { runRestoreStep } from "./restore.js";
import { searchDocsOverStdio } from "./mcp-demo.js";
import { hostedMcpOffline } from "./mcp-hosted-demo.js";
import { inPlaceRelevanceSummary, runRelevanceSteps, uncheckedRelevance } from "./relevance.js";
import type { LocalRun } from "./local-run.js";
import { linesMatching } from "./quiet-output.js";

/** Azurite, then the search stand-in reading its blobs. */
async function startServices(local: LocalRun): Promise<void> {
  await local.steps.run("azurite", "Start Azurite (blob + table, in memory, free ports)", async () => {
    local.azurite = await startAzuriteForLocal();
    return `blob ${local.azurite.blobEndpoint}, table ${local.azurite.tableEndpoint}; blob soft delete ${LOCAL_SOFT_DELETE_DAYS} days (as docs-storage sets it)`;
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
      // The deploy repeats the plan shown in the previous step; show only what it did (quiet: its writes and its run,
      // the relevance check in the step's line).
      const planEnd = run.stdout.lastIndexOf("\nPlan: ");
      const did = planEnd >= 0 ? run.stdout.slice(planEnd + 1) : run.stdout;
      local.show({ ...run, stdout: local.options.verbose ? did : linesMatching(did, /^(create|update|delete|run): /) });
      local.expectExit(run, "deploy");
      // The deploy re-ranks in place, so the golden queries run around the write; a check that could not run fails the
      // step.
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
      local.steps.print(
        `${local.options.verbose ? "\n" : ""}${example.label}: docs-index query ${example.args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}`,
      );
      // Quiet: the --json run's hits one line each; verbose: the command's own output too.
      if (local.options.verbose) {
        const run = await local.cli("query", ...example.args);
        local.show(run);
        local.expectExit(run, "query");
      }
      const json = await local.cli("--json", "query", ...example.args);
      local.expectExit(json, "query --json");
      const doc = parseJson<Parameters<typeof queryBrief>[0]>(json, "query");
      if (!local.options.verbose) local.steps.print(queryBrief(doc));
      local.figures.queries.push(queryFigures(example, doc));
    }
    return local.figures.queries.map((q) => `${q.name}: ${q.hits} hits`).join(", ");
  });

  await local.steps.run(
    "retrieve",
    "docs-index retrieve through the knowledge base (intents; the dedup filter sent as filterAddOn; public URLs)",
    async () => {
      const args = ["retrieve", "getting started", "--intent", "refunds"];
      local.steps.print(`docs-index ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}`);
      if (local.options.verbose) {
        const run = await local.cli(...args);
        local.show(run);
        local.expectExit(run, "retrieve");
      }
      const json = await local.cli("--json", ...args);
      local.expectExit(json, "retrieve --json");
      const doc = parseJson<{
        filterAddOn: string;
        results: HitJson[];
        provenance: { knowledge_source_index: string | null };
      }>(json, "retrieve");
      if (!local.options.verbose)
        local.steps.print([`filterAddOn: ${doc.filterAddOn}`, ...hitLines(doc.results)].join("\n"));
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
    const sent = await postSampleWebhook(local.azurite!, {
      keep: Boolean(local.options.keep),
      verbose: Boolean(local.options.verbose),
    });
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
      const { transcript, figures: mcp } = await searchDocsOverStdio(local.need().env, Boolean(local.options.verbose));
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
    show: local.show,
    verbose: Boolean(local.options.verbose),
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
    verbose: Boolean(local.options.verbose),
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
export const PHASES: readonly ((local: LocalRun) => Promise<void>)[] = [
  startServices,
  replayHistory,
  deployToday,
  reportState,
  queryIndex,
  blueGreenAndRelevance,
  agentsAndWebhook,
];
