// What the service does with an index body: validate it, fill every omitted attribute with the REST default
// (reference §4.1) so GET returns the full shape, and refuse changes that need a rebuild (reference §5).
import { ServiceError } from "../http.js";
import { DetailedServiceError } from "./conditions.js";
import { AnalysisError, analyzerNamed } from "../ranking/analyzers.js";
import type { JsonObject } from "../state.js";
import { indexRuleFindings } from "../../../src/search/definitions/rules/check-definitions.js";
import { refusedByRule } from "./rule-refusal.js";

const SIMPLE_TYPES = new Set([
  "Edm.String",
  "Edm.Int32",
  "Edm.Int64",
  "Edm.Double",
  "Edm.Boolean",
  "Edm.DateTimeOffset",
  "Edm.GeographyPoint",
  "Edm.Single",
  "Edm.Half",
  "Edm.Int16",
  "Edm.SByte",
  "Edm.Byte",
]);

/** Attributes that cannot change on an existing field (REIDX "Updates requiring a rebuild"; SPEC immutability). */
const IMMUTABLE_ATTRIBUTES = [
  "type",
  "key",
  "searchable",
  "filterable",
  "sortable",
  "facetable",
  "stored",
  "analyzer",
  "indexAnalyzer",
  "normalizer",
  "dimensions",
  "vectorEncoding",
];

/** Error text for a changed field: seen verbatim (reference §5). */
function cannotChangeField(name: string): ServiceError {
  const message = `Existing field '${name}' cannot be changed.`;
  return new DetailedServiceError(400, "OperationNotAllowed", message, [
    { code: "CannotChangeExistingField", message },
  ]);
}

/** UNCONFIRMED (reference §5, §12): the service's exact text for a PUT that omits an existing field. */
function cannotRemoveField(name: string): ServiceError {
  const message = `Existing field '${name}' cannot be removed; removing a field requires rebuilding the index.`;
  return new DetailedServiceError(400, "OperationNotAllowed", message, [
    { code: "CannotChangeExistingField", message },
  ]);
}

function invalid(message: string): ServiceError {
  return new ServiceError(400, "InvalidRequestParameter", `The request is invalid. Details: ${message}`);
}

function isCollection(type: string): boolean {
  return /^Collection\(.+\)$/.test(type);
}

function elementType(type: string): string {
  return isCollection(type) ? type.slice("Collection(".length, -1) : type;
}

/** One field with every attribute the service reports, omitted ones at their REST defaults. */
function fieldWithDefaults(raw: JsonObject): JsonObject {
  const name = raw.name;
  const type = raw.type;
  if (typeof name !== "string" || !/^[A-Za-z][A-Za-z0-9_]{0,127}$/.test(name))
    throw invalid(`field name ${JSON.stringify(name)} is not valid.`);
  if (typeof type !== "string") throw invalid(`field '${name}' has no type.`);
  const element = elementType(type);
  const complex = element === "Edm.ComplexType";
  if (!complex && !SIMPLE_TYPES.has(element)) throw invalid(`field '${name}' has an unknown type '${type}'.`);
  const collection = isCollection(type);
  const stringy = element === "Edm.String";
  const pick = <T>(key: string, fallback: T): T | unknown =>
    raw[key] === undefined || raw[key] === null ? fallback : raw[key];
  if (complex) {
    return { name, type, fields: ((raw.fields as JsonObject[] | undefined) ?? []).map(fieldWithDefaults) };
  }
  const field: JsonObject = {
    name,
    type,
    searchable: pick("searchable", stringy),
    filterable: pick("filterable", true),
    retrievable: pick("retrievable", true),
    stored: pick("stored", true),
    sortable: pick("sortable", !collection),
    facetable: pick("facetable", element !== "Edm.GeographyPoint"),
    key: pick("key", false),
    analyzer: raw.analyzer ?? null,
    searchAnalyzer: raw.searchAnalyzer ?? null,
    indexAnalyzer: raw.indexAnalyzer ?? null,
    normalizer: raw.normalizer ?? null,
    dimensions: raw.dimensions ?? null,
    vectorSearchProfile: raw.vectorSearchProfile ?? null,
    vectorEncoding: raw.vectorEncoding ?? null,
    synonymMaps: raw.synonymMaps ?? [],
  };
  return field;
}

/**
 * The analyzers of an index (REST shape): every custom analyzer builds, and every field names an analyzer the
 * index defines or the service predefines, on a searchable string field, `analyzer` alone or `indexAnalyzer`
 * with `searchAnalyzer` (Microsoft Learn "Add custom analyzers to string fields"). The messages follow the
 * service's `definition : …` shape (seen for a custom analyzer without a tokenizer); their wording is ours.
 */
