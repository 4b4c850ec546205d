// Makes a file definition and a live definition comparable: drops what the service adds or fills by default,
// and writes equal values the same way (durations, dates, extension lists, implicit field-mapping defaults).
// The field attributes of an index are not handled here but in ../definitions/field-attributes.ts (per-attribute
// effects).
import type { DefinitionKind } from "../definitions/definitions.js";
import { isServiceMetadata, type JsonObject } from "../definitions/json.js";

const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** ISO 8601 dayTimeDuration -> seconds (PT24H and P1D are both 86400); undefined if not a duration. */
export function durationSeconds(value: string): number | undefined {
  const m = DURATION.exec(value);
  if (!m || value === "P" || value.endsWith("T")) return undefined;
  return Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
}

/** The XSD canonical form of a length of time: 86400 s -> P1D, 43200 s -> PT12H, 93600 s -> P1DT2H. */
export function canonicalDuration(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = Math.round((seconds % 60) * 1000) / 1000;
  const time = `${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${secs ? `${secs}S` : ""}`;
  const out = `P${days ? `${days}D` : ""}${time ? `T${time}` : ""}`;
  return out === "P" ? "PT0S" : out;
}

/** Keys whose string values are durations, compared by length of time. */
const DURATION_KEYS = new Set(["interval", "boostingDuration", "maxRunTime"]);
/** Keys whose string values are instants, compared as instants. */
const DATE_KEYS = new Set(["startTime"]);
/** Keys whose values are comma-separated extension lists, compared as sets. */
const EXTENSION_LIST_KEYS = new Set(["excludedFileNameExtensions", "indexedFileNameExtensions"]);

/**
 * Values the service reports when the definition leaves a property out, by dotted path (array indexes omitted).
 * A property equal to its default is dropped on both sides, so "omitted" and "explicit default" compare equal.
 */
const SERVICE_DEFAULTS: Record<DefinitionKind, Record<string, unknown>> = {
  index: {
    "scoringProfiles.functionAggregation": "sum",
    "scoringProfiles.functions.interpolation": "linear",
    "semantic.configurations.rankingOrder": "BoostedRerankerScore",
    "semantic.configurations.flightingOptIn": false,
    similarity: { "@odata.type": "#Microsoft.Azure.Search.BM25Similarity" },
  },
  datasource: {},
  // The knowledge objects' files state every attribute; the service adds only nulls (other kinds' parameters).
  knowledgeSource: {},
  knowledgeBase: {},
  indexer: {
    disabled: false,
    "parameters.maxFailedItems": 0,
    "parameters.maxFailedItemsPerBatch": 0,
    "parameters.configuration.parsingMode": "default",
    "parameters.configuration.dataToExtract": "contentAndMetadata",
    "parameters.configuration.imageAction": "none",
    "parameters.configuration.failOnUnsupportedContentType": false,
    "parameters.configuration.failOnUnprocessableDocument": false,
    "parameters.configuration.indexStorageMetadataOnlyForOversizedDocuments": false,
    "parameters.configuration.allowSkillsetToReadFileData": false,
    "parameters.configuration.pdfTextRotationAlgorithm": "none",
    "parameters.configuration.executionEnvironment": "standard",
    "parameters.configuration.excludedFileNameExtensions": "",
    "parameters.configuration.indexedFileNameExtensions": "",
  },
};

/**
 * Boolean options whose default is true. Every other boolean outside the field attributes (which
 * field-attributes.ts handles) defaults to false, so `false` and "not set" compare equal: the service may report
 * new boolean options as false (e.g. semantic `flightingOptIn`) without that being drift.
 */
const TRUE_BY_DEFAULT = new Set(["firstLineContainsHeaders"]);

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => deepEqual(v, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b as object, k) && deepEqual((a as JsonObject)[k], (b as JsonObject)[k]))
  );
}

function normaliseScalar(key: string, value: unknown): unknown {
  if (typeof value === "string") {
    if (DURATION_KEYS.has(key)) {
      const seconds = durationSeconds(value);
      return seconds === undefined ? value : canonicalDuration(seconds);
    }
    if (DATE_KEYS.has(key) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
    if (EXTENSION_LIST_KEYS.has(key)) {
      return [
        ...new Set(
          value
            .split(",")
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        ),
      ]
        .sort()
        .join(",");
    }
  }
  if (typeof value === "number" && Object.is(value, -0)) return 0;
  return value;
}

/** Fills the implicit parts of a field mapping: target = source, base64Encode's documented default parameter. */
function normaliseFieldMapping(mapping: JsonObject): JsonObject {
  const out: JsonObject = { ...mapping, targetFieldName: mapping.targetFieldName ?? mapping.sourceFieldName };
  const fn = mapping.mappingFunction as JsonObject | null | undefined;
  if (fn && typeof fn.name === "string") {
    const name = fn.name.toLowerCase();
    // FM: base64Encode without parameters behaves as useHttpServerUtilityUrlTokenEncode: true.
    if (name === "base64encode" && isEmpty(fn.parameters))
      out.mappingFunction = { ...fn, parameters: { useHttpServerUtilityUrlTokenEncode: true } };
    if (name === "base64decode" && isEmpty(fn.parameters))
      out.mappingFunction = { ...fn, parameters: { useHttpServerUtilityUrlTokenDecode: true } };
  }
  return out;
}

function normaliseNode(kind: DefinitionKind, path: string, key: string, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items =
      key === "fieldMappings" || key === "outputFieldMappings"
        ? value.map((m) => normaliseFieldMapping(m as JsonObject))
        : value;
    return items.map((v) => normaliseNode(kind, path, key, v));
  }
  if (value !== null && typeof value === "object") {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (isServiceMetadata(k)) continue;
      const childPath = path ? `${path}.${k}` : k;
      const n = normaliseNode(kind, childPath, k, v);
      if (isEmpty(n) || (n === false && !TRUE_BY_DEFAULT.has(k))) continue;
      const fallback = SERVICE_DEFAULTS[kind][childPath];
      if (fallback !== undefined && deepEqual(n, normaliseNode(kind, childPath, k, fallback))) continue;
      out[k] = n;
    }
    return out;
  }
  return normaliseScalar(key, value);
}

/**
 * A definition in comparable form: null, empty arrays/objects and service defaults removed, durations in
 * canonical form (PT24H -> P1D), dates as ISO instants, extension lists as sorted sets, field-mapping defaults filled
 * in.
 */
export function normaliseDefinition(kind: DefinitionKind, definition: JsonObject): JsonObject {
  return normaliseNode(kind, "", "", definition) as JsonObject;
}
