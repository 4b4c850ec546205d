// The dedup filter: one document per page (the HTML page, not its Markdown twin), as an OData `$filter`. Shared by
// the query core (every request carries it) and the coverage report (which says when the strict form is safe).
// Pure.

/** One document per page (drop Markdown twins), while some documents still hold a null `format`. */
export const DEDUP_FILTER_TRANSITIONAL = "format eq null or format eq '.html'";
/** The tightened dedup filter: only once `coverage` shows `format` at 100 %. */
export const DEDUP_FILTER_STRICT = "format eq '.html'";

export type DedupMode = "transitional" | "strict" | "off";

export function dedupFilter(mode: Exclude<DedupMode, "off">): string;
export function dedupFilter(mode: DedupMode): string | undefined;
export function dedupFilter(mode: DedupMode): string | undefined {
  return mode === "off" ? undefined : mode === "strict" ? DEDUP_FILTER_STRICT : DEDUP_FILTER_TRANSITIONAL;
}
