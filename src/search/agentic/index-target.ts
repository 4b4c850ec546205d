// Which index the knowledge source names, and what a live knowledge source says about it. Whether a knowledge
// source may name an alias is UNCONFIRMED (KNOWLEDGE_SOURCE_MAY_NAME_ALIAS in service/service-facts.ts): if it
// may, it names the configured name (the alias) and a blue/green swap moves it along; if not, it names the
// concrete generation and the rebuild repoints it in the swap step. Pure.
import { KNOWLEDGE_SOURCE_MAY_NAME_ALIAS } from "../service/service-facts.js";
import type { JsonObject } from "../definitions/json.js";

/** How the configured index name resolves on the service now (an alias of a generation, or a concrete index). */
export interface ServingIndex {
  /** The configured name (docs-index). */
  name: string;
  /** The concrete index behind it (docs-index-3, or docs-index itself when it is not an alias). */
  serving: string;
  alias: boolean;
}

/** The index name a knowledge source should carry for `target`. */
export function knowledgeSourceIndexName(
  target: ServingIndex,
  mayNameAlias: boolean = KNOWLEDGE_SOURCE_MAY_NAME_ALIAS,
): string {
  return target.alias && mayNameAlias ? target.name : target.serving;
}

/** A copy of the knowledge source definition naming `indexName`. */
export function withSearchIndexName(definition: JsonObject, indexName: string): JsonObject {
  const parameters = (definition.searchIndexParameters ?? {}) as JsonObject;
  return { ...definition, searchIndexParameters: { ...parameters, searchIndexName: indexName } };
}

/** The index a (live) knowledge source names, or null when it is not a searchIndex source. */
export function namedIndex(knowledgeSource: JsonObject): string | null {
  const parameters = knowledgeSource.searchIndexParameters as JsonObject | null | undefined;
  const name = parameters?.searchIndexName;
  return typeof name === "string" ? name : null;
}

export type KnowledgeSourceTargetVerdict =
  { ok: true; names: string } | { ok: false; names: string | null; expected: string; reason: string };

/**
 * Whether a live knowledge source names what it should for `target`: the alias's current generation (or the alias
 * itself when aliases are allowed). `status` exits 1 on a mismatch: retrieval then reads an old generation, and
 * `deploy --prune` would break it.
 */
export function checkKnowledgeSourceTarget(
  knowledgeSource: JsonObject,
  target: ServingIndex,
  mayNameAlias: boolean = KNOWLEDGE_SOURCE_MAY_NAME_ALIAS,
): KnowledgeSourceTargetVerdict {
  const names = namedIndex(knowledgeSource);
  const expected = knowledgeSourceIndexName(target, mayNameAlias);
  // Naming the alias is always current; naming the serving generation is current too.
  if (names !== null && (names === expected || names === target.serving || (target.alias && names === target.name)))
    return { ok: true, names };
  const knowledgeSourceName = String(knowledgeSource.name);
  const reason =
    names === null
      ? `knowledge source ${knowledgeSourceName} names no index (not a searchIndex source)`
      : `knowledge source ${knowledgeSourceName} names ${names}, but ${target.name} ${target.alias ? `→ ${target.serving} (alias)` : "is the index"}: retrieval reads ${names}; run \`docs-index deploy\` to repoint it`;
  return { ok: false, names, expected, reason };
}

/** The knowledge sources among `sources` that name `index` (for prune: a generation still in use). */
export function sourcesNaming(sources: readonly JsonObject[], index: string): string[] {
  return sources.filter((s) => namedIndex(s) === index).map((s) => String(s.name));
}
