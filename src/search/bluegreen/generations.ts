// Generations: the concrete indexes behind the alias, named `<alias>-<n>` (docs-index-3). Which index the alias
// designates, the next generation's name, the reviewed definitions retargeted at a generation, and the live ones
// read back under the alias's name (so the generation's name is not a change in a plan). Pure.
import type { Definitions } from "../definitions/definitions.js";
import type { JsonObject } from "../definitions/json.js";
import { knowledgeSourceIndexName, namedIndex, withSearchIndexName } from "../agentic/index-target.js";
import type { Resolution } from "../service/resolution.js";
import type { LiveDefinitions } from "../plan/plan.js";

export function generationIndexName(alias: string, generation: number): string {
  return `${alias}-${generation}`;
}

/** The generation number of `indexName`, or undefined when it is not one of `alias`'s generations. */
export function generationOf(alias: string, indexName: string): number | undefined {
  if (!indexName.startsWith(`${alias}-`)) return undefined;
  const rest = indexName.slice(alias.length + 1);
  if (!/^[1-9]\d{0,8}$/.test(rest)) return undefined;
  return Number(rest);
}

/** Existing generations of `alias`, oldest first. */
export function generationsIn(alias: string, indexNames: Iterable<string>): { name: string; generation: number }[] {
  const out: { name: string; generation: number }[] = [];
  for (const name of indexNames) {
    const generation = generationOf(alias, name);
    if (generation !== undefined) out.push({ name, generation });
  }
  return out.sort((a, b) => a.generation - b.generation);
}

/** One more than any generation that exists (numbers are never reused while an older one is still there). */
export function nextGeneration(alias: string, indexNames: Iterable<string>): number {
  return Math.max(0, ...generationsIn(alias, indexNames).map((g) => g.generation)) + 1;
}

export function resolveName(
  name: string,
  observed: { aliasTarget: string | undefined; indexNames: Iterable<string> },
): Resolution {
  if (observed.aliasTarget !== undefined)
    return {
      kind: "alias",
      alias: name,
      index: observed.aliasTarget,
      generation: generationOf(name, observed.aliasTarget),
    };
  if (new Set(observed.indexNames).has(name)) return { kind: "concrete", index: name };
  return { kind: "missing", name };
}

/** "docs-index → docs-index-3", or the concrete index's name: how every command names its target. */
export function describeResolution(r: Resolution): string {
  if (r.kind === "alias") return `${r.alias} → ${r.index}`;
  if (r.kind === "concrete") return `${r.index} (a concrete index, not yet an alias: see migrate-to-alias)`;
  return `${r.name} (neither an alias nor an index on the service)`;
}

/** The reviewed definitions with the index named `indexName` and the indexer writing into it. */
export function forGeneration(files: Definitions, indexName: string, mayNameAlias?: boolean): Definitions {
  const alias = String(files.index.name);
  return {
    ...files,
    index: { ...files.index, name: indexName },
    datasource: files.datasource,
    indexer: { ...files.indexer, targetIndexName: indexName },
    // The knowledge source names the generation too, unless an alias may stand in it (UNCONFIRMED fact).
    ...(files.knowledgeSource
      ? {
          knowledgeSource: withSearchIndexName(
            files.knowledgeSource,
            knowledgeSourceIndexName({ name: alias, serving: indexName, alias: indexName !== alias }, mayNameAlias),
          ),
        }
      : {}),
  };
}

/**
 * A live definition as the files would name it: the generation's index and the indexer's target shown under the
 * alias, so the plan compares what the files say with what the generation holds (and does not see the
 * generation name as a change).
 */
export function asAliasNamed(
  kind: "index" | "indexer" | "knowledgeSource",
  live: JsonObject,
  alias: string,
  index: string,
): JsonObject {
  if (kind === "index") return live.name === index ? { ...live, name: alias } : live;
  if (kind === "knowledgeSource") return namedIndex(live) === index ? withSearchIndexName(live, alias) : live;
  return live.targetIndexName === index ? { ...live, targetIndexName: alias } : live;
}

/** The live index (read by its generation's name) and indexer as the files name them (`docs-index`). */
export function liveThroughAlias(live: LiveDefinitions, alias: string, index: string): LiveDefinitions {
  const out: LiveDefinitions = { ...live };
  if (live.index) out.index = { ...live.index, definition: asAliasNamed("index", live.index.definition, alias, index) };
  if (live.indexer)
    out.indexer = { ...live.indexer, definition: asAliasNamed("indexer", live.indexer.definition, alias, index) };
  if (live.knowledgeSource)
    out.knowledgeSource = {
      ...live.knowledgeSource,
      definition: asAliasNamed("knowledgeSource", live.knowledgeSource.definition, alias, index),
    };
  return out;
}