function assertAnalyzers(index: JsonObject, fields: JsonObject[]): void {
  const check = (what: string, fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof AnalysisError) throw invalid(`definition : ${what}${err.message}`);
      throw err;
    }
  };
  for (const a of (index.analyzers as JsonObject[] | undefined) ?? [])
    check("", () => analyzerNamed(String(a.name), index));
  for (const f of fields) {
    const name = String(f.name);
    const set = ["analyzer", "indexAnalyzer", "searchAnalyzer"].filter((k) => f[k] !== null && f[k] !== undefined);
    if (set.length === 0) continue;
    if (f.searchable !== true || !String(f.type).includes("Edm.String"))
      throw invalid(`definition : The field '${name}' sets an analyzer but is not a searchable string field.`);
    if (set.includes("analyzer") && set.length > 1)
      throw invalid(
        `definition : The field '${name}' cannot set 'analyzer' together with 'indexAnalyzer' or 'searchAnalyzer'.`,
      );
    if (!set.includes("analyzer") && set.length === 1)
      throw invalid(`definition : The field '${name}' must set 'indexAnalyzer' and 'searchAnalyzer' together.`);
    for (const key of set) check(`The field '${name}' (${key}): `, () => analyzerNamed(String(f[key]), index));
  }
}

/** Validates an index body and returns it as GET will report it. */
export function indexWithDefaults(body: JsonObject): JsonObject {
  if (!Array.isArray(body.fields) || body.fields.length === 0) throw invalid("the index must have at least one field.");
  const fields = (body.fields as JsonObject[]).map(fieldWithDefaults);
  assertAnalyzers(body, fields);
  // The service's documented rules (unique names, one key, attributes per type, scoring profiles, semantic
  // configurations, suggesters, analysis names): the ones plan checks before any read (src/search/definitions/rules/).
  const [broken] = indexRuleFindings({ ...body, fields });
  if (broken) throw refusedByRule(broken);

  const scoringProfiles = ((body.scoringProfiles as JsonObject[] | undefined) ?? []).map((p) => {
    return {
      name: p.name,
      functionAggregation: p.functionAggregation ?? "sum",
      text: p.text ?? null,
      functions: ((p.functions as JsonObject[] | undefined) ?? []).map((fn) => ({ interpolation: "linear", ...fn })),
    };
  });

  let semantic: JsonObject | null = null;
  if (body.semantic != null) {
    const s = body.semantic as JsonObject;
    const configurations = ((s.configurations as JsonObject[] | undefined) ?? []).map((c) => {
      const pf = (c.prioritizedFields ?? {}) as JsonObject;
      return { name: c.name, rankingOrder: c.rankingOrder ?? "BoostedRerankerScore", prioritizedFields: pf };
    });
    semantic = { defaultConfiguration: s.defaultConfiguration ?? null, configurations };
  }

  return {
    name: body.name,
    description: body.description ?? null,
    defaultScoringProfile: body.defaultScoringProfile ?? null,
    fields,
    scoringProfiles,
    corsOptions: body.corsOptions ?? null,
    suggesters: body.suggesters ?? [],
    analyzers: body.analyzers ?? [],
    tokenizers: body.tokenizers ?? [],
    tokenFilters: body.tokenFilters ?? [],
    charFilters: body.charFilters ?? [],
    normalizers: body.normalizers ?? [],
    encryptionKey: body.encryptionKey ?? null,
    similarity: body.similarity ?? { "@odata.type": "#Microsoft.Azure.Search.BM25Similarity", k1: null, b: null },
    semantic,
    vectorSearch: body.vectorSearch ?? null,
  };
}

/** Whether two `similarity` values are the same algorithm and parameters (key order and null-vs-absent aside). */
function sameSimilarity(a: unknown, b: unknown): boolean {
  const canonical = (s: unknown) => {
    const o = (s ?? {}) as JsonObject;
    return JSON.stringify([o["@odata.type"] ?? "#Microsoft.Azure.Search.BM25Similarity", o.k1 ?? null, o.b ?? null]);
  };
  return canonical(a) === canonical(b);
}

/** Throws the service's 400 when `next` changes or drops a field of `current` in a way that needs a rebuild. */
export function assertCompatibleUpdate(current: JsonObject, next: JsonObject): void {
  const nextFields = new Map((next.fields as JsonObject[]).map((f) => [f.name as string, f]));
  for (const before of current.fields as JsonObject[]) {
    const after = nextFields.get(before.name as string);
    if (!after) throw cannotRemoveField(before.name as string);
    for (const attribute of IMMUTABLE_ATTRIBUTES) {
      if (JSON.stringify(before[attribute] ?? null) !== JSON.stringify(after[attribute] ?? null))
        throw cannotChangeField(before.name as string);
    }
  }
  if (!sameSimilarity(current.similarity, next.similarity)) {
    throw new ServiceError(
      400,
      "OperationNotAllowed",
      "The similarity algorithm of an existing index cannot be changed.",
    );
  }
}
