// Where prose may be cut: sentence ends as Intl.Segmenter (ICU, "en") finds them, one rule for the block split and
// the cuts inside a block.
import { describe, expect, it } from "vitest";
import { cutPoints } from "../../../../src/search/query/page/cut-points.js";
import { blocksFromPlainText, MAX_BLOCK_CHARS } from "../../../../src/search/query/page/page-blocks.js";
import { innerCutPoints } from "../../../../src/search/query/page/page-text.js";

const sentencesOf = (text: string) => cutPoints(text).sentences.map((p) => text.slice(0, p));

describe("sentence ends", () => {
  it("end at ., ? and !, and not inside a version, a file name or a number", () => {
    expect(sentencesOf("Is it done? Yes! Install v1.2.3 of config.json, 2.5 MB. Then go.")).toEqual([
      "Is it done?",
      "Is it done? Yes!",
      "Is it done? Yes! Install v1.2.3 of config.json, 2.5 MB.",
    ]);
  });

  it("after an abbreviation, end only before a capital (ICU's rule, no list of abbreviations)", () => {
    // A cut after "e.g." before a capital falls between two words: the next piece continues the sentence.
    expect(sentencesOf("Use a formatter, e.g. prettier, on save. Then commit.")).toEqual([
      "Use a formatter, e.g. prettier, on save.",
    ]);
    expect(sentencesOf("Use a formatter, e.g. Prettier, on save. Then commit.")).toEqual([
      "Use a formatter, e.g.",
      "Use a formatter, e.g. Prettier, on save.",
    ]);
  });

  it("are where a large block is split and where a cut inside a block may fall", () => {
    const text = Array.from({ length: 80 }, (_, i) => `Step ${i}, e.g. run it. Then check ${i}!`).join(" ");
    const pieces = blocksFromPlainText(text);
    expect(pieces.length).toBeGreaterThan(1);
    const inner = new Set(innerCutPoints(text, 0, text.length));
    let offset = 0;
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.markdown.length).toBeLessThanOrEqual(MAX_BLOCK_CHARS);
      offset = text.indexOf(piece.markdown, offset) + piece.markdown.length;
      expect(inner.has(offset), `split at ${offset}`).toBe(true);
      expect(piece.markdown).toMatch(/(run it\.|check \d+!)$/);
    }
  });
});
