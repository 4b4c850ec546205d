// The retrieved text a hit carries, whatever its shape (a `snippet` string, passages as strings or objects with
// `text`, …): every string under the hit except its metadata (title, url, key, app, section, format, dates,
// scores, the passage's anchor and source). What the CLI shows under a hit and what the answer benchmark searches
// for the expected fact. Pure.

const METADATA = new Set([
  "title",
  "description",
  "url",
  "key",
  "app",
  "section",
  "format",
  "last_modified",
  "anchor",
  // Where the passage was read (`page`, `markdown twin`, `index`): a word about the text, not text.
  "source",
]);

function strings(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) if (!METADATA.has(k)) strings(v, out);
}

/** The hit's retrieved text, its parts joined by blank lines. */
export function hitText(hit: object): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(hit)) if (!METADATA.has(k)) strings(v, out);
  return out.filter((s) => s.trim() !== "").join("\n\n");
}
