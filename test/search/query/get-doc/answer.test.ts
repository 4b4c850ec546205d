// The get_doc use case (src/search/query/get-doc/answer.ts) on in-memory ports: which document a url or a key
// names, the section an #anchor or a heading names, the refusals (each before anything is read that it does not
// need), the continuation from an offset, and the budget measured on the answer as the render port sends it.
import { describe, expect, it } from "vitest";
import { base64Encode } from "../../../../src/search/indexer-emulation/base64.js";
import { chosenDedup } from "../../../../src/search/dedup/policy.js";
import type { AnswerBasis } from "../../../../src/search/query/common/answer-basis.js";
import {
  answerGetDoc,
  type GetDocAnswer,
  type GetDocParams,
  type GetDocPorts,
} from "../../../../src/search/query/get-doc/answer.js";
import { resultTokens, type SentText } from "../../../../src/search/query/page/answer-fit.js";
import { pageFromBlob } from "../../../../src/search/query/page/page-source.js";
import type { PageText } from "../../../../src/search/query/page/page-text.js";
import { SearchDocsRefusal } from "../../../../src/search/query/refusal.js";

const LOCATION = { container: "$web", docsUrl: "https://docs.example.com" };
const BLOB = "https://acct.blob.core.windows.net/$web";
const URL = "https://docs.example.com/payments/guides/refunds";
const DOC = {
  id: base64Encode(`${BLOB}/payments/guides/refunds.html`),
  title: "Refunds",
  description: "How refunds work",
  path: `${BLOB}/payments/guides/refunds.html`,
  app: null,
  repo: "payments",
  section: "guides",
  tags: "billing",
  format: ".html",
  content_type: "text/html",
  last_modified: new Date("2026-11-01T00:00:00Z"),
  content: "Refunds (the index's text)",
};
const html = (body: string) => `<html><body><main>${body}</main></body></html>`;
const PAGE = pageFromBlob(
  "html",
  html(
    "<h1 id='refunds'>Refunds</h1><p>Refunds go back to the card.</p>" +
      "<h2 id='issuing'>Issuing a refund</h2><p>Open the payment and choose Refund.</p>" +
      "<h3 id='partial'>Partial refunds</h3><p>Enter the amount to return.</p>" +
      "<h2 id='limits'>Limits</h2><p>At most ten refunds a day.</p>",
  ),
  false,
  URL,
)!;
const basis: AnswerBasis = {
  dedup: chosenDedup("strict", "--dedup strict"),
  facts: {
    index: "docs-index",
    serving: { status: "known", value: { kind: "concrete", index: "docs-index" } },
    etag: { status: "known", value: '"0x1"' },
    freshness: { status: "known", value: { last_successful_run: "2026-11-23T08:05:00Z", run_in_progress: false } },
    apiVersion: "2026-04-01",
  },
};

type Render = (answer: GetDocAnswer) => readonly SentText[];
const plainRender: Render = (a) => [{ text: `${a.document.title}: ${a.document.url}` }, { text: a.text }];

function world(page: PageText = PAGE, render: Render = plainRender) {
  const asked = { keys: [] as string[], containerBase: 0, basis: 0, reads: [] as unknown[] };
  const ports: GetDocPorts = {
    documents: {
      byKey: async (key) => {
        asked.keys.push(key);
        return key === DOC.id ? DOC : null;
      },
      idsAndPathsOf: async (app) => (app === "payments" ? [{ id: DOC.id, path: DOC.path }] : []),
    },
    containerBase: async () => {
      asked.containerBase++;
      return BLOB;
    },
    basis: async () => {
      asked.basis++;
      return basis;
    },
    readPage: async (key, lastModified, content) => {
      asked.reads.push({ key, lastModified, content: await content?.() });
      return { page };
    },
    render,
  };
  return { ports, asked };
}

const call = <P extends GetDocParams>(params: P, pageChars = 100_000) => ({
  params,
  location: LOCATION,
  pageChars,
  now: () => new Date("2026-11-24T00:00:00Z"),
});

describe("answerGetDoc: the document", () => {
  it("reads the page a public url names, with the document's fields and the short provenance", async () => {
    const { ports, asked } = world();
    const answer = await answerGetDoc(ports, call({ url: URL }));
    expect(answer.document).toEqual({
      key: DOC.id,
      title: "Refunds",
      description: "How refunds work",
      url: URL,
      app: "payments",
      section: "guides",
      tags: "billing",
      format: ".html",
      content_type: "text/html",
      last_modified: "2026-11-01T00:00:00.000Z",
    });
    expect(answer).toMatchObject({ source: "page", section: null, text: PAGE.text, offset: 0, next_offset: null });
    expect(answer.total_chars).toBe(PAGE.text.length);
    expect(answer.outline.map((h) => h.anchor)).toEqual(["refunds", "issuing", "partial", "limits"]);
    expect(answer.provenance).toEqual({
      index: "docs-index",
      serving_index: "docs-index",
      last_successful_run: "2026-11-23T08:05:00Z",
    });
    // The url's candidate blob paths are tried by their derived keys, so the container's base was asked for.
    expect(asked.containerBase).toBe(1);
    expect(asked.reads).toEqual([
      { key: DOC.id, lastModified: "2026-11-01T00:00:00.000Z", content: "Refunds (the index's text)" },
    ]);
  });

  it("looks a key up as it is, without the container's base, and gives the whole provenance when asked", async () => {
    const { ports, asked } = world();
    const answer = await answerGetDoc(ports, call({ key: DOC.id, provenance: "full" }));
    expect(answer.document.url).toBe(URL);
    expect(asked).toMatchObject({ keys: [DOC.id], containerBase: 0, basis: 1 });
    expect(answer.provenance).toMatchObject({
      index_etag: '"0x1"',
      dedup_filter: basis.dedup.filter,
      filter: null,
      answered_at: "2026-11-24T00:00:00.000Z",
    });
  });

  it("says which url or key names no document", async () => {
    const { ports, asked } = world();
    await expect(answerGetDoc(ports, call({ url: "https://docs.example.com/payments/nope" }))).rejects.toThrow(
      'url refused: no document in the index for "https://docs.example.com/payments/nope". Instead: search with search_docs and use a returned url or key',
    );
    await expect(answerGetDoc(ports, call({ key: "nope" }))).rejects.toThrow(/^key refused: no document/);
    expect(asked.reads).toEqual([]);
  });
});

