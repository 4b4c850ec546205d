// A stored index definition (REST shape) seen as the document endpoints need it: field types and the
// attributes with the REST defaults for omitted ones (docs/local-standin.md, Sources §4.1).
import { fieldAnalysis, type FieldAnalysis } from "../ranking/analyzers.js";
import { BM25_DEFAULTS } from "../ranking/bm25.js";
import type { JsonObject } from "../state.js";

export interface FieldInfo {
  name: string;
  type: string;
  key: boolean;
  searchable: boolean;
  filterable: boolean;
  sortable: boolean;
  facetable: boolean;
  retrievable: boolean;
}

export interface IndexSchema {
  name: string;
  keyField: string;
  /** By exact name: field names in OData expressions are case-sensitive. */
  fields: Map<string, FieldInfo>;
  scoringProfiles: Map<string, { weights: Record<string, number> }>;
  defaultScoringProfile: string | null;
  semanticConfigurations: string[];
  /** Each semantic configuration's prioritized fields: title, content fields, keyword fields. */
  semanticFields: Map<string, string[]>;
  defaultSemanticConfiguration: string | null;
  /** The index's BM25 parameters (`similarity`), where it sets them; the service's defaults otherwise. */
  similarity: { k1: number; b: number };
  /** Each field's index and search analyzers (validated when the index was written). */
  analysis: FieldAnalysis;
}

const isStringType = (type: string) => type === "Edm.String" || type === "Collection(Edm.String)";
const isCollection = (type: string) => type.startsWith("Collection(");

export function schemaOf(definition: JsonObject): IndexSchema {
  const fields = new Map<string, FieldInfo>();
  let keyField = "";
  for (const raw of (definition.fields as JsonObject[] | undefined) ?? []) {
    const type = String(raw.type);
    const simple = type !== "Edm.ComplexType" && type !== "Collection(Edm.ComplexType)";
    const info: FieldInfo = {
      name: String(raw.name),
      type,
      key: raw.key === true,
      searchable: bool(raw.searchable, isStringType(type)),
      filterable: bool(raw.filterable, simple),
      sortable: bool(raw.sortable, simple && !isCollection(type)),
      facetable: bool(raw.facetable, simple && type !== "Edm.GeographyPoint"),
      retrievable: bool(raw.retrievable, true),
    };
    fields.set(info.name, info);
    if (info.key) keyField = info.name;
  }
  const scoringProfiles = new Map<string, { weights: Record<string, number> }>();
  for (const profile of (definition.scoringProfiles as JsonObject[] | undefined) ?? []) {
    const text = profile.text as { weights?: Record<string, number> } | undefined;
    scoringProfiles.set(String(profile.name), { weights: text?.weights ?? {} });
  }
  const semantic = definition.semantic as
    { defaultConfiguration?: string | null; configurations?: SemanticConfiguration[] } | undefined | null;
  return {
    name: String(definition.name),
    keyField,
    fields,
    scoringProfiles,
    defaultScoringProfile: (definition.defaultScoringProfile as string | null | undefined) ?? null,
    semanticConfigurations: (semantic?.configurations ?? []).map((c) => c.name),
    semanticFields: new Map((semantic?.configurations ?? []).map((c) => [c.name, prioritizedFields(c)])),
    defaultSemanticConfiguration: semantic?.defaultConfiguration ?? null,
    similarity: similarityOf(definition.similarity),
    analysis: fieldAnalysis(definition),
  };
}

interface SemanticConfiguration {
  name: string;
  prioritizedFields?: {
    titleField?: { fieldName?: string } | null;
    prioritizedContentFields?: { fieldName?: string }[] | null;
    prioritizedKeywordsFields?: { fieldName?: string }[] | null;
  } | null;
}

function prioritizedFields(c: SemanticConfiguration): string[] {
  const p = c.prioritizedFields ?? {};
  const names = [p.titleField, ...(p.prioritizedContentFields ?? []), ...(p.prioritizedKeywordsFields ?? [])]
    .map((f) => f?.fieldName)
    .filter((n): n is string => typeof n === "string");
  return [...new Set(names)];
}

/** `#Microsoft.Azure.Search.BM25Similarity` with optional `k1`/`b` (absent or null: the defaults). */
function similarityOf(value: unknown): { k1: number; b: number } {
  const s = (value ?? {}) as { k1?: unknown; b?: unknown };
  return {
    k1: typeof s.k1 === "number" ? s.k1 : BM25_DEFAULTS.k1,
    b: typeof s.b === "number" ? s.b : BM25_DEFAULTS.b,
  };
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}
