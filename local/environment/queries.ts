// The three example queries `npm run local` runs, one per filter rule of spec C (query filters table).
export interface ExampleQuery {
  name: "dedup" | "app" | "exclude-section";
  label: string;
  /** Arguments after `docs-index query`. */
  args: string[];
}

export const EXAMPLE_QUERIES: readonly ExampleQuery[] = [
  {
    name: "dedup",
    label:
      "One document per page (the dedup filter drops Markdown twins; root-era copies and the old sitemap document still pass: their format is null)",
    args: ["getting started"],
  },
  {
    name: "app",
    label: "Restricted to one app (repo eq 'payments': only correctly derived copies)",
    args: ["refund", "--app", "payments"],
  },
  {
    name: "exclude-section",
    label: "Excluding a section (section ne 'changelog' keeps documents whose section is still null)",
    args: ["refunds", "--exclude-section", "changelog"],
  },
];

export interface QueryFigures {
  name: ExampleQuery["name"];
  filter: string | null;
  hits: number;
  urls: string[];
}

export interface HitJson {
  title: string | null;
  url: string | null;
  app: string | null;
  section: string | null;
}

interface QueryJson {
  filter: string | null;
  results: HitJson[];
}

/** Hits one line each (title, public URL, app and section), as a quiet `npm run local` prints them. */
export function hitLines(results: readonly HitJson[]): string[] {
  return results.map(
    (r, i) => `${i + 1}. ${r.title ?? "(untitled)"}: ${r.url ?? "(no URL)"} [${r.app ?? "-"}/${r.section ?? "-"}]`,
  );
}

/** `docs-index query --json` in a few lines: the request's $filter and one line per hit. */
export function queryBrief(json: QueryJson): string {
  return [`$filter: ${json.filter ?? "(none)"}`, ...hitLines(json.results)].join("\n");
}

export function queryFigures(example: ExampleQuery, json: QueryJson): QueryFigures {
  return {
    name: example.name,
    filter: json.filter,
    hits: json.results.length,
    urls: json.results.map((r) => r.url).filter((u): u is string => typeof u === "string"),
  };
}
