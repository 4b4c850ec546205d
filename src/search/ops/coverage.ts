// Backfill coverage (spec area C, backfill rules 1-3 and filter rules): how many documents still hold null in
// each field added after the first population, and which dedup filter is safe to send today. Pure.
import { blobPathFromDocumentId } from "../public-url.js";
import { isExpectedFailure } from "./expected-failure.js";
import type { IndexFieldView } from "../definitions/definition-views.js";
import { DEDUP_FILTER_STRICT, DEDUP_FILTER_TRANSITIONAL, type DedupMode } from "../dedup/filter.js";

/**
 * The fields the first population already filled; every other field of the index is one a reset and run must
 * fill in old documents. Used only to order the report and to tell the reader which fields are new.
 */
type BackfillField = string;

/**
 * History, not a rule: the fields added after the first population of the production index. Only the local
 * environment uses it (to replay the root-era index); coverage derives its fields from the definition and the
 * live index (coverageFields).
 */
export const BACKFILL_FIELDS = [
  "description",
  "tags",
  "app",
  "section",
  "format",
  "content_type",
  "last_modified",
] as const;

/**
 * Fields a reprocessed document may still legitimately hold null in, reported but never failing anything:
 * `tags` (no keywords meta tag is emitted today, rule 3) and `description` (pages without a description meta
 * tag, Markdown files).
 */
const CONTENT_DEPENDENT_FIELDS: ReadonlySet<string> = new Set(["tags", "description"]);

/** `last_modified` comes from a standard storage property, so it is set on every reprocessed document. */
export const REPROCESSED_MARKER_FIELD = "last_modified";

/**
 * A field that is not filterable can be counted through another filterable field that always holds the same
 * value: `app` through `repo` (spec rule 1).
 */
const FILTER_PROXIES: Readonly<Record<string, string>> = { app: "repo" };

export interface CoverageField {
  field: string;
  /** The filterable field whose `eq null` count is this field's, or null when it cannot be counted. */
  countOn: string | null;
  /** Why it is not counted (not filterable, not deployed yet). */
  error?: string;
}

/**
 * Every field coverage reports, derived from the index definition (the file) and the live index: each non-key
 * field of either, counted on itself when filterable in the live index (or, when the live index could not be
 * read, in the file), through its proxy otherwise; fields the live index lacks are reported as not deployed.
 */
export function coverageFields(
  definition: readonly IndexFieldView[],
  live: readonly IndexFieldView[] | null,
): CoverageField[] {
  const source = live ?? definition;
  const filterable = new Set(source.filter((f) => f.filterable).map((f) => f.name));
  const liveNames = live ? new Set(live.map((f) => f.name)) : null;
  const names = [...new Set([...definition, ...(live ?? [])].filter((f) => !f.key).map((f) => f.name))];
  return names.map((field) => {
    if (liveNames && !liveNames.has(field))
      return { field, countOn: null, error: "not in the live index yet (run deploy)" };
    if (filterable.has(field)) return { field, countOn: field };
    const proxy = FILTER_PROXIES[field];
    if (proxy !== undefined && filterable.has(proxy)) return { field, countOn: proxy };
    return {
      field,
      countOn: null,
      error: "not filterable in the index: cannot be counted without downloading documents",
    };
  });
}

/** Above this many null-`format` documents the ids are not listed (the answer is "not yet" anyway). */
export const NULL_FORMAT_LISTING_LIMIT = 1000;

export function nullFilter(field: string): string {
  return `${field} eq null`;
}

/** A null-`format` document, listed with only its id and the backfill fields (no content). */
export interface NullFormatDoc {
  id: string;
  fields: Record<string, unknown>;
}

export type NullFormatKind = "expected-failure" | "excluded-extension" | "pending";

/**
 * Why a document with a null `format` will or will not be reprocessed: old copies of the root blobs that fail by
 * design keep their old values (errors C.3); documents of extensions now excluded (e.g. `.xml` sitemaps) are never
 * crawled again; everything else waits for a reset and run.
 */
export function classifyNullFormatDoc(
  id: string,
  options: { container: string; expectedFailures: readonly string[]; excludedExtensions: readonly string[] },
): NullFormatKind {
  const path = blobPathFromDocumentId(id, options.container);
  if (path === undefined) return "pending";
  if (isExpectedFailure(path, options.expectedFailures)) return "expected-failure";
  const lower = path.toLowerCase();
  if (options.excludedExtensions.some((ext) => ext !== "" && lower.endsWith(ext.toLowerCase())))
    return "excluded-extension";
  return "pending";
}

interface FieldCoverage {
  field: BackfillField;
  /** Null count from a `$count` query, or null when the field could not be filtered. */
  nullCount: number | null;
  /** Nulls that no reset and run will ever fill (expected-failure copies, excluded extensions). */
  permanentNulls: number;
  /** nullCount minus permanentNulls. */
  pendingNulls: number | null;
  percentFilled: number | null;
  contentDependent: boolean;
  /** The filterable field the nulls were counted on, when not the field itself (`app` via `repo`, rule 1). */
  countedVia?: string;
  error?: string;
}

export interface CoverageInput {
  total: number;
  /** Per field, in report order: the null count or why it was not counted. */
  nullCounts: Record<string, number | { error: string }>;
  /** Fields counted through another filterable field holding the same value. */
  countedVia?: Record<string, string>;
  /** True when the indexer has a completed run: an empty index is then a failure, not a fresh start. */
  completedRun?: boolean;
  /** The null-`format` documents, when there were few enough to list; undefined otherwise. */
  nullFormatDocs?: NullFormatDoc[];
  container: string;
  expectedFailures: readonly string[];
  excludedExtensions: readonly string[];
  indexEtag: string | null;
  lastSuccessfulRunEnd: string | null;
  /** Why the serving generation's last successful run cannot be told (null when it can). */
  lastSuccessfulRunUnknownReason?: string | null;
}

