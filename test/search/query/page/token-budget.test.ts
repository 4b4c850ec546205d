// The token estimate and filling an answer up to a budget.
import { describe, expect, it } from "vitest";
import { estimateTokens, fillToBudget, largestIndex } from "../../../../src/search/query/page/token-budget.js";

describe("estimateTokens", () => {
  it("counts characters / 4, rounded up", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcde")).toBe(2);
  });
});

describe("fillToBudget", () => {
  const measure = (items: readonly string[]) => 10 + items.reduce((n, s) => n + s.length, 0);

  it("takes each item's largest form within its share (larger for better-ranked items), then stops at the first that fits in no form", () => {
    const forms = [
      ["a", "aaaa", "aaaaaaaaaaaaaaaaaaaa"],
      ["b", "bbbbbbbbbb"],
      ["c", "cccccccccccccccccccccccccccccc"],
    ];
    const fit = fillToBudget(forms, (chosen) => chosen, measure, 30);
    // a keeps to its share (half of what is left for 3 items), b to two thirds of the rest, c takes what is left.
    expect(fit.answer).toEqual(["aaaa", "bbbbbbbbbb", "c"]);
    expect(fit.shown).toBe(3);
    expect(fit.tokens).toBeLessThanOrEqual(30);
    // An item that fits in no form ends the filling.
    const tight = fillToBudget([["aaaa"], ["bbbbbbbbbbbbbbbbbbbb"], ["c"]], (chosen) => chosen, measure, 30);
    expect(tight).toMatchObject({ answer: ["aaaa"], shown: 1 });
  });

  it("leaves room for the later items' smallest forms: a long first form does not push a later item out", () => {
    const forms = [["a", "aaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaa"], ["bbbbbbbbbbb"]];
    // Within its share (two thirds of 30) a could take its 20 characters; b (11) would then not fit.
    expect(fillToBudget(forms, (c) => c, measure, 40).answer).toEqual(["aaaaaaaaaa", "bbbbbbbbbbb"]);
  });

  it("when the later items' smallest forms cannot all fit, the better item takes the largest form that fits", () => {
    const forms = [["a", "aaaa", "aaaaaaaaaaaaaaaaaaaa"], ["b"], ["cccccccccccccccccccccccccccccc"]];
    expect(fillToBudget(forms, (c) => c, measure, 30)).toMatchObject({
      answer: ["aaaaaaaaaaaaaaaaaaaa"],
      shown: 1,
      tokens: 30,
    });
  });

  it("takes a placeholder form only when no other form fits: fewer items with substance", () => {
    const forms = [
      ["", "aaaaaaaaaa"],
      ["", "bbbbbbbbbb"],
    ];
    expect(fillToBudget(forms, (c) => c, measure, 22, true).answer).toEqual(["aaaaaaaaaa", ""]);
    expect(fillToBudget(forms, (c) => c, measure, 22, false).answer).toEqual(["", "bbbbbbbbbb"]);
    expect(fillToBudget(forms, (c) => c, measure, 12, true).answer).toEqual(["", ""]);
  });

  it("does not let a placeholder's first real form push a later item out", () => {
    // "p" then 15 a's fills the budget alone; the later item's placeholder must still fit.
    const fit = fillToBudget([["p", "a".repeat(15)], ["q"]], (c) => c, measure, 25, true);
    expect(fit.answer).toEqual(["p", "q"]);
    expect(fit.tokens).toBeLessThanOrEqual(25);
  });

  it("never goes over the budget, even when no item fits", () => {
    expect(fillToBudget([["xxxxxxxxxx"]], (c) => c, measure, 12)).toMatchObject({ answer: [], shown: 0, tokens: 10 });
  });

  it("finds the largest index that fits by bisection", () => {
    expect(largestIndex(10, (i) => i <= 6)).toBe(6);
    expect(largestIndex(10, () => false)).toBeUndefined();
  });
});
