import { describe, expect, it } from "vitest";
import { keptParses } from "../../src/text/kept-parses.js";

describe("keptParses", () => {
  it("parses a text once, whatever file it was read from, and hands each caller its own copy", () => {
    const texts: string[] = [];
    const parse = keptParses(
      (text: string, _file: string) => {
        texts.push(text);
        return { words: text.split(" ") };
      },
      (text) => text,
    );
    const first = parse("a b", "f.yml");
    first.words.push("edited");
    expect(parse("a b", "f.yml")).toEqual({ words: ["a", "b"] });
    expect(parse("a b", "copy/f.yml")).toEqual({ words: ["a", "b"] });
    expect(texts).toEqual(["a b"]);
    parse("a c", "f.yml");
    expect(texts).toEqual(["a b", "a c"]);
  });

  it("keeps nothing of a parse that throws: the next call parses again and names its own file", () => {
    let calls = 0;
    const parse = keptParses(
      (text: string, file: string) => {
        calls++;
        if (text === "bad") throw new Error(`${file}: bad text (${calls})`);
        return text;
      },
      (text) => text,
    );
    expect(() => parse("bad", "a.yml")).toThrow("a.yml: bad text (1)");
    expect(() => parse("bad", "b.yml")).toThrow("b.yml: bad text (2)");
  });

  it("keeps the `size` keys used last", () => {
    const parsed: string[] = [];
    const parse = keptParses(
      (text: string) => parsed.push(text),
      (text) => text,
      2,
    );
    // "c" pushes out "b" (used before "a"); "b" then pushes out "c".
    for (const text of ["a", "b", "a", "c", "a", "b", "a"]) parse(text);
    expect(parsed).toEqual(["a", "b", "c", "b"]);
  });
});