export interface CoverageReport {
  total: number;
  fields: FieldCoverage[];
  /**
   * Share of documents reprocessed since the newest field was added: the `last_modified` marker's fill, never above
   * the fill of any field a run always fills (a document reprocessed since a field was added holds it).
   */
  percentReprocessed: number | null;
  /** The field whose fill bounds `percentReprocessed` (`last_modified` unless a newer field is less filled). */
  reprocessedBoundBy: string | null;
  nullFormat: { listed: boolean; expectedFailure: number; excludedExtension: number; pending: number | null };
  dedup: { mode: Exclude<DedupMode, "off">; filter: string; reason: string };
  indexEtag: string | null;
  /** End of the newest successful run into the serving generation. */
  lastSuccessfulRunEnd: string | null;
  lastSuccessfulRunUnknownReason: string | null;
  /** Why the report is not complete beyond pending nulls (an empty index after a completed run). */
  problems: string[];
  /**
   * True when every field except the content-dependent ones has no pending nulls, and the index is not empty after a
   * run.
   */
  complete: boolean;
}

function percent(filled: number, total: number): number {
  if (total === 0) return 100;
  return Math.floor((filled / total) * 10_000) / 100;
}

export function buildCoverageReport(input: CoverageInput): CoverageReport {
  const kinds = new Map<string, NullFormatKind>();
  for (const doc of input.nullFormatDocs ?? []) kinds.set(doc.id, classifyNullFormatDoc(doc.id, input));
  const permanentDocs = (input.nullFormatDocs ?? []).filter((d) => kinds.get(d.id) !== "pending");

  const fields: FieldCoverage[] = Object.keys(input.nullCounts).map((field) => {
    const raw = input.nullCounts[field];
    const contentDependent = CONTENT_DEPENDENT_FIELDS.has(field);
    if (raw === undefined || typeof raw === "object") {
      return {
        field,
        nullCount: null,
        permanentNulls: 0,
        pendingNulls: null,
        percentFilled: null,
        contentDependent,
        error: raw?.error ?? "not counted",
      };
    }
    const permanentNulls = Math.min(raw, permanentDocs.filter((d) => d.fields[field] == null).length);
    return {
      field,
      nullCount: raw,
      permanentNulls,
      pendingNulls: raw - permanentNulls,
      percentFilled: percent(input.total - raw, input.total),
      contentDependent,
      ...(input.countedVia?.[field] ? { countedVia: input.countedVia[field] } : {}),
    };
  });

  const format = fields.find((f) => f.field === "format");
  const listed = input.nullFormatDocs !== undefined;
  const count = (k: NullFormatKind) => [...kinds.values()].filter((v) => v === k).length;
  const formatPending = format?.pendingNulls ?? null;
  // An empty index proves nothing: keep the transitional filter until documents exist and are all filled.
  const strict = formatPending === 0 && input.total > 0;
  const dedup = strict
    ? {
        mode: "strict" as const,
        filter: DEDUP_FILTER_STRICT,
        reason:
          format?.nullCount === 0
            ? "format is filled in every document"
            : `format is filled in every document that will ever be reprocessed; the ${format?.permanentNulls} null one(s) are expected-failure root copies or excluded extensions, which the strict filter also screens out`,
      }
    : {
        mode: "transitional" as const,
        filter: DEDUP_FILTER_TRANSITIONAL,
        reason:
          formatPending === null
            ? "format nulls could not be counted"
            : input.total === 0
              ? "the index is empty: nothing shows that format is filled yet"
              : `${formatPending} document(s) still hold a null format: keep "or format eq null" until a reset and run fill them`,
      };

  const problems = input.total === 0 && input.completedRun ? [emptyIndexProblem()] : [];
  const reprocessed = reprocessedShare(fields, input.total);
  return {
    total: input.total,
    fields,
    percentReprocessed: reprocessed?.percent ?? null,
    reprocessedBoundBy: reprocessed?.boundBy ?? null,
    nullFormat: {
      listed,
      expectedFailure: count("expected-failure"),
      excludedExtension: count("excluded-extension"),
      pending: formatPending,
    },
    dedup,
    indexEtag: input.indexEtag,
    lastSuccessfulRunEnd: input.lastSuccessfulRunEnd,
    lastSuccessfulRunUnknownReason: input.lastSuccessfulRunUnknownReason ?? null,
    problems,
    complete:
      problems.length === 0 && fields.every((f) => f.contentDependent || f.pendingNulls === 0 || f.nullCount === null),
  };
}

/**
 * Documents reprocessed since the newest field was added. Which field is newest is not recorded on the service,
 * but a run fills every field that is not content-dependent, so the share is at most the least-filled such field
 * (permanent nulls aside); the `last_modified` marker bounds it among equals. Null when nothing could be counted.
 */
function reprocessedShare(
  fields: readonly FieldCoverage[],
  total: number,
): { percent: number; boundBy: string } | null {
  const counted = fields.filter((f) => !f.contentDependent && f.nullCount !== null);
  const ordered = [
    ...counted.filter((f) => f.field === REPROCESSED_MARKER_FIELD),
    ...counted.filter((f) => f.field !== REPROCESSED_MARKER_FIELD),
  ];
  let best: { percent: number; boundBy: string } | null = null;
  for (const f of ordered) {
    const share = percent(total - (f.pendingNulls ?? f.nullCount ?? 0), total);
    if (best === null || share < best.percent) best = { percent: share, boundBy: f.field };
  }
  return best;
}

function emptyIndexProblem(): string {
  return "the index holds no documents after a completed run: 100 % of nothing is not coverage";
}
