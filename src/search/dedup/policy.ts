// Which dedup filter a query sends (spec area C, filter rules): `format eq null or format eq '.html'` until it
// is verified that no document holds a null `format`, then `format eq '.html'`. The verification is a count
// query (`format eq null`, `$count`, nothing downloaded), repeated when it is due (query/recheck.ts).
// Pure: the shell runs the count and passes its outcome in.
import { dedupFilter, type DedupMode } from "./filter.js";

/** The count query that verifies `format` coverage. */
export const NULL_FORMAT_FILTER = "format eq null";

/** What the last coverage check found. */
export type FormatCoverageCheck =
  | { kind: "counted"; nullFormat: number; total: number; checkedAt: string }
  | { kind: "failed"; reason: string; checkedAt: string }
  | { kind: "not-checked" };

export interface DedupDecision {
  mode: Exclude<DedupMode, "off">;
  filter: string;
  /** Why this filter, in one sentence an agent or an operator can read. */
  basis: string;
  checkedAt: string | null;
}

export function decideDedup(check: FormatCoverageCheck): DedupDecision {
  if (check.kind === "counted" && check.total > 0 && check.nullFormat === 0)
    return {
      mode: "strict",
      filter: dedupFilter("strict"),
      basis: `verified at ${check.checkedAt}: none of ${check.total} documents has a null format`,
      checkedAt: check.checkedAt,
    };
  const basis =
    check.kind === "counted"
      ? check.total === 0
        ? `the index was empty at ${check.checkedAt}, so format coverage is not verified`
        : `${check.nullFormat} of ${check.total} documents still hold a null format (checked ${check.checkedAt}); they are kept`
      : check.kind === "failed"
        ? `format coverage could not be checked (${check.reason}); the transitional filter keeps unprocessed documents`
        : "format coverage not checked yet; the transitional filter keeps unprocessed documents";
  return {
    mode: "transitional",
    filter: dedupFilter("transitional"),
    basis,
    checkedAt: check.kind === "not-checked" ? null : check.checkedAt,
  };
}

/** The decision when the caller chose the mode (`docs-index retrieve --dedup`): no coverage check behind it. */
export function chosenDedup(mode: Exclude<DedupMode, "off">, basis: string): DedupDecision {
  return { mode, filter: dedupFilter(mode), basis, checkedAt: null };
}
