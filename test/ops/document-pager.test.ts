// The document pager against the stand-in: every document exactly once, with nulls and ties across pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamDocRefs, type PagerState } from "../../src/search/io/document-pager.js";
import { startHarness, type Harness } from "./harness.js";

let h: Harness;
const times = [
  "2026-01-01T00:00:00Z",
  "2026-01-01T00:00:00Z",
  "2026-01-01T00:00:00Z",
  "2026-01-01T00:00:00Z",
  "2026-01-01T00:00:00Z",
  "2026-02-01T00:00:00Z",
  "2026-02-01T00:00:00.001Z",
  "2026-03-01T00:00:00Z",
];
const docs = [
  ...times.map((t, i) => ({ id: `t${i}`, app: "a", repo: "a", last_modified: t })),
  ...Array.from({ length: 7 }, (_, i) => ({ id: `n${i}`, app: null, repo: null, last_modified: null })),
];

beforeAll(async () => {
  h = await startHarness();
  const r = await h.search.uploadDocuments(docs);
  expect(r.results.every((x) => x.succeeded)).toBe(true);
});
afterAll(async () => h?.close());

describe("document pager (last_modified windows + $skip over ties and nulls)", () => {
  for (const pageSize of [1, 2, 3, 5, 1000]) {
    it(`yields every document exactly once with pages of ${pageSize}`, async () => {
      const state: PagerState = { pages: 0, incomplete: [] };
      const seen: string[] = [];
      for await (const d of streamDocRefs(h.search, state, pageSize)) seen.push(d.id);
      expect(seen.sort()).toEqual(docs.map((d) => d.id).sort());
      expect(state.incomplete).toEqual([]);
    });
  }
});
