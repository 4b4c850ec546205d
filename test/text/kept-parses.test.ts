import { describe, expect, it } from "vitest";
import { keptParses } from "../../src/text/kept-parses.js";

describe("keptParses", () => {
  it("parses a text once and hands each caller its own copy", () => {
    const texts: string[] = [];
    const parse = keptParses((text: string, file: string) => {
      texts.push(text);
      return { file, words: text.split(" ") };
    });
    const first = parse("a b", "f.yml");
    first.words.push("edited");
    expect(parse("a b", "f.yml")).toEqual({ file: "f.yml", words: ["a", "b"] });
    expect(texts).toEqual(["a b"]);
    // Another name for the same text is another parse (its errors would name that file).
    expect(parse("a b", "g.yml").file).toBe("g.yml");
    expect(texts).toEqual(["a b", "a b"]);
  });

  it("keeps nothing of a parse that throws", () => {
    let calls = 0;
    const parse = keptParses((text: string) => {
      calls++;
      if (text === "bad") throw new Error(`bad text (${calls})`);
      return text;
    });
    expect(() => parse("bad")).toThrow("bad text (1)");
    expect(() => parse("bad")).toThrow("bad text (2)");
  });

  it("keeps the `size` texts used last", () => {
    const parsed: string[] = [];
    const parse = keptParses((text: string) => parsed.push(text), 2);
    // "c" pushes out "b" (used before "a"); "b" then pushes out "c".
    for (const text of ["a", "b", "a", "c", "a", "b", "a"]) parse(text);
    expect(parsed).toEqual(["a", "b", "c", "b"]);
  });
});
