// `query` for people: title, public URL, app and section per hit.
import type { QueryHit } from "../query/hits.js";

export function formatHits(hits: readonly QueryHit[]): string {
  if (hits.length === 0) return "no results";
  return hits
    .map(
      (h, i) =>
        `${i + 1}. ${h.title ?? "(untitled)"}\n   ${h.url ?? "(no URL)"}\n   app ${h.app ?? "-"}, section ${h.section ?? "-"}`,
    )
    .join("\n");
}
