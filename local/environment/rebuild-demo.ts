// The blue/green steps of `npm run local`: the one-time migration to an alias, a rebuild-class change (a field
// made searchable) deployed with `deploy --allow-rebuild` while a consumer queries every 100 ms, and a rebuild
// whose new generation fails verification (an unexpected mapping failure). Definitions for the two rebuilds are
// today's reviewed files with one change each, written to a temporary directory.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SearchIndexClient } from "@azure/search-documents";
import {
  DEFINITION_FILES,
  DEPLOY_ORDER,
  readRawDefinitions,
  type DefinitionKind,
  type JsonObject,
} from "../../src/search/definitions.js";
import { formatQueryLoop, startQueryLoop, type QueryLoopCounts } from "./query-loop.js";
import type { CliRun } from "./docs-index.js";
import { INDEX_NAME } from "./services.js";

/** One query every this many ms during the migration and the rebuilds (the consumer). */
export const QUERY_EVERY_MS = 100;
/** The field the demo makes searchable: filterable and facetable today, not searchable (a rebuild-class change). */
export const DEMO_FIELD = "section";

export interface DemoContext {
  cli(...args: string[]): Promise<CliRun>;
  indexClient: SearchIndexClient;
  /** Prints a block under the current step. */
  print(text: string): void;
}

type Raw = Record<DefinitionKind, JsonObject>;

function writeDefinitions(change: (d: Raw) => void): string {
  const raw = structuredClone(readRawDefinitions());
  change(raw);
  const dir = mkdtempSync(path.join(tmpdir(), "docs-index-bluegreen-"));
  for (const kind of DEPLOY_ORDER)
    writeFileSync(path.join(dir, DEFINITION_FILES[kind]), `${JSON.stringify(raw[kind], null, 2)}\n`);
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

/** The same, plus a mapping that fails for every page (position 9 does not exist): verification must refuse it. */
export function brokenMappingDefinitions(): string {
  return writeDefinitions((d) => {
    makeSearchable(d);
    const mapping = (d.indexer.fieldMappings as JsonObject[]).find((m) => m.targetFieldName === DEMO_FIELD);
    (mapping!.mappingFunction as { parameters: { position: number } }).parameters.position = 9;
  });
}

async function aliasTarget(ctx: DemoContext): Promise<string> {
  return (await ctx.indexClient.getAlias(INDEX_NAME)).indexes[0] ?? "?";
}

export interface DemoRun {
  run: CliRun;
  loop: QueryLoopCounts;
  aliasTarget: string;
}

/** Runs a docs-index command while the consumer queries `docs-index` every 100 ms. */
export async function underQueryLoad(ctx: DemoContext, ...args: string[]): Promise<DemoRun> {
  const loop = startQueryLoop(ctx.indexClient.getSearchClient(INDEX_NAME), QUERY_EVERY_MS);
  let run: CliRun;
  try {
    run = await ctx.cli(...args);
  } finally {
    await loop.stop();
  }
  ctx.print(run.stderr);
  ctx.print(run.stdout);
  ctx.print(formatQueryLoop(loop.counts, QUERY_EVERY_MS));
  return { run, loop: loop.counts, aliasTarget: await aliasTarget(ctx) };
}

/** Hits for a word searched in the demo field only (the field is searchable only in the new generation). */
export async function searchableHits(ctx: DemoContext, word: string): Promise<number> {
  const result = await ctx.indexClient
    .getSearchClient(INDEX_NAME)
    .search(word, { searchFields: [DEMO_FIELD], includeTotalCount: true, top: 0 });
  return result.count ?? 0;
}
