// The golden-queries file: its format, its validation errors, and the sample site's real set.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/config/load.js";
import { DEFAULT_GOLDEN_FILE, goldenPageUrl, parseGolden } from "../../../src/search/eval/golden.js";

const SITE = { docsUrl: "https://docs.dev.example.com", container: "$web" };
const root = new URL("../../../", import.meta.url);
const sampleSite = new URL("local/sample-site/", root);

const errorOf = (text: string): string => {
  try {
    parseGolden(text, "golden.yml", SITE);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
};

const entry = (extra = "", relevant = '[{ url: "payments/guides/refunds.html", grade: 2 }]') =>
  `queries:\n  - id: refund-steps\n    query: how do I refund a payment\n    mode: keyword\n${extra}    relevant: ${relevant}\n`;

describe("golden queries: the file format", () => {
  it("parses every key: app, exclude_sections, public URLs and blob paths with grades", () => {
    const [q] = parseGolden(
      entry(
        "    app: payments\n    exclude_sections: [legacy]\n",
        '[{ url: "https://docs.dev.example.com/payments/guides/refunds", grade: 2 }, { url: "$web/payments/reference/api.html", grade: 1 }]',
      ),
      "golden.yml",
      SITE,
    );
    expect(q).toEqual({
      id: "refund-steps",
      query: "how do I refund a payment",
      mode: "keyword",
      app: "payments",
      excludeSections: ["legacy"],
      relevant: [
        {
          ref: "https://docs.dev.example.com/payments/guides/refunds",
          url: "https://docs.dev.example.com/payments/guides/refunds",
          grade: 2,
        },
        {
          ref: "$web/payments/reference/api.html",
          url: "https://docs.dev.example.com/payments/reference/api",
          grade: 1,
        },
      ],
    });
  });

  it("errors name the file, the key with the query's id, and what was expected", () => {
    expect(errorOf(entry().replace("mode: keyword", "mode: vector"))).toBe(
      "golden.yml: queries[0] (refund-steps).mode: expected keyword or semantic",
    );
    expect(errorOf(entry("", '[{ url: "payments/guides/refunds.html", grade: 3 }]'))).toBe(
      "golden.yml: queries[0] (refund-steps).relevant[0].grade: expected 2 (the answer) or 1 (useful)",
    );
    expect(errorOf(entry("    apps: payments\n"))).toMatch(/^golden\.yml: queries\[0\] \(refund-steps\): .*apps/);
    expect(errorOf(entry("", "[]"))).toBe(
      "golden.yml: queries[0] (refund-steps).relevant: expected at least one relevant page",
    );
    expect(errorOf("queries: []\n")).toBe("golden.yml: queries: expected a query");
    expect(errorOf("queries: [\n")).toMatch(/^golden\.yml: \(yaml\): /);
  });

  it("accepted_loss carries a reviewed reason a reviewer can judge; a bare or short one is refused", () => {
    const [q] = parseGolden(
      entry("    accepted_loss: the English analysis drops the stop words it matched on\n"),
      "g",
      SITE,
    );
    expect(q!.acceptedLoss).toBe("the English analysis drops the stop words it matched on");
    expect(parseGolden(entry(), "g", SITE)[0]!.acceptedLoss).toBeUndefined();
    expect(errorOf(entry("    accepted_loss: ok\n"))).toMatch(
      /queries\[0\] \(refund-steps\)\.accepted_loss.*expected why losing this answer is accepted/,
    );
  });

  it("ids are unique", () => {
    expect(errorOf(entry() + entry().replace("queries:\n", ""))).toBe(
      "golden.yml: queries[1] (refund-steps).id: expected a unique id (also queries[0])",
    );
  });

  it("pages must resolve to a public URL of this environment, once per query", () => {
    expect(errorOf(entry("", '[{ url: "https://docs.example.com/payments/guides/refunds", grade: 2 }]'))).toBe(
      "golden.yml: queries[0] (refund-steps).relevant[0].url: expected a public URL under https://docs.dev.example.com/ (the environment's search.docs_url), got https://docs.example.com/payments/guides/refunds",
    );
    expect(
      errorOf(
        entry(
          "",
          '[{ url: "payments/guides/refunds.html", grade: 2 }, { url: "https://docs.dev.example.com/payments/guides/refunds", grade: 1 }]',
        ),
      ),
    ).toBe(
      "golden.yml: queries[0] (refund-steps).relevant[1].url: expected each page once: https://docs.dev.example.com/payments/guides/refunds is also relevant[0]",
    );
    expect(goldenPageUrl("https://docs.dev.example.com/payments/faq.html", SITE)).toEqual({
      error: "public URLs are served without .html: write https://docs.dev.example.com/payments/faq",
    });
    expect(goldenPageUrl("payments/../faq.html", SITE)).toHaveProperty("error");
    expect(goldenPageUrl("payments guide", SITE)).toHaveProperty("error");
  });
});

describe("the sample site's golden set (search-definitions/eval/golden-queries.yml)", () => {
  const file = new URL(DEFAULT_GOLDEN_FILE, root);
  const queries = parseGolden(readFileSync(file, "utf8"), DEFAULT_GOLDEN_FILE, SITE);
  const blobPath = (url: string) => {
    const rest = url.slice(`${SITE.docsUrl}/`.length);
    return rest.endsWith("/") || rest === "" ? `${rest}index.html` : `${rest}.html`;
  };

  it("has at least 25 queries, app-restricted, section-excluding and semantic ones among them", () => {
    expect(queries.length).toBeGreaterThanOrEqual(25);
    expect(queries.filter((q) => q.app !== undefined).length).toBeGreaterThanOrEqual(10);
    expect(queries.some((q) => q.excludeSections.length > 0)).toBe(true);
    expect(queries.some((q) => q.mode === "semantic")).toBe(true);
  });

  it("every graded page is a page of the sample site", () => {
    const missing = queries.flatMap((q) =>
      q.relevant.filter((p) => !existsSync(new URL(blobPath(p.url), sampleSite))).map((p) => `${q.id}: ${p.ref}`),
    );
    expect(missing).toEqual([]);
  });

  it("answers with a Markdown twin are covered, so a dedup regression shows", () => {
    const twinAnswers = queries.filter((q) =>
      q.relevant.some(
        (p) => p.grade === 2 && existsSync(new URL(blobPath(p.url).replace(/\.html$/, ".md"), sampleSite)),
      ),
    );
    expect(twinAnswers.length).toBeGreaterThanOrEqual(8);
  });
});