describe("answerGetDoc: a section", () => {
  it("reads the section a url's #anchor or a heading names, down to the next heading of its level", async () => {
    const { ports } = world();
    for (const params of [{ url: `${URL}#issuing` }, { url: URL, heading: "Issuing a refund" }]) {
      const answer = await answerGetDoc(ports, call(params));
      expect(answer.section).toEqual({ level: 2, text: "Issuing a refund", anchor: "issuing" });
      expect(answer.text).toBe(
        "## Issuing a refund\n\nOpen the payment and choose Refund.\n\n### Partial refunds\n\nEnter the amount to return.",
      );
      expect(answer.offset).toBe(PAGE.text.indexOf("## Issuing"));
      expect(answer.next_offset).toBeNull();
    }
  });

  it("refuses a section the page does not have, listing the headings it has", async () => {
    const { ports } = world();
    const byHeading = answerGetDoc(ports, call({ url: URL, heading: "Chargebacks" }));
    await expect(byHeading).rejects.toBeInstanceOf(SearchDocsRefusal);
    await expect(byHeading).rejects.toThrow(
      /^heading refused: .*Instead: use one of its headings: #refunds \(Refunds\), #issuing \(Issuing a refund\), #partial \(Partial refunds\), #limits \(Limits\)$/,
    );
    await expect(answerGetDoc(ports, call({ url: `${URL}#chargebacks` }))).rejects.toThrow(
      /^url refused: the page has no heading with the anchor #chargebacks/,
    );
    const flat = world(pageFromBlob("html", html("<p>Only text.</p>"), false, URL)!).ports;
    await expect(answerGetDoc(flat, call({ url: URL, heading: "Any" }))).rejects.toThrow(
      /Instead: read the page without a section \(it has no headings\)$/,
    );
  });
});

describe("answerGetDoc: refusals before any read", () => {
  it.each([
    [{}, /^url\/key refused: get_doc needs exactly one of url and key/],
    [{ url: URL, key: DOC.id }, /^url\/key refused/],
    [{ url: `${URL}#issuing`, heading: "Limits" }, /^heading refused: the url names a section \(#anchor\) already/],
    [{ url: "https://elsewhere.example.com/x" }, /^url refused: .*neither a page under.*Instead: pass a url exactly/],
    [{ url: URL, max_tokens: 100 }, /^max_tokens refused: 100 is below the smallest budget/],
  ] as [GetDocParams, RegExp][])("%j is refused", async (params, message) => {
    const { ports, asked } = world();
    await expect(answerGetDoc(ports, call(params))).rejects.toThrow(message);
    expect(asked).toEqual({ keys: [], containerBase: 0, basis: 0, reads: [] });
  });
});

describe("answerGetDoc: how much of the page", () => {
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) => `<h2 id="s${i}">Step ${i}</h2><p>${`Step ${i} of the refund runbook says what to check. `.repeat(6)}</p>`,
  );
  const long = pageFromBlob("html", html(paragraphs.join("")), false, URL)!;

  it("continues from an offset, at most max_chars and never more than the server's page bound", async () => {
    const { ports } = world(long);
    const first = await answerGetDoc(ports, call({ url: URL, max_chars: 1000 }));
    expect(first.text.length).toBeLessThanOrEqual(1000);
    // The next call starts at the next block: only the blank line between the two is in neither.
    expect(long.text.slice(first.text.length, first.next_offset!)).toMatch(/^\s+$/);
    const next = await answerGetDoc(ports, call({ url: URL, max_chars: 1000, offset: first.next_offset! }));
    expect(next.offset).toBe(first.next_offset);
    expect(next.text).toBe(long.text.slice(next.offset, next.offset + next.text.length));
    expect(next.text).toMatch(/^## Step \d+/);
    const bounded = await answerGetDoc(ports, call({ url: URL, max_chars: 5000 }, 800));
    expect(bounded.text.length).toBeLessThanOrEqual(800);
  });

  it("fits the budget as the render port sends the answer: a heavier rendering leaves less of the page", async () => {
    const heavy: Render = (a) => [...plainRender(a), { text: "x".repeat(2000) }];
    const light = await answerGetDoc(world(long).ports, call({ url: URL, max_tokens: 1500 }));
    const weighed = await answerGetDoc(world(long, heavy).ports, call({ url: URL, max_tokens: 1500 }));
    expect(resultTokens(plainRender(light), light)).toBeLessThanOrEqual(1500);
    expect(resultTokens(heavy(weighed), weighed)).toBeLessThanOrEqual(1500);
    expect(weighed.text.length).toBeLessThan(light.text.length);
    expect(weighed.next_offset).not.toBeNull();
  });
});
