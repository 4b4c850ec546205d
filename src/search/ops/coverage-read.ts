// `docs-index coverage` (and backfill's coverage before and after): which fields to count (from the definition and
// the live index), the null counts with `$count` queries and request-level filters, near 100 % the ids of the
// null-`format` documents (to tell permanent nulls from pending ones), and the last successful run into the
// serving generation; then the report (./coverage.ts). The reads come through a port; no document is downloaded
// beyond that listing.
import type { IndexFieldView } from "../definitions/definition-views.js";
import { lastServingSuccessEnd, type ServingRuns } from "./serving-runs-facts.js";
import {
  buildCoverageReport,
  coverageFields,
  NULL_FORMAT_LISTING_LIMIT,
  nullFilter,
  type CoverageReport,
  type NullFormatDoc,
} from "./coverage.js";
import { completedRuns, type IndexerStatusRecord } from "./indexer-status.js";

export interface CoveragePort {
  /** The live index's eTag and fields; `error` (fields null) when the identity may not read the definition. */
  indexInfo(): Promise<{ etag: string | null; fields: IndexFieldView[] | null; error?: string }>;
  countAll(): Promise<number>;
  countMatching(filter: string): Promise<number>;
  /** At most `top` documents matching `filter`, with only the `select`ed fields. */
  listSelected(filter: string, select: string[], top: number): Promise<Record<string, unknown>[]>;
  indexerStatus(): Promise<IndexerStatusRecord>;
  /** Which runs went into the serving generation; never throws (`unknown` with the reason). */
  servingRuns(status: IndexerStatusRecord): Promise<ServingRuns>;
  warn(message: string): void;
}

export interface CoverageRequest {
  /** The index definition file's fields (used where the live index cannot be read). */
  definitionFields: readonly IndexFieldView[];
  /** The indexer definition's excluded extensions: their documents' nulls are permanent. */
  excludedExtensions: readonly string[];
  container: string;
  expectedFailures: readonly string[];
}

export async function readCoverage(port: CoveragePort, request: CoverageRequest): Promise<CoverageReport> {
  const info = await port.indexInfo();
  if (info.error)
    port.warn(`${info.error}: the index eTag is unavailable; the fields are taken from the definition file`);
  const fields = coverageFields(request.definitionFields, info.fields);

  const [total, status] = await Promise.all([port.countAll(), port.indexerStatus()]);
  const nullCounts: Record<string, number | { error: string }> = {};
  const countedVia: Record<string, string> = {};
  for (const f of fields) {
    if (f.countOn === null) {
      nullCounts[f.field] = { error: f.error ?? "not counted" };
      continue;
    }
    if (f.countOn !== f.field) countedVia[f.field] = f.countOn;
    nullCounts[f.field] = await port.countMatching(nullFilter(f.countOn));
  }

  // Near 100 %, tell permanent nulls (root copies that fail by design, excluded extensions) from pending ones.
  let nullFormatDocs: NullFormatDoc[] | undefined;
  const formatNulls = nullCounts.format;
  if (typeof formatNulls === "number" && formatNulls > 0 && formatNulls <= NULL_FORMAT_LISTING_LIMIT) {
    const counted = fields.filter((f) => f.countOn === f.field).map((f) => f.field);
    const docs = await port.listSelected(nullFilter("format"), ["id", ...counted], NULL_FORMAT_LISTING_LIMIT);
    nullFormatDocs = docs.map((d) => ({
      id: String(d.id),
      fields: Object.fromEntries(fields.map((f) => [f.field, d[f.countOn ?? f.field] ?? null])),
    }));
  }

  // The last successful run into the serving generation (a failed candidate's crawl does not count).
  const serving = await port.servingRuns(status);
  if (serving.basis === "assumed" && serving.caveat) port.warn(serving.caveat);
  return buildCoverageReport({
    total,
    nullCounts,
    countedVia,
    completedRun: completedRuns(status).length > 0,
    ...(nullFormatDocs ? { nullFormatDocs } : {}),
    container: request.container,
    expectedFailures: request.expectedFailures,
    excludedExtensions: request.excludedExtensions,
    indexEtag: info.etag,
    lastSuccessfulRunEnd: lastServingSuccessEnd(serving),
    lastSuccessfulRunUnknownReason: serving.basis === "unknown" ? serving.reason : null,
  });
}
