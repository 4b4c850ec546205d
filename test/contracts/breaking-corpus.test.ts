// The breaking-change corpus (test/contracts/corpus/): every pair is compared as contracts:check compares a contract
// with its baseline, in process (no TypeSpec compile), and must get its expected verdict. The summary is the figure
// contracts/README.md states: breaking pairs caught, and false alarms on pairs that break nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareDescriptions } from "../../contracts/tooling/src/breaking.js";
import { checkContract } from "../../contracts/tooling/src/check.js";
import { repoRoot } from "../../contracts/tooling/src/contracts.js";
import { baseDescription } from "./corpus/base-description.js";
import { descriptionsOf, PAIRS, type CorpusPair } from "./corpus/pairs.js";

const judge = (pair: CorpusPair) => {
  const { before, after } = descriptionsOf(pair);
  const v1 = (doc: unknown) => new Map([["v1", JSON.stringify(doc)]]);
  return checkContract("corpus", "the base", v1(before), v1(after));
};

/** Each pair's verdict from the gate, as the tests below find it: the figures the README states. */
const verdicts = new Map<CorpusPair, boolean>();

describe("the corpus: each pair gets its expected verdict", () => {
  it.each(PAIRS.map((pair) => [`${pair.breaking ? "breaking" : "not breaking"}: ${pair.name}`, pair] as const))(
    "%s",
    (_, pair) => {
      const check = judge(pair);
      verdicts.set(pair, check.breaking.length > 0);
      const listed = check.breaking.map((c) => `${c.kind}: ${c.description}`).join("\n");
      expect(check.breaking.length > 0, listed || "no breaking change reported").toBe(pair.breaking);
    },
  );

  it("catches 30 of 30 breaking pairs with no false alarm on the 37 others (the figures in contracts/README.md)", () => {
    const breaking = PAIRS.filter((p) => p.breaking);
    const others = PAIRS.filter((p) => !p.breaking);
    // Judged above; judged here when this test runs alone.
    const verdict = (pair: CorpusPair) => verdicts.get(pair) ?? judge(pair).breaking.length > 0;
    const caught = breaking.filter(verdict).length;
    const falseAlarms = others.filter(verdict).length;
    expect(`${caught}/${breaking.length} caught, ${falseAlarms}/${others.length} false alarms`).toBe(
      "30/30 caught, 0/37 false alarms",
    );
  });

  it("has at least 40 pairs, covering every class of false alarm and each kind the gate promises", () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(40);
    const topics = new Set(PAIRS.map((p) => p.topic));
    expect(topics.size).toBe(7);
    for (const topic of topics) {
      expect(PAIRS.some((p) => p.topic === topic && !p.breaking) || topic === "promised", topic).toBe(true);
    }
  });
});

it("comparing a valid description with itself reports nothing (path-item and re-declared parameters, $ref'd parameters, shared schemas, allOf)", () => {
  const base = baseDescription();
  // The description has what the test is about.
  expect(base.paths["/widgets/{widgetId}"].parameters).toHaveLength(2);
  expect(base.paths["/widgets/{widgetId}"].get.parameters[0].name).toBe("widgetId");
  expect(JSON.stringify(base)).toMatch(/"#\/components\/parameters\/RequestId"/);
  expect(base.components.schemas.Widget.allOf).toHaveLength(2);
  expect(compareDescriptions(base, baseDescription())).toEqual([]);
  // And so do the repository's real descriptions.
  for (const folder of ["openapi", "baseline"]) {
    const file = path.join(repoRoot, "contracts", "webhook", folder, "openapi.v1.json");
    const doc = JSON.parse(readFileSync(file, "utf8")) as unknown;
    expect(compareDescriptions(doc, structuredClone(doc)), file).toEqual([]);
  }
});
