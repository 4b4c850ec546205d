// The stand-in's analysis chain against documented examples: the word_delimiter token filter (Microsoft's
// option descriptions, Lucene WordDelimiterFilter semantics), custom analyzers and the analyzer a field uses.
import { describe, expect, it } from "vitest";
import { analyzerNamed, AnalysisError, fieldAnalysis } from "../../local/search-standin/ranking/analyzers.js";
import { indexWithDefaults } from "../../local/search-standin/management/index-definitions.js";
import { matchedSpans } from "../../local/search-standin/ranking/matched-spans.js";
import { parseQuery } from "../../local/search-standin/ranking/query.js";
import { WORD_DELIMITER_DEFAULTS, wordDelimiter } from "../../local/search-standin/ranking/word-delimiter.js";

// The filter's input split at spaces (the whitespace tokenizer), so the filter alone decides the parts.
const spaced = (text: string) =>
  [...text.matchAll(/\S+/g)].map((m, position) => ({
    term: m[0],
    position,
    start: m.index,
    end: m.index + m[0].length,
  }));
const wd = (text: string, options: Partial<typeof WORD_DELIMITER_DEFAULTS> = {}) =>
  wordDelimiter(spaced(text), { ...WORD_DELIMITER_DEFAULTS, ...options }).map((t) => `${t.term}@${t.position}`);

describe("word_delimiter (documented defaults and options)", () => {
  it("splits on case change, delimiters and numerics by default; a trailing 's goes", () => {
    expect(wd("AzureSearch")).toEqual(["Azure@0", "Search@1"]);
    expect(wd("maxRetries")).toEqual(["max@0", "Retries@1"]);
    expect(wd("request_timeout")).toEqual(["request@0", "timeout@1"]);
    expect(wd("charge.succeeded")).toEqual(["charge@0", "succeeded@1"]);
    expect(wd("Azure1Search")).toEqual(["Azure@0", "1@1", "Search@2"]);
    expect(wd("O'Neil's")).toEqual(["O@0", "Neil@1"]);
    expect(wd("wi-fi")).toEqual(["wi@0", "fi@1"]);
    // An upper → lower change does not split (Lucene): only lower → upper does.
    expect(wd("XMLParser")).toEqual(["XMLParser@0"]);
  });

  it("preserveOriginal keeps the token at its position, the first part sharing it", () => {
    expect(wd("maxRetries", { preserveOriginal: true })).toEqual(["maxRetries@0", "max@0", "Retries@1"]);
    expect(wd("set maxRetries now", { preserveOriginal: true })).toEqual([
      "set@0",
      "maxRetries@1",
      "max@1",
      "Retries@2",
      "now@3",
    ]);
    // A token that is one part already passes once.
    expect(wd("timeout", { preserveOriginal: true })).toEqual(["timeout@0"]);
  });

  it("catenates runs of word or number parts, or all parts, at the run's first position", () => {
    expect(wd("Azure-Search", { catenateWords: true })).toEqual(["Azure@0", "AzureSearch@0", "Search@1"]);
    expect(wd("1-2", { catenateNumbers: true })).toEqual(["1@0", "12@0", "2@1"]);
    expect(wd("Azure-Search-1", { catenateAll: true })).toEqual(["Azure@0", "AzureSearch1@0", "Search@1", "1@2"]);
  });

  it("honours splitOnCaseChange, splitOnNumerics, generate*Parts, stemEnglishPossessive and protectedWords", () => {
    expect(wd("AzureSearch", { splitOnCaseChange: false })).toEqual(["AzureSearch@0"]);
    expect(wd("Azure1Search", { splitOnNumerics: false })).toEqual(["Azure1Search@0"]);
    expect(wd("abc-123", { generateNumberParts: false })).toEqual(["abc@0"]);
    expect(wd("abc-123", { generateWordParts: false })).toEqual(["123@0"]);
    expect(wd("driver's", { stemEnglishPossessive: false })).toEqual(["driver@0", "s@1"]);
    expect(wd("maxRetries", { protectedWords: ["maxRetries"] })).toEqual(["maxRetries@0"]);
  });
});

const INDEX = {
  fields: [
    { name: "title", type: "Edm.String", analyzer: "identifiers" },
    { name: "body", type: "Edm.String", indexAnalyzer: "identifiers", searchAnalyzer: "standard.lucene" },
    { name: "plain", type: "Edm.String" },
  ],
  analyzers: [
    {
      "@odata.type": "#Microsoft.Azure.Search.CustomAnalyzer",
      name: "identifiers",
      tokenizer: "standard_v2",
      tokenFilters: ["identifier_parts", "lowercase"],
    },
  ],
  tokenFilters: [
    {
      "@odata.type": "#Microsoft.Azure.Search.WordDelimiterTokenFilter",
      name: "identifier_parts",
      preserveOriginal: true,
    },
  ],
};

