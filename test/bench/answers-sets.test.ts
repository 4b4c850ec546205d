// The answer benchmark's scoring of the real sets: their Python fact patterns, the hit text they are matched
// against, and the answer pages they name.
import { describe, expect, it } from "vitest";
import { pythonRegex } from "../../bench/answers/python-regex.js";
import { continuationOf } from "../../bench/answers/continuation.js";
import { plainText, scoreAnswer } from "../../bench/answers/score.js";
import { REAL_SETS, realSet } from "../../bench/answers/sets.js";

const DOCS = "https://docs.example.com";

describe("pythonRegex", () => {
  it("reads the sets' patterns case-insensitively, as re.IGNORECASE does", () => {
    expect(
      pythonRegex(String.raw`To count the occurrence of an option, set\s*count=True`).test(
        "to count the occurrence of an option, set count=True",
      ),
    ).toBe(true);
    expect(
      pythonRegex(String.raw`\"prettier\"\s*:\s*\"@username/prettier-config\"`).test(
        '"prettier": "@username/prettier-config"',
      ),
    ).toBe(true);
  });

  it("translates named groups, back-references and string anchors", () => {
    const re = pythonRegex(String.raw`\A(?P<word>ab)-(?P=word)\Z`);
    expect(re.test("AB-ab")).toBe(true);
    expect(re.test("ab-ab\n")).toBe(false);
  });

  it("refuses inline flags it cannot express", () => {
    expect(() => pythonRegex("(?x) a b")).toThrow(/inline flags/);
  });
});

describe("plainText", () => {
  it("drops code spans, emphasis, links and table pipes, as the facts were checked on page text", () => {
    expect(plainText("set `count=True` on the **option** ([docs](../options.html))")).toBe(
      "set count=True on the option (docs)",
    );
    expect(plainText("| `linesAbove` | `number` | defaults to `2` |")).toBe("linesAbove number defaults to 2");
  });

  it("keeps the pipes of code and of an escaped table cell: only a table row's separators go", () => {
    expect(plainText("All Babel 8 packages require Node.js `^22.18.0 || >=24.11.0`.")).toBe(
      "All Babel 8 packages require Node.js ^22.18.0 || >=24.11.0.",
    );
    expect(plainText("| `engines` | `^22.18.0 \\|\\| >=24.11.0` |")).toBe("engines ^22.18.0 || >=24.11.0");
  });
});

describe("the real sets", () => {
  it.each(REAL_SETS)("%s: 25 questions whose answer pages are in the set", (name) => {
    const set = realSet(name, DOCS);
    expect(set.questions).toHaveLength(25);
    const urls = new Set(set.files.map((f) => f.name));
    expect(urls.size).toBeGreaterThan(20);
    for (const q of set.questions)
      expect(q.expectedUrls[0]).toMatch(new RegExp(`^${DOCS}/(click|sphinx|prettier|babel)/`));
  });

  it("scores the first expected page's rank and the fact in a top-3 hit", () => {
    const set = realSet("sphinx-click", DOCS);
    const q = set.questions[0]!;
    const hits = [
      { url: `${DOCS}/click/api`, snippet: "nothing here" },
      { url: q.expectedUrls[0], snippet: "To count the occurrence of an option, set `count=True`." },
    ];
    const outcome = scoreAnswer(q, hits, { text: 400, json: 480 });
    // The larger form (what max_tokens bounds), and both forms (what the wire carries).
    expect(outcome).toMatchObject({ rank: 2, factInTop3: true, hits: 2, tokens: 120, wireTokens: 220, chromeHits: 0 });
    expect(scoreAnswer(q, hits.slice(0, 1), { text: 40, json: 40 })).toMatchObject({ rank: null, factInTop3: false });
  });
});

describe("continuationOf", () => {
  const whole = "# Title\n\nFirst paragraph.\n\n- one\n- two\n\nLast line.";
  const at = (from: string, to: string | null) => {
    const offset = whole.indexOf(from);
    const end = to === null ? whole.length : whole.indexOf(to) + to.length;
    return { offset, text: whole.slice(offset, end) };
  };

  it("finds nothing wrong with views that end blocks and read on after the line breaks", () => {
    const views = [
      { ...at("# Title", "First paragraph."), next_offset: whole.indexOf("- one") },
      { ...at("- one", "- two"), next_offset: whole.indexOf("Last") },
      { ...at("Last", null), next_offset: null },
    ];
    expect(continuationOf(whole, views)).toEqual({
      chars: whole.length,
      calls: 3,
      repeated: 0,
      skipped: 0,
      cutsInsideLine: 0,
      mismatched: 0,
    });
  });

  it("counts repeated and skipped text, cuts inside a line and views that are not the page's text", () => {
    const views = [
      { ...at("# Title", "First"), next_offset: whole.indexOf("First") },
      { ...at("First", "- one"), next_offset: whole.indexOf("Last") },
      { offset: whole.indexOf("Last"), text: "Other text", next_offset: null },
    ];
    const figures = continuationOf(whole, views);
    expect(figures.cutsInsideLine).toBe(1); // after "First"
    expect(figures.repeated).toBe("First".length);
    expect(figures.skipped).toBe("- two".length);
    expect(figures.mismatched).toBe(1);
  });
});
