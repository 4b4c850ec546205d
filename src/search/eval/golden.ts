// Golden queries: reviewed data saying which pages answer which question (search-definitions/eval/
// golden-queries.yml by default). Validated at the edge: an error names the file, the key (with the query's
// id) and what was expected, like the config's. Pure: the caller reads the file.
import { parseDocument } from "yaml";
import { z } from "zod";
import { ConfigError } from "../../config/load.js";
import { publicUrlForBlobPath } from "../public-url.js";
import { keptParses } from "../../text/kept-parses.js";

/** The golden file used when neither --golden nor the definitions directory names another. */
export const DEFAULT_GOLDEN_FILE = "search-definitions/eval/golden-queries.yml";
/** The golden file inside a `--definitions <dir>`. */
export const GOLDEN_FILE_IN_DEFINITIONS = "eval/golden-queries.yml";

export type QueryMode = "keyword" | "semantic";

interface GoldenPage {
  /** As written in the file: a public URL or a blob path under the container. */
  ref: string;
  /** The public URL results are compared with. */
  url: string;
  grade: 1 | 2;
}

export interface GoldenQuery {
  id: string;
  query: string;
  mode: QueryMode;
  app?: string;
  excludeSections: string[];
  relevant: GoldenPage[];
  /**
   * Why losing this query's answer is accepted (a reviewed decision): the relevance gate then reports the loss
   * instead of refusing on it. Drop the key once the change that loses it serves.
   */
  acceptedLoss?: string;
}

const ID = /^[a-z0-9][a-z0-9._-]*$/;

const relevantSchema = z.strictObject({
  url: z.string({ error: "expected a public URL or a blob path under the container" }).trim().min(1),
  grade: z.union([z.literal(1), z.literal(2)], { error: "expected 2 (the answer) or 1 (useful)" }),
});

const querySchema = z.strictObject({
  id: z.string({ error: "expected an id (lowercase letters, digits, . _ -)" }).regex(ID, {
    error: "expected an id of lowercase letters, digits, '.', '_' or '-'",
  }),
  query: z.string({ error: "expected the query text" }).trim().min(1, { error: "expected the query text" }),
  mode: z.enum(["keyword", "semantic"], { error: "expected keyword or semantic" }),
  app: z.string().trim().min(1, { error: "expected an app name (repo eq)" }).optional(),
  exclude_sections: z
    .array(z.string().trim().min(1, { error: "expected a section name" }), {
      error: "expected a list of section names",
    })
    .optional(),
  relevant: z
    .array(relevantSchema, { error: "expected a list of { url, grade }" })
    .min(1, { error: "expected at least one relevant page" }),
  accepted_loss: z
    .string({ error: "expected why losing this answer is accepted (a sentence a reviewer can judge)" })
    .trim()
    .min(20, { error: "expected why losing this answer is accepted (a sentence a reviewer can judge)" })
    .optional(),
});

const goldenSchema = z.strictObject({
  queries: z.array(querySchema, { error: "expected a list of queries" }).min(1, { error: "expected a query" }),
});

export interface SiteOptions {
  docsUrl: string;
  container: string;
}

/**
 * A golden entry's page as the public URL results carry: a URL under the site's docs_url as written (no
 * `.html`), or a blob path (`payments/guides/refunds.html`, optionally `$web/...`) turned into its URL.
 * Returns an error sentence instead when it is neither.
 */
export function goldenPageUrl(ref: string, site: SiteOptions): { url: string } | { error: string } {
  const base = site.docsUrl.replace(/\/+$/, "");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(ref)) {
    if (!ref.startsWith(`${base}/`))
      return { error: `expected a public URL under ${base}/ (the environment's search.docs_url), got ${ref}` };
    if (/\.html$/i.test(ref))
      return { error: `public URLs are served without .html: write ${ref.replace(/\.html$/i, "")}` };
    return { url: ref };
  }
  let path = ref.replace(/^\/+/, "");
  if (path.startsWith(`${site.container}/`)) path = path.slice(site.container.length + 1);
  const segments = path.split("/");
  if (/\s/.test(path) || segments.some((s) => s === "" || s === "." || s === "..") || !segments.at(-1)!.includes("."))
    return {
      error: `expected a public URL (${base}/...) or a blob path under the container such as payments/guides/refunds.html, got ${JSON.stringify(ref)}`,
    };
  return { url: publicUrlForBlobPath(base, path) };
}

/**
 * YAML text → validated golden queries, or a ConfigError naming `file`, the key and what was expected. Each text is
 * parsed once (keptParses).
 */
export const parseGolden = keptParses(parseGoldenText, (text, _file, site) => JSON.stringify([text, site]));

function parseGoldenText(text: string, file: string, site: SiteOptions): GoldenQuery[] {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0)
    throw new ConfigError(
      file,
      doc.errors.map((e) => ({ key: "(yaml)", expected: e.message.split("\n")[0] ?? e.message })),
    );
  const raw: unknown = doc.toJS() ?? {};
  const parsed = goldenSchema.safeParse(raw);
  const idAt = (i: number): string | undefined => {
    const q = (raw as { queries?: { id?: unknown }[] }).queries?.[i];
    return typeof q?.id === "string" ? q.id : undefined;
  };
  const keyOf = (path: readonly PropertyKey[]): string => {
    let key = "";
    for (const [n, part] of path.entries()) {
      if (typeof part === "number") {
        key += `[${part}]`;
        const id = n === 1 && path[0] === "queries" ? idAt(part) : undefined;
        if (id !== undefined) key += ` (${id})`;
      } else key += key === "" ? String(part) : `.${String(part)}`;
    }
    return key || "(root)";
  };
  if (!parsed.success)
    throw new ConfigError(
      file,
      parsed.error.issues.map((issue) => ({ key: keyOf(issue.path), expected: issue.message })),
    );

  const problems: { key: string; expected: string }[] = [];
  const firstIndex = new Map<string, number>();
  const queries = parsed.data.queries.map((q, i): GoldenQuery => {
    const earlier = firstIndex.get(q.id);
    if (earlier !== undefined)
      problems.push({ key: keyOf(["queries", i, "id"]), expected: `expected a unique id (also queries[${earlier}])` });
    else firstIndex.set(q.id, i);
    const seen = new Map<string, number>();
    const relevant: GoldenPage[] = [];
    for (const [j, page] of q.relevant.entries()) {
      const key = keyOf(["queries", i, "relevant", j, "url"]);
      const resolved = goldenPageUrl(page.url, site);
      if ("error" in resolved) {
        problems.push({ key, expected: resolved.error });
        continue;
      }
      const before = seen.get(resolved.url);
      if (before !== undefined)
        problems.push({ key, expected: `expected each page once: ${resolved.url} is also relevant[${before}]` });
      seen.set(resolved.url, j);
      relevant.push({ ref: page.url, url: resolved.url, grade: page.grade });
    }
    return {
      id: q.id,
      query: q.query,
      mode: q.mode,
      ...(q.app !== undefined ? { app: q.app } : {}),
      excludeSections: q.exclude_sections ?? [],
      relevant,
      ...(q.accepted_loss !== undefined ? { acceptedLoss: q.accepted_loss } : {}),
    };
  });
  if (problems.length > 0) throw new ConfigError(file, problems);
  return queries;
}

/** The grades of a query's pages by public URL, as the metrics take them. */
export function gradesOf(query: GoldenQuery): Map<string, number> {
  return new Map(query.relevant.map((p) => [p.url, p.grade]));
}
