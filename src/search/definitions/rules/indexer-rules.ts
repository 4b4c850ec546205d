// The rules on the indexer (Microsoft Learn "Field mappings and transformations", REST API 2026-04-01 "Create
// Indexer"): it names the datasource and the index being deployed; each field mapping targets a top-level simple
// field of the index and uses a documented mapping function. Field and function names resolve
// case-insensitively, as the service resolves them. Pure.
import type { JsonObject } from "../json.js";
import { FIELD_MAPPING_FUNCTIONS } from "./builtin-names.js";
import { COMPLEX, indexFields, list } from "./index-model.js";
import { choices, SOURCES, unknownName, type Rule, type Violation } from "./rule.js";

export interface IndexerSubject {
  indexer: JsonObject;
  index: JsonObject;
  /** Absent where the datasource is not known (the stand-in checks that it exists itself). */
  datasource?: JsonObject;
}

/** `dataSourceName` and `targetIndexName` are the datasource and the index deployed with it. */
function references({ indexer, index, datasource }: IndexerSubject): Violation[] {
  const out: Violation[] = [];
  if (datasource && indexer.dataSourceName !== datasource.name)
    out.push({
      path: "dataSourceName",
      problem: `the datasource ${JSON.stringify(indexer.dataSourceName)}`,
      expected: `the datasource deployed with it, ${JSON.stringify(datasource.name)} (\${DATASOURCE_NAME})`,
    });
  if (indexer.targetIndexName !== index.name)
    out.push({
      path: "targetIndexName",
      problem: `the index ${JSON.stringify(indexer.targetIndexName)}`,
      expected: `the index deployed with it, ${JSON.stringify(index.name)} (\${INDEX_NAME})`,
    });
  return out;
}

function mappings(indexer: JsonObject): { at: string; mapping: JsonObject }[] {
  return list(indexer.fieldMappings).map((mapping, i) => ({ at: `fieldMappings[${i}]`, mapping }));
}

/** "The target must be a top-level simple field or collection, never a complex field." */
function mappingTargets({ indexer, index }: IndexerSubject): Violation[] {
  const targets = indexFields(index).filter((f) => f.topLevel && f.element !== COMPLEX);
  const names = targets.map((f) => f.name);
  const expected = `a top-level simple field of the index: ${choices(names)}`;
  return mappings(indexer).flatMap(({ at, mapping }): Violation[] => {
    const given = typeof mapping.targetFieldName === "string" ? "targetFieldName" : "sourceFieldName";
    const target = mapping[given];
    if (typeof target !== "string") return [];
    if (names.some((n) => n.toLowerCase() === target.toLowerCase())) return [];
    const complex = indexFields(index).some((f) => f.topLevel && f.name.toLowerCase() === target.toLowerCase());
    if (complex) return [{ path: `${at}.${given}`, problem: `the complex field ${JSON.stringify(target)}`, expected }];
    return [unknownName(`${at}.${given}`, "index field", target, expected, names)];
  });
}

/** The mapping functions the service documents. */
function mappingFunctions({ indexer }: IndexerSubject): Violation[] {
  return mappings(indexer).flatMap(({ at, mapping }): Violation[] => {
    const name = (mapping.mappingFunction as JsonObject | null | undefined)?.name;
    if (typeof name !== "string" || FIELD_MAPPING_FUNCTIONS.some((f) => f.toLowerCase() === name.toLowerCase()))
      return [];
    const expected = `a field-mapping function: ${FIELD_MAPPING_FUNCTIONS.join(", ")}`;
    return [unknownName(`${at}.mappingFunction.name`, "mapping function", name, expected, FIELD_MAPPING_FUNCTIONS)];
  });
}

export const INDEXER_RULES: readonly Rule<IndexerSubject>[] = [
  { id: "indexer-references", source: SOURCES.createIndexer, check: references },
  { id: "mapping-target", source: SOURCES.fieldMappings, check: mappingTargets },
  { id: "mapping-function", source: SOURCES.fieldMappings, check: mappingFunctions },
];
