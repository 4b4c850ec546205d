// The blue/green steps of `npm run local`: the one-time migration to an alias, a rebuild-class change (a field
// made searchable) deployed with `deploy --allow-rebuild` while a consumer queries every 100 ms, and a rebuild
// whose new generation fails verification (an unexpected mapping failure). Definitions for the two rebuilds are
// today's reviewed files with one change each, written to a temporary directory.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SearchIndexClient } from "@azure/search-documents";
import {
  DEFINITION_FILES,
  DEPLOY_ORDER,
  readRawDefinitions,
  type CoreKind,
} from "../../src/search/definitions/definitions.js";
import { formatQueryLoop, startQueryLoop, type QueryLoopCounts } from "./query-loop.js";
import { copyKnowledgeDefinitions } from "./root-era-definitions.js";
import type { CapturedRun } from "../../src/cli/docs-index/in-process.js";
import { INDEX_NAME, LOCAL_POLL_INTERVAL_SECONDS } from "./services.js";
import { StepSkipped, type StepRunner } from "./steps.js";
import { rebuildReport } from "./quiet-output.js";
import { type JsonObject } from "../../src/search/definitions/json.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { DEFAULT_GOLDEN_FILE } from "../../src/search/eval/golden.js";

/** One query every this many ms during the migration and the rebuilds (the consumer). */
const QUERY_EVERY_MS = 100;
/** The field the demo makes searchable: filterable and facetable today, not searchable (a rebuild-class change). */
const DEMO_FIELD = "section";

interface DemoContext {
  cli(...args: string[]): Promise<CapturedRun>;
  indexClient: SearchIndexClient;
  /** Prints a block under the current step. */
  print(text: string): void;
  /** Prints a CLI run under the current step (its progress only when verbose). */
  show(run: CapturedRun): void;
  /** Print every line of a rebuild's report (default: without the list of dropped documents). */
  verbose: boolean;
}

type Raw = Record<CoreKind, JsonObject>;

function writeDefinitions(change: (d: Raw) => void): string {
  const raw = structuredClone(readRawDefinitions());
  change(raw);
  const dir = mkdtempSync(path.join(tmpdir(), "docs-index-bluegreen-"));
  for (const kind of DEPLOY_ORDER)
    writeFileSync(path.join(dir, DEFINITION_FILES[kind]), `${JSON.stringify(raw[kind], null, 2)}\n`);
  copyKnowledgeDefinitions(dir);
  // The repository's golden queries beside the definitions, where deploy looks for them: the verification of
  // each rebuild runs the relevance gate (docs/blue-green.md), as it does from search-definitions/.
  mkdirSync(path.join(dir, "eval"));
  copyFileSync(path.join(repoRoot, DEFAULT_GOLDEN_FILE), path.join(dir, "eval", "golden-queries.yml"));
  return dir;
}

function makeSearchable(d: Raw): void {
  const field = (d.index.fields as JsonObject[]).find((f) => f.name === DEMO_FIELD);
  if (!field) throw new Error(`search-definitions/docs-index.json has no field ${DEMO_FIELD}`);
  field.searchable = true;
}

/** Today's files with the demo field made searchable. */
export function searchableFieldDefinitions(): string {
  return writeDefinitions(makeSearchable);
}

/** A second field the failing demo makes searchable, so it is a rebuild after the first rebuild too. */
const SECOND_DEMO_FIELD = "format";

/**
 * Another rebuild-class change (the demo field and `format` made searchable) plus a mapping that fails for every
 * page (position 9 does not exist): the new generation must fail verification.
 */
export function brokenMappingDefinitions(): string {
  return writeDefinitions((d) => {
    makeSearchable(d);
    const second = (d.index.fields as JsonObject[]).find((f) => f.name === SECOND_DEMO_FIELD);
    if (!second) throw new Error(`search-definitions/docs-index.json has no field ${SECOND_DEMO_FIELD}`);
    second.searchable = true;
    const mapping = (d.indexer.fieldMappings as JsonObject[]).find((m) => m.targetFieldName === DEMO_FIELD);
    (mapping!.mappingFunction as { parameters: { position: number } }).parameters.position = 9;
  });
}

async function aliasTarget(ctx: DemoContext): Promise<string> {
  return (await ctx.indexClient.getAlias(INDEX_NAME)).indexes[0] ?? "?";
}

interface DemoRun {
  run: CapturedRun;
  loop: QueryLoopCounts;
  aliasTarget: string;
}

/** Runs a docs-index command while the consumer queries `docs-index` every 100 ms. */
async function underQueryLoad(ctx: DemoContext, ...args: string[]): Promise<DemoRun> {
  const loop = startQueryLoop(ctx.indexClient.getSearchClient(INDEX_NAME), QUERY_EVERY_MS);
  let run: CapturedRun;
  try {
    run = await ctx.cli(...args);
  } finally {
    await loop.stop();
  }
  ctx.show(ctx.verbose ? run : { ...run, stdout: rebuildReport(run.stdout) });
  ctx.print(formatQueryLoop(loop.counts, QUERY_EVERY_MS));
  return { run, loop: loop.counts, aliasTarget: await aliasTarget(ctx) };
}

