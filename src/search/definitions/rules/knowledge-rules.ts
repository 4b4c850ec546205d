// The rules on the agentic-retrieval objects (Microsoft Learn "Create a search index knowledge source", "Create a
// knowledge base"; docs/agentic-retrieval.md): the knowledge source names the index deployed with it, one of its
// semantic configurations and its fields; the knowledge base lists the knowledge source. Pure.
import type { JsonObject } from "../json.js";
import { indexFields, isSearchableText, item, list, namesIn } from "./index-model.js";
import { choices, SOURCES, unknownName, type Rule, type Violation } from "./rule.js";

export interface KnowledgeSubject {
  knowledgeSource: JsonObject;
  knowledgeBase: JsonObject;
  index: JsonObject;
}

function parameters(ks: JsonObject): JsonObject {
  const p = ks.searchIndexParameters;
  return p && typeof p === "object" ? (p as JsonObject) : {};
}

/** The index, its semantic configuration, the fields returned and searched. */
function sourceReferences({ knowledgeSource, index }: KnowledgeSubject): Violation[] {
  const p = parameters(knowledgeSource);
  const base = "searchIndexParameters";
  const out: Violation[] = [];
  if (p.searchIndexName !== index.name)
    out.push({
      path: `${base}.searchIndexName`,
      problem: `the index ${JSON.stringify(p.searchIndexName)}`,
      expected: `the index deployed with it, ${JSON.stringify(index.name)} (\${INDEX_NAME})`,
    });
  const configurations = namesIn((index.semantic ?? {}) as JsonObject, "configurations");
  const semantic = p.semanticConfigurationName;
  if (typeof semantic === "string" && !configurations.includes(semantic))
    out.push(
      unknownName(
        `${base}.semanticConfigurationName`,
        "semantic configuration",
        semantic,
        `a semantic configuration of the index: ${choices(configurations)}`,
        configurations,
      ),
    );
  const fields = indexFields(index);
  const all = fields.map((f) => f.name);
  list(p.sourceDataFields).forEach((f, i) => {
    if (typeof f.name === "string" && !all.includes(f.name))
      out.push(unknownName(item(`${base}.sourceDataFields`, i), "field", f.name, `a field of the index`, all));
  });
  const searchable = fields.filter(isSearchableText).map((f) => f.name);
  list(p.searchFields).forEach((f, i) => {
    if (typeof f.name === "string" && !searchable.includes(f.name))
      out.push(
        unknownName(
          item(`${base}.searchFields`, i),
          "searchable field",
          f.name,
          `a searchable field: ${choices(searchable)}`,
          searchable,
        ),
      );
  });
  return out;
}

/** The knowledge base lists knowledge sources that are deployed: here, the one knowledge source. */
function baseReferences({ knowledgeSource, knowledgeBase }: KnowledgeSubject): Violation[] {
  const known = typeof knowledgeSource.name === "string" ? [knowledgeSource.name] : [];
  return list(knowledgeBase.knowledgeSources).flatMap((ref, i) =>
    typeof ref.name === "string" && !known.includes(ref.name)
      ? [
          unknownName(
            `${item("knowledgeSources", i)}.name`,
            "knowledge source",
            ref.name,
            `the knowledge source deployed with it: ${choices(known)}`,
            known,
          ),
        ]
      : [],
  );
}

export const KNOWLEDGE_SOURCE_RULES: readonly Rule<KnowledgeSubject>[] = [
  { id: "knowledge-source-references", source: SOURCES.knowledgeSource, check: sourceReferences },
];

export const KNOWLEDGE_BASE_RULES: readonly Rule<KnowledgeSubject>[] = [
  { id: "knowledge-base-references", source: SOURCES.knowledgeBase, check: baseReferences },
];
