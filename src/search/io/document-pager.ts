// Streams every document's id, app and repo without loading whole documents, past the 100,000 `$skip` limit.
//
// Method (the index's key `id` is neither sortable nor filterable, so key-range paging is not available):
// 1. Documents with a null `last_modified` (never reprocessed since the field was added) are paged with `$skip`
//    in pages of 1,000; this slice alone is limited to 100,000 + 1,000 documents (a backfill empties it).
// 2. All other documents are paged in `last_modified` windows: `$orderby=last_modified asc`, filter
//    `last_modified ge <last value seen>`, and `$skip` only over the documents of the window's first value that
//    were already seen (ties). Memory stays at one page.
// If a slice cannot be completed the stream says so (`incomplete`) instead of silently stopping. A document
// missed here is only ever *not* reported; nothing is deleted on the strength of a page that was not read.
import type { SearchClient } from "@azure/search-documents";
import type { DocRef } from "../ops/orphans.js";
import { listSelected, type AnyDoc } from "./search-io.js";

const PAGE_SIZE = 1000;
const MAX_SKIP = 100_000;

export interface PagerState {
  pages: number;
  /** Why the listing is not complete, if it is not. */
  incomplete: string[];
}

function isoOf(value: unknown): string | undefined {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && value !== "") return new Date(value).toISOString();
  return undefined;
}

function toRef(doc: AnyDoc): DocRef {
  return {
    id: String(doc.id),
    app: (doc.app as string | null | undefined) ?? null,
    repo: (doc.repo as string | null | undefined) ?? null,
  };
}

export async function* streamDocRefs(
  client: SearchClient<AnyDoc>,
  state: PagerState,
  pageSize = PAGE_SIZE,
): AsyncGenerator<DocRef> {
  const select = ["id", "app", "repo", "last_modified"];

  // Slice 1: never reprocessed.
  for (let skip = 0; ; skip += pageSize) {
    if (skip > MAX_SKIP) {
      state.incomplete.push(
        `more than ${MAX_SKIP} documents have a null last_modified; run a backfill, then list again`,
      );
      break;
    }
    const page = await listSelected(client, "last_modified eq null", select, pageSize, { skip });
    state.pages += 1;
    for (const doc of page) yield toRef(doc);
    if (page.length < pageSize) break;
  }

  // Slice 2: windows over last_modified.
  let lower: string | undefined;
  let tiesSeen = 0;
  for (;;) {
    if (tiesSeen > MAX_SKIP) {
      state.incomplete.push(
        `more than ${MAX_SKIP} documents share last_modified ${lower}; the rest of the index was not listed`,
      );
      break;
    }
    const filter = lower === undefined ? "last_modified ne null" : `last_modified ge ${lower}`;
    const page = await listSelected(client, filter, select, pageSize, {
      skip: tiesSeen,
      orderBy: ["last_modified asc"],
    });
    state.pages += 1;
    for (const doc of page) yield toRef(doc);
    if (page.length < pageSize) break;
    const last = isoOf(page.at(-1)?.last_modified);
    if (last === undefined) {
      state.incomplete.push("a document without last_modified appeared in the ordered slice");
      break;
    }
    const ties = page.filter((d) => isoOf(d.last_modified) === last).length;
    if (last === lower) tiesSeen += page.length;
    else {
      lower = last;
      tiesSeen = ties;
    }
  }
}