/** Hits for a word searched in the demo field only (the field is searchable only in the new generation). */
async function searchableHits(ctx: DemoContext, word: string): Promise<number> {
  const result = await ctx.indexClient
    .getSearchClient(INDEX_NAME)
    .search(word, { searchFields: [DEMO_FIELD], includeTotalCount: true, top: 0 });
  return result.count ?? 0;
}

export interface BlueGreenFigures {
  migration?: { gapMs: number | null; loop: QueryLoopCounts; aliasTarget: string };
  rebuild?: {
    loop: QueryLoopCounts;
    aliasTarget: string;
    searchableHits: number;
    exitCode: number;
    /** The generation the knowledge source names after the rebuild (agentic retrieval). */
    knowledgeSourceIndex?: string | null;
  };
  failedRebuild?: { loop: QueryLoopCounts; aliasTarget: string; exitCode: number };
  /** `deploy --prune`: refused while another knowledge source names the old generation, then done. */
  prune?: { refusedExit: number; refusal: string; pruned: string[]; noOpWrites: number };
}

export interface BlueGreenStepsContext extends DemoContext {
  steps: StepRunner;
  figures: BlueGreenFigures;
  /** Seconds the CLI waits after an alias swap: the local stand-in's propagation delay. */
  propagationWaitSeconds: number;
}

const expectCode = (run: CapturedRun, command: string, wanted: (code: number) => boolean) => {
  if (!wanted(run.code))
    throw new Error(
      `docs-index ${command} exited ${run.code}: ${(run.stderr || run.stdout).trim().split("\n").at(-1)}`,
    );
};

