// The stand-in's English token filters against their documented examples: Lucene's English stop set, Porter's
// stemmer (PorterStemFilter, `english` / `porter_stem`), the minimal and possessive English stemmers, and the
// service's rules for declaring them (the index's `tokenFilters`, closed enums, stopwords vs stopwordsList).
import { describe, expect, it } from "vitest";
import { analyzerNamed, AnalysisError } from "../../local/search-standin/ranking/analyzers.js";
import {
  ENGLISH_STOP_WORDS,
  minimalEnglishStem,
  porterStem,
  possessiveEnglish,
} from "../../local/search-standin/ranking/english.js";

const NS = "#Microsoft.Azure.Search.";
const index = (tokenFilters: unknown[], chain: unknown[]) => ({
  analyzers: [{ "@odata.type": `${NS}CustomAnalyzer`, name: "en", tokenizer: "standard_v2", tokenFilters: chain }],
  tokenFilters,
});
const terms = (def: Record<string, unknown>, text: string) =>
  analyzerNamed("en", def)
    .analyze(text)
    .map((t) => `${t.term}@${t.position}`);

describe("stemmers (Lucene's algorithms, the stems the reference lists for its test words)", () => {
  it("english / porter_stem is Porter's reference stemmer (PorterStemFilter)", () => {
    const stems = ["running", "retries", "refunding", "configuration", "generalization"].map(porterStem);
    expect(stems).toEqual(["run", "retri", "refund", "configur", "gener"]);
    // The reference implementation's departures from the 1980 paper, which Lucene keeps.
    expect(porterStem("analogi")).toBe("analog");
    expect(porterStem("sensibility")).toBe("sensibl");
    // One- and two-letter words stay.
    expect(porterStem("as")).toBe("as");
  });

  it("minimalEnglish removes plural endings only (Harman's S-stemmer)", () => {
    const stems = ["running", "retries", "refunding", "configuration", "generalization"].map(minimalEnglishStem);
    expect(stems).toEqual(["running", "retry", "refunding", "configuration", "generalization"]);
    expect(minimalEnglishStem("indexes")).toBe("indexe");
    expect(minimalEnglishStem("status")).toBe("status");
    expect(minimalEnglishStem("class")).toBe("class");
    expect(minimalEnglishStem("toes")).toBe("toes");
    expect(minimalEnglishStem("plays")).toBe("play");
  });

  it("possessiveEnglish strips 's, ’s and ＇s in any case", () => {
    expect(["API's", "user’s", "Bob＇S", "its", "s"].map(possessiveEnglish)).toEqual([
      "API",
      "user",
      "Bob",
      "its",
      "s",
    ]);
  });
});

describe("a custom analyzer with stop words and English stemming that keeps identifiers", () => {
  const def = index(
    [
      {
        "@odata.type": `${NS}WordDelimiterTokenFilter`,
        name: "parts",
        preserveOriginal: true,
      },
      { "@odata.type": `${NS}StopwordsTokenFilter`, name: "stop", stopwordsList: "english" },
      { "@odata.type": `${NS}StemmerTokenFilter`, name: "stem", language: "english" },
    ],
    ["parts", "lowercase", "stop", "stem"],
  );

  it("drops Lucene's 33 English stop words and leaves their positions empty", () => {
    expect(ENGLISH_STOP_WORDS).toHaveLength(33);
    expect(terms(def, "The retries of the client")).toEqual(["retri@1", "client@4"]);
  });

  it("keeps an identifier whole and split, each stemmed the same way at indexing and at query time", () => {
    expect(terms(def, "Set requestTimeoutMs")).toEqual([
      "set@0",
      "requesttimeoutm@1",
      "request@1",
      "timeout@2",
      "ms@3",
    ]);
    expect(terms(def, "Refunding settings")).toEqual(["refund@0", "set@1"]);
  });

  it("the bare stopwords filter uses the English list; porter_stem is the Porter stemmer", () => {
    const bare = index([], ["lowercase", "stopwords", "porter_stem"]);
    expect(terms(bare, "It is running")).toEqual(["run@2"]);
  });

  it("stopwords may be given as a list, compared exactly unless ignoreCase", () => {
    const own = (ignoreCase: boolean) =>
      index([{ "@odata.type": `${NS}StopwordsTokenFilter`, name: "s", stopwords: ["how", "do"], ignoreCase }], ["s"]);
    expect(terms(own(false), "How do I")).toEqual(["How@0", "I@2"]);
    expect(terms(own(true), "How do I")).toEqual(["I@2"]);
  });
});

describe("en.lucene (Lucene's EnglishAnalyzer: possessive, lowercase, English stop words, Porter)", () => {
  it("analyses as the English chain the docs describe", () => {
    const tokens = analyzerNamed("en.lucene", {}).analyze("The API's runners are running");
    expect(tokens.map((t) => `${t.term}@${t.position}`)).toEqual(["api@1", "runner@2", "run@4"]);
  });
});

describe("the service's rules for these filters (refused as a 400 would be)", () => {
  const refused = (filters: unknown[], chain: unknown[]) => () => analyzerNamed("en", index(filters, chain));

  it("refuses both stopwords and stopwordsList, an unknown list or language", () => {
    expect(
      refused(
        [{ "@odata.type": `${NS}StopwordsTokenFilter`, name: "s", stopwords: ["a"], stopwordsList: "english" }],
        ["s"],
      ),
    ).toThrow(/both 'stopwords' and 'stopwordsList'/);
    expect(
      refused([{ "@odata.type": `${NS}StopwordsTokenFilter`, name: "s", stopwordsList: "klingon" }], ["s"]),
    ).toThrow(/invalid 'stopwordsList'/);
    expect(
      refused([{ "@odata.type": `${NS}StemmerTokenFilter`, name: "s", language: "light_english" }], ["s"]),
    ).toThrow(/invalid 'language'/);
  });

  it("refuses what it does not emulate rather than ranking differently (kstem, lightEnglish, other lists)", () => {
    expect(refused([], ["kstem"])).toThrow(AnalysisError);
    expect(refused([], ["kstem"])).toThrow(/does not emulate the token filter 'kstem'/);
    expect(refused([{ "@odata.type": `${NS}StemmerTokenFilter`, name: "s", language: "lightEnglish" }], ["s"])).toThrow(
      /does not emulate the stemmer language 'lightEnglish'/,
    );
    expect(
      refused([{ "@odata.type": `${NS}StopwordsTokenFilter`, name: "s", stopwordsList: "french" }], ["s"]),
    ).toThrow(/does not emulate the stop word list 'french'/);
  });
});