describe("custom analyzers and the analyzer a field uses", () => {
  it("runs tokenizer then token filters in order", () => {
    const terms = analyzerNamed("identifiers", INDEX)
      .analyze("Set requestTimeoutMs or card_declined.")
      .map((t) => `${t.term}@${t.position}`);
    expect(terms).toEqual([
      "set@0",
      "requesttimeoutms@1",
      "request@1",
      "timeout@2",
      "ms@3",
      "or@4",
      "card_declined@5",
      "card@5",
      "declined@6",
    ]);
  });

  it("uses analyzer for both sides, indexAnalyzer and searchAnalyzer apart, standard.lucene when unset", () => {
    const analysis = fieldAnalysis(INDEX);
    expect(
      analysis
        .index("title")
        .analyze("maxRetries")
        .map((t) => t.term),
    ).toEqual(["maxretries", "max", "retries"]);
    expect(
      analysis
        .search("title")
        .analyze("maxRetries")
        .map((t) => t.term),
    ).toEqual(["maxretries", "max", "retries"]);
    expect(
      analysis
        .search("body")
        .analyze("maxRetries")
        .map((t) => t.term),
    ).toEqual(["maxretries"]);
    expect(
      analysis
        .index("plain")
        .analyze("maxRetries")
        .map((t) => t.term),
    ).toEqual(["maxretries"]);
  });

  it("refuses a name that is neither predefined nor defined, and a custom analyzer without a tokenizer", () => {
    expect(() => analyzerNamed("identifierz", INDEX)).toThrow(
      new AnalysisError("The analyzer 'identifierz' is not defined in the index and is not a predefined analyzer."),
    );
    const noTokenizer = { analyzers: [{ "@odata.type": "#Microsoft.Azure.Search.CustomAnalyzer", name: "x" }] };
    expect(() => analyzerNamed("x", noTokenizer)).toThrow(
      /The analyzer 'x' of type 'CustomAnalyzer' must specify a tokenizer/,
    );
    const badFilter = { analyzers: [{ ...INDEX.analyzers[0], tokenFilters: ["nope"] }] };
    expect(() => analyzerNamed("identifiers", badFilter)).toThrow(/token filter 'nope' is not defined/);
  });

  it("predefined whitespace keeps case and punctuation; keyword keeps the whole text", () => {
    expect(
      analyzerNamed("whitespace", {})
        .analyze("Max-Retries  now")
        .map((t) => t.term),
    ).toEqual(["Max-Retries", "now"]);
    expect(
      analyzerNamed("keyword", {})
        .analyze("Max Retries")
        .map((t) => t.term),
    ).toEqual(["Max Retries"]);
  });
});

describe("matched spans (what highlighting marks)", () => {
  const analysis = fieldAnalysis(INDEX);
  const marked = (text: string, field: string, q: string) =>
    matchedSpans(text, field, parseQuery(q), analysis).map((s) => text.slice(s.start, s.end));

  it("marks the parts of an identifier a question in words matches, through the field's index analyzer", () => {
    expect(marked("Set requestTimeoutMs to 30000.", "body", "request timeout")).toEqual(["requestTimeout"]);
    expect(marked("Set requestTimeoutMs to 30000.", "body", "requestTimeoutMs")).toEqual(["requestTimeoutMs"]);
    expect(marked("Set requestTimeoutMs to 30000.", "plain", "request timeout")).toEqual([]);
  });

  it("marks prefix matches and leaves excluded terms alone", () => {
    expect(marked("retries and retryOnConflict", "title", "retr* -conflict")).toEqual(["retries", "retryOnConflict"]);
  });
});

describe("index validation of analyzers (PUT /indexes)", () => {
  const body = (title: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    name: "x",
    fields: [
      { name: "id", type: "Edm.String", key: true },
      { name: "title", type: "Edm.String", ...title },
    ],
    analyzers: INDEX.analyzers,
    tokenFilters: INDEX.tokenFilters,
    ...extra,
  });
  const refusal = (b: Record<string, unknown>) => {
    try {
      indexWithDefaults(b);
      return "accepted";
    } catch (err) {
      return (err as Error).message;
    }
  };

  it("accepts analyzer alone, or indexAnalyzer with searchAnalyzer, naming defined or predefined analyzers", () => {
    expect(refusal(body({ analyzer: "identifiers" }))).toBe("accepted");
    expect(refusal(body({ indexAnalyzer: "identifiers", searchAnalyzer: "standard.lucene" }))).toBe("accepted");
    expect(refusal(body({ analyzer: "en.microsoft" }))).toBe("accepted");
  });

  it("refuses the combinations and names the service does not take, with a 400 naming the field", () => {
    expect(refusal(body({ analyzer: "identifiers", searchAnalyzer: "standard.lucene" }))).toBe(
      "The request is invalid. Details: definition : The field 'title' cannot set 'analyzer' together with 'indexAnalyzer' or 'searchAnalyzer'.",
    );
    expect(refusal(body({ indexAnalyzer: "identifiers" }))).toBe(
      "The request is invalid. Details: definition : The field 'title' must set 'indexAnalyzer' and 'searchAnalyzer' together.",
    );
    expect(refusal(body({ analyzer: "identifiers", searchable: false }))).toMatch(/not a searchable string field/);
    expect(refusal(body({ analyzer: "nope" }))).toBe(
      "The request is invalid. Details: definition : The field 'title' (analyzer): The analyzer 'nope' is not defined in the index and is not a predefined analyzer.",
    );
    expect(refusal(body({}, { tokenFilters: [] }))).toMatch(/token filter 'identifier_parts' is not defined/);
  });
});