/** The three blue/green steps of `npm run local`: migrate, rebuild under query load, a rebuild that must fail. */
export async function runBlueGreenSteps(ctx: BlueGreenStepsContext): Promise<void> {
  const wait = [
    "--propagation-wait",
    String(ctx.propagationWaitSeconds),
    "--poll-interval",
    String(LOCAL_POLL_INTERVAL_SECONDS),
  ];
  const isAlias = async () => {
    try {
      await ctx.indexClient.getAlias(INDEX_NAME);
      return true;
    } catch {
      return false;
    }
  };

  await ctx.steps.run(
    "migrate-to-alias",
    `docs-index migrate-to-alias (once: ${INDEX_NAME} becomes an alias; a query every ${QUERY_EVERY_MS} ms)`,
    async () => {
      const demo = await underQueryLoad(ctx, "migrate-to-alias", "--yes", ...wait);
      expectCode(demo.run, "migrate-to-alias", (c) => c === 0);
      const gap = /gap: (\d+) ms/.exec(demo.run.stdout);
      ctx.figures.migration = { gapMs: gap ? Number(gap[1]) : null, loop: demo.loop, aliasTarget: demo.aliasTarget };
      return `${INDEX_NAME} → ${demo.aliasTarget}; gap ${gap?.[1] ?? "?"} ms; ${demo.loop.queries} queries, ${demo.loop.failed} failed, ${demo.loop.empty} empty`;
    },
  );

  await ctx.steps.run(
    "rebuild",
    `docs-index deploy --allow-rebuild: ${DEMO_FIELD} made searchable, blue/green, a query every ${QUERY_EVERY_MS} ms`,
    async () => {
      if (!(await isAlias())) throw new StepSkipped(`${INDEX_NAME} is not an alias (migrate-to-alias did not run)`);
      const dir = searchableFieldDefinitions();
      try {
        // The deploy prints its plan (once) before the rebuild's steps: no separate `plan` run.
        const demo = await underQueryLoad(ctx, "deploy", "--allow-rebuild", "--yes", "--definitions", dir, ...wait);
        expectCode(demo.run, "deploy --allow-rebuild", (c) => c === 0);
        const hits = await searchableHits(ctx, "guides");
        const knowledgeSourceIndex = await knowledgeSourceIndexOf(ctx);
        ctx.figures.rebuild = {
          loop: demo.loop,
          aliasTarget: demo.aliasTarget,
          searchableHits: hits,
          exitCode: 0,
          knowledgeSourceIndex,
        };
        if (demo.loop.failed + demo.loop.empty > 0)
          throw new Error(`${demo.loop.failed} failed and ${demo.loop.empty} empty queries during the rebuild`);
        if (knowledgeSourceIndex !== demo.aliasTarget)
          throw new Error(
            `the knowledge source names ${knowledgeSourceIndex}, not the new generation ${demo.aliasTarget}`,
          );
        return `${INDEX_NAME} → ${demo.aliasTarget}; knowledge source → ${knowledgeSourceIndex}; ${demo.loop.queries} queries, 0 failed, 0 empty; "guides" in ${DEMO_FIELD}: ${hits} hits`;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  await ctx.steps.run(
    "rebuild-verification-fails",
    "A rebuild whose new generation fails verification (an unexpected mapping failure): the alias stays",
    async () => {
      if (!(await isAlias())) throw new StepSkipped(`${INDEX_NAME} is not an alias (migrate-to-alias did not run)`);
      const before = await aliasTarget(ctx);
      const dir = brokenMappingDefinitions();
      try {
        const demo = await underQueryLoad(ctx, "deploy", "--allow-rebuild", "--yes", "--definitions", dir, ...wait);
        expectCode(demo.run, "deploy --allow-rebuild (broken mapping)", (c) => c !== 0);
        ctx.figures.failedRebuild = { loop: demo.loop, aliasTarget: demo.aliasTarget, exitCode: demo.run.code };
        if (demo.aliasTarget !== before) throw new Error(`the alias moved to ${demo.aliasTarget}`);
        return `exit ${demo.run.code}; ${INDEX_NAME} still → ${demo.aliasTarget}; ${demo.loop.queries} queries, ${demo.loop.failed} failed, ${demo.loop.empty} empty`;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
}

/**
 * After the rollback (restore.ts): a deploy of today's definitions writes nothing, and `deploy --prune` removes the
 * demo generations, refused first while another team's knowledge source still names one of them.
 */
export async function runPruneStep(ctx: BlueGreenStepsContext): Promise<void> {
  await ctx.steps.run(
    "prune",
    "docs-index deploy writes nothing when nothing changed; deploy --prune refused while a knowledge source names the old generation, then done",
    async () => {
      const alias = await ctx.indexClient.getAlias(INDEX_NAME).catch(() => undefined);
      if (!alias) throw new StepSkipped(`${INDEX_NAME} is not an alias (migrate-to-alias did not run)`);
      // The newest generation, no longer served after the rollback: the one a prune deletes (with any older than
      // the serving one).
      const old = await newestGeneration(ctx);
      // Today's definitions, which the serving generation has since the rollback: nothing to write.
      const noOp = await ctx.cli("--json", "deploy");
      expectCode(noOp, "deploy (no change)", (c) => c === 0);
      const noOpWrites = ((JSON.parse(noOp.stdout) as { steps?: { operation: string }[] }).steps ?? []).filter(
        (s) => s.operation !== "skip",
      ).length;
      // Another team's knowledge source over the old generation: the prune must keep it.
      await ctx.indexClient.createOrUpdateKnowledgeSource({
        name: TEAM_SOURCE,
        kind: "searchIndex",
        searchIndexParameters: { searchIndexName: old },
      });
      const refused = await ctx.cli("deploy", "--prune", "--yes");
      ctx.show(refused);
      expectCode(refused, "deploy --prune (a knowledge source names the old generation)", (c) => c === 4);
      const refusal = refused.stderr.split("\n").find((l) => l.includes(TEAM_SOURCE)) ?? "";
      await ctx.indexClient.deleteKnowledgeSource(TEAM_SOURCE);
      const done = await ctx.cli("--json", "deploy", "--prune", "--yes");
      expectCode(done, "deploy --prune", (c) => c === 0);
      const pruned = (JSON.parse(done.stdout) as { pruned?: string[] }).pruned ?? [];
      ctx.figures.prune = { refusedExit: refused.code, refusal: refusal.trim(), pruned, noOpWrites };
      if (!pruned.includes(old)) throw new Error(`${old} was not pruned (pruned: ${pruned.join(", ") || "none"})`);
      if (noOpWrites > 0) throw new Error(`the no-op deploy wrote ${noOpWrites} definition(s)`);
      return `no-op deploy: 0 definitions written; prune refused (exit 4) while ${TEAM_SOURCE} named ${old}; then pruned ${pruned.join(", ")}`;
    },
  );
}

/** A second knowledge source the prune demo creates and removes (as another team's would be). */
const TEAM_SOURCE = "team-knowledge-source";

async function newestGeneration(ctx: DemoContext): Promise<string> {
  let newest = 0;
  for await (const name of ctx.indexClient.listIndexesNames()) {
    const n = Number(new RegExp(`^${INDEX_NAME}-(\\d+)$`).exec(name)?.[1] ?? 0);
    if (n > newest) newest = n;
  }
  return `${INDEX_NAME}-${newest}`;
}

/** The index the environment's knowledge source names now. */
async function knowledgeSourceIndexOf(ctx: DemoContext): Promise<string | null> {
  const source = await ctx.indexClient.getKnowledgeSource("docs-knowledge-source");
  return "searchIndexParameters" in source ? source.searchIndexParameters.searchIndexName : null;
}
