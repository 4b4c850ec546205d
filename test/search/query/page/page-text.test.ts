// Sections, offsets and where a cut may fall.
import { describe, expect, it } from "vitest";
import { blocksFromMarkdown } from "../../../../src/search/query/page/page-blocks.js";
import {
  findHeading,
  innerCutPoints,
  nextOffset,
  outlineOf,
  pageText,
  sectionRange,
  snapToBoundary,
} from "../../../../src/search/query/page/page-text.js";

const page = pageText(
  "markdown twin",
  blocksFromMarkdown("# T\n\nIntro.\n\n## A\n\nA text.\n\n### A.1\n\nDeep.\n\n## B\n\n- one\n- two\n"),
);

describe("sections", () => {
  it("a section runs to the next heading of the same or a higher level", () => {
    const a = findHeading(page, { heading: "a" });
    expect(a).toEqual({ found: true, block: 2 });
    const range = sectionRange(page, 2);
    expect(page.text.slice(range.start, range.end)).toBe("## A\n\nA text.\n\n### A.1\n\nDeep.");
    const b = sectionRange(page, (findHeading(page, { heading: "B" }) as { block: number }).block);
    expect(page.text.slice(b.start, b.end)).toBe("## B\n\n- one\n- two");
  });

  it("finds by heading text (case-insensitive, a part is enough) and says when an anchor is not there", () => {
    expect(findHeading(page, { heading: "a.1" })).toEqual({ found: true, block: 4 });
    expect(findHeading(page, { anchor: "a" })).toEqual({
      found: false,
      reason: "the page has no heading with the anchor #a",
    });
  });

  it("lists the outline with offsets into the Markdown", () => {
    expect(outlineOf(page).map((h) => [h.level, h.text, page.text.slice(h.offset, h.offset + 4)])).toEqual([
      [1, "T", "# T\n"],
      [2, "A", "## A"],
      [3, "A.1", "### "],
      [2, "B", "## B"],
    ]);
  });
});

describe("offsets and cut points", () => {
  it("moves an offset inside a word back to its block's start; keeps one after whitespace", () => {
    const intro = page.text.indexOf("Intro.");
    expect(snapToBoundary(page, intro + 2)).toBe(intro);
    const deep = pageText("index", blocksFromMarkdown("Two words here."));
    expect(snapToBoundary(deep, 4)).toBe(4);
  });

  it("continues after the blank line that follows a cut, and ends at the range's end", () => {
    const end = page.text.indexOf("Intro.") + "Intro.".length;
    expect(nextOffset(page, end, { start: 0, end: page.text.length })).toBe(page.text.indexOf("## A"));
    expect(nextOffset(page, page.text.length, { start: 0, end: page.text.length })).toBeNull();
  });

  it("cuts inside a block at line ends first, then sentence ends, then spaces", () => {
    expect(innerCutPoints("a\nb\nc", 0, 5)).toEqual([1, 3]);
    expect(innerCutPoints("One. Two. Three", 0, 15)).toEqual([4, 9]);
    expect(innerCutPoints("one two three", 0, 13)).toEqual([3, 7]);
  });
});
