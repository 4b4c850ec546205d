// The service's documented rules, checked before any read (src/search/definitions/rules/): each rule refuses what
// the service would refuse, at the JSON path of the mistake, with what is expected and the near name meant; the
// reviewed definitions (and valid custom analysis) pass; the built-in names are the API version's.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../../src/config/repo-root.js";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import {
  BUILT_IN_ANALYZERS,
  BUILT_IN_CHAR_FILTERS,
  BUILT_IN_NORMALIZERS,
  BUILT_IN_TOKEN_FILTERS,
  BUILT_IN_TOKENIZERS,
} from "../../../src/search/definitions/rules/builtin-names.js";
import {
  DEFINITION_RULES,
  definitionRuleFindings,
  findingText,
  type RuleFinding,
} from "../../../src/search/definitions/rules/check-definitions.js";
import { loadDefinition } from "../../standin/fixtures.js";

function definitions(): Definitions & Required<Pick<Definitions, "knowledgeSource" | "knowledgeBase">> {
  return {
    index: loadDefinition("docs-index.json"),
    datasource: loadDefinition("docs-datasource.json"),
    indexer: loadDefinition("docs-indexer.json"),
    knowledgeSource: loadDefinition("docs-knowledge-source.json"),
    knowledgeBase: loadDefinition("docs-knowledge-base.json"),
  };
}

type Defs = ReturnType<typeof definitions>;
const field = (d: Defs, name: string) => (d.index.fields as any[]).find((f) => f.name === name);
const profile = (d: Defs) => (d.index.scoringProfiles as any[])[0];
const numberField = (name: string, type = "Edm.Int64") => ({
  name,
  type,
  key: false,
  analyzer: null,
  facetable: false,
  filterable: true,
  indexAnalyzer: null,
  normalizer: null,
  retrievable: true,
  searchAnalyzer: null,
  searchable: false,
  sortable: false,
  stored: true,
  synonymMaps: [],
});

/** Each rule, a mistake that breaks it, and the finding expected (rule, path, text in the line, suggestion). */
const CASES: {
  rule: string;
  mistake: string;
  edit: (d: Defs) => void;
  path: string;
  says: RegExp;
  suggestion?: string;
}[] = [
  {
    rule: "field-names-unique",
    mistake: "a duplicated field",
    edit: (d) => (d.index.fields as any[]).push({ ...field(d, "path") }),
    path: "fields[12] (path).name",
    says: /the field name "path" is used again \(first at fields\[4\] \(path\)\)/,
  },
  {
    rule: "one-key-string",
    mistake: "a key of type Edm.Int32",
    edit: (d) => (field(d, "id").type = "Edm.Int32"),
    path: "fields[0] (id).type",
    says: /the key field is Edm.Int32; expected Edm.String/,
  },
  {
    rule: "one-key-string",
    mistake: "no key",
    edit: (d) => (field(d, "id").key = false),
    path: "fields",
    says: /no key field/,
  },
  {
    rule: "attributes-for-type",
    mistake: "a sortable collection",
    edit: (d) => (d.index.fields as any[]).push({ ...numberField("sizes", "Collection(Edm.Int32)"), sortable: true }),
    path: "fields[12] (sizes).sortable",
    says: /multi-valued .* cannot be sortable/,
  },
  {
    rule: "attributes-for-type",
    mistake: "a searchable number",
    edit: (d) => (d.index.fields as any[]).push({ ...numberField("size"), searchable: true }),
    path: "fields[12] (size).searchable",
    says: /a Edm.Int64 field is searchable; expected false/,
  },
  {
    rule: "analysis-names-resolve",
    mistake: "an analyzer typo",
    edit: (d) => (field(d, "title").indexAnalyzer = "docs_english_identifierz"),
    path: "fields[1] (title).indexAnalyzer",
    says: /no analyzer "docs_english_identifierz"; expected a predefined analyzer .* or one defined in the index's "analyzers"/,
    suggestion: "docs_english_identifiers",
  },
  {
    rule: "analysis-names-resolve",
    mistake: "a token filter typo in a custom analyzer",
    edit: (d) => ((d.index.analyzers as any[])[0].tokenFilters[1] = "lowercse"),
    path: "analyzers[0] (docs_english_identifiers).tokenFilters[1]",
    says: /no token filter "lowercse"/,
    suggestion: "lowercase",
  },
  {
    rule: "analysis-names-resolve",
    mistake: "a tokenizer neither predefined nor defined",
    edit: (d) => ((d.index.analyzers as any[])[0].tokenizer = "standard_v3"),
    path: "analyzers[0] (docs_english_identifiers).tokenizer",
    says: /no tokenizer "standard_v3"/,
    suggestion: "standard_v2",
  },
  {
    rule: "field-analyzers",
    mistake: "analyzer with indexAnalyzer",
    edit: (d) => (field(d, "title").analyzer = "en.lucene"),
    path: "fields[1] (title).analyzer",
    says: /either analyzer, or indexAnalyzer and searchAnalyzer/,
  },
  {
    rule: "field-analyzers",
    mistake: "a language analyzer as searchAnalyzer",
    edit: (d) => (field(d, "title").searchAnalyzer = "en.lucene"),
    path: "fields[1] (title).searchAnalyzer",
    says: /a language analyzer only as analyzer/,
  },
  {
    rule: "field-analyzers",
    mistake: "an analyzer on a field that is not searchable",
    edit: (d) => (field(d, "path").analyzer = "keyword"),
    path: "fields[4] (path).analyzer",
    says: /not a searchable string/,
  },
  {
    rule: "field-normalizer",
    mistake: "a normalizer on a field that is neither filterable, sortable nor facetable",
    edit: (d) => (field(d, "path").normalizer = "lowercase"),
    path: "fields[4] (path).normalizer",
    says: /expected null, or a string field that is filterable, sortable or facetable/,
  },
  {
    rule: "analysis-definition-names",
    mistake: "a custom token filter named as a predefined one",
    edit: (d) => {
      (d.index.tokenFilters as any[])[0].name = "stopwords";
      (d.index.analyzers as any[])[0].tokenFilters[0] = "stopwords";
    },
    path: "tokenFilters[0] (stopwords).name",
    says: /"stopwords" is a predefined token filter's name/,
  },
  {
    rule: "scoring-weight-field",
    mistake: "a weight on a field that does not exist (titel: 3)",
    edit: (d) => (profile(d).text.weights.titel = 3),
    path: "scoringProfiles[0] (docs-default).text.weights.titel",
    says: /no field "titel"; expected a searchable text field: title, description, content, app, tags/,
    suggestion: "title",
  },
  {
    rule: "scoring-weight-field",
    mistake: "a weight on a field that is not searchable",
    edit: (d) => (profile(d).text.weights.path = 2),
    path: "scoringProfiles[0] (docs-default).text.weights.path",
    says: /the field "path" is not searchable/,
  },
  {
    rule: "scoring-weight-positive",
    mistake: "a weight of -3",
    edit: (d) => (profile(d).text.weights.app = -3),
    path: "scoringProfiles[0] (docs-default).text.weights.app",
    says: /the weight is -3; expected a positive number/,
  },
  {
    rule: "scoring-function-field",
    mistake: "a freshness function on a string",
    edit: (d) =>
      (profile(d).functions = [
        { type: "freshness", fieldName: "path", boost: 2, freshness: { boostingDuration: "P30D" } },
      ]),
    path: "scoringProfiles[0] (docs-default).functions[0] (freshness).fieldName",
    says: /a freshness function on "path" \(Edm.String\); expected an Edm.DateTimeOffset field that is filterable: last_modified/,
  },
  {
    rule: "scoring-function-field",
    mistake: "a magnitude function on a field that does not exist",
    edit: (d) => {
      (d.index.fields as any[]).push(numberField("size"));
      profile(d).functions = [
        { type: "magnitude", fieldName: "szie", boost: 2, magnitude: { boostingRangeStart: 0, boostingRangeEnd: 10 } },
      ];
    },
    path: "scoringProfiles[0] (docs-default).functions[0] (magnitude).fieldName",
    says: /no field "szie"; expected a numeric field/,
    suggestion: "size",
  },
  {
    rule: "scoring-function-boost",
    mistake: "a boost of 1",
    edit: (d) =>
      (profile(d).functions = [
        { type: "freshness", fieldName: "last_modified", boost: 1, freshness: { boostingDuration: "P30D" } },
      ]),
    path: "scoringProfiles[0] (docs-default).functions[0] (freshness).boost",
    says: /the boost is 1; expected a positive number other than 1/,
  },
  {
    rule: "scoring-function-range",
    mistake: "a tag function with quadratic interpolation",
    edit: (d) =>
      (profile(d).functions = [
        { type: "tag", fieldName: "tags", boost: 2, interpolation: "quadratic", tag: { tagsParameter: "t" } },
      ]),
    path: "scoringProfiles[0] (docs-default).functions[0] (tag).interpolation",
    says: /linear or constant/,
  },
  {
    rule: "scoring-profile-limits",
    mistake: "nine functions in a profile",
    edit: (d) =>
      (profile(d).functions = Array.from({ length: 9 }, () => ({
        type: "freshness",
        fieldName: "last_modified",
        boost: 2,
        freshness: { boostingDuration: "P30D" },
      }))),
    path: "scoringProfiles[0] (docs-default).functions",
    says: /9 functions; expected at most 8/,
  },
  {
    rule: "default-scoring-profile",
    mistake: "a default profile that is not defined",
    edit: (d) => (d.index.defaultScoringProfile = "docs-defualt"),
    path: "defaultScoringProfile",
    says: /no scoring profile "docs-defualt"/,
    suggestion: "docs-default",
  },
  {
    rule: "semantic-fields",
    mistake: "a semantic content field that is not searchable",
    edit: (d) =>
      ((d.index.semantic as any).configurations[0].prioritizedFields.prioritizedContentFields[0].fieldName = "path"),
    path: "semantic.configurations[0] (default).prioritizedFields.prioritizedContentFields[0].fieldName",
    says: /the field "path" is not searchable/,
  },
  {
    rule: "semantic-fields",
    mistake: "a semantic title field that does not exist",
    edit: (d) => ((d.index.semantic as any).configurations[0].prioritizedFields.titleField.fieldName = "titel"),
    path: "semantic.configurations[0] (default).prioritizedFields.titleField.fieldName",
    says: /no field "titel"/,
    suggestion: "title",
  },
  {
    rule: "semantic-configurations",
    mistake: "a default semantic configuration that is not defined",
    edit: (d) => ((d.index.semantic as any).defaultConfiguration = "defualt"),
    path: "semantic.defaultConfiguration",
    says: /no semantic configuration "defualt"/,
    suggestion: "default",
  },
  {
    rule: "semantic-configurations",
    mistake: "a semantic configuration without a field",
    edit: (d) => ((d.index.semantic as any).configurations[0].prioritizedFields = { prioritizedContentFields: [] }),
    path: "semantic.configurations[0] (default).prioritizedFields",
    says: /no field; expected a titleField, content fields or keyword fields/,
  },
  {
    rule: "suggester-fields",
    mistake: "two suggesters",
    edit: (d) =>
      (d.index.suggesters = ["a", "b"].map((name) => ({
        name,
        searchMode: "analyzingInfixMatching",
        sourceFields: ["title"],
      }))),
    path: "suggesters",
    says: /2 suggesters; expected at most one suggester an index/,
  },
  {
    rule: "suggester-fields",
    mistake: "a suggester on a field that is not searchable",
    edit: (d) =>
      (d.index.suggesters = [{ name: "sg", searchMode: "analyzingInfixMatching", sourceFields: ["title", "repo"] }]),
    path: "suggesters[0] (sg).sourceFields[1]",
    says: /the field "repo" is not searchable/,
  },
  {
    rule: "indexer-references",
    mistake: "an indexer filling another index",
    edit: (d) => (d.indexer.targetIndexName = "docs-index-old"),
    path: "targetIndexName",
    says: /expected the index deployed with it, "docs-index"/,
  },
  {
    rule: "mapping-target",
    mistake: "a field mapping to a field that does not exist",
    edit: (d) => ((d.indexer.fieldMappings as any[])[4].targetFieldName = "titel"),
    path: "fieldMappings[4].targetFieldName",
    says: /no index field "titel"/,
    suggestion: "title",
  },
  {
    rule: "mapping-function",
    mistake: "an unknown mapping function",
    edit: (d) => ((d.indexer.fieldMappings as any[])[0].mappingFunction.name = "base64Encdoe"),
    path: "fieldMappings[0].mappingFunction.name",
    says: /no mapping function "base64Encdoe"/,
    suggestion: "base64Encode",
  },
  {
    rule: "knowledge-source-references",
    mistake: "a knowledge source naming a semantic configuration the index does not have",
    edit: (d) => ((d.knowledgeSource.searchIndexParameters as any).semanticConfigurationName = "defualt"),
    path: "searchIndexParameters.semanticConfigurationName",
    says: /no semantic configuration "defualt"/,
    suggestion: "default",
  },
  {
    rule: "knowledge-base-references",
    mistake: "a knowledge base listing a knowledge source that is not deployed",
    edit: (d) => ((d.knowledgeBase.knowledgeSources as any[])[0].name = "docs-knowledge-sorce"),
    path: "knowledgeSources[0].name",
    says: /no knowledge source "docs-knowledge-sorce"/,
    suggestion: "docs-knowledge-source",
  },
];

describe("the reviewed definitions", () => {
  it("break no rule (with agentic retrieval on, too)", () => {
    expect(definitionRuleFindings(definitions()).map(findingText)).toEqual([]);
  });

  it("a custom analyzer with configured stopwords and stemmer filters, and built-in ones, passes", () => {
    const d = definitions();
    (d.index.tokenFilters as any[]).push(
      { "@odata.type": "#Microsoft.Azure.Search.StopwordsTokenFilter", name: "docs_stop", stopwordsList: "english" },
      { "@odata.type": "#Microsoft.Azure.Search.StemmerTokenFilter", name: "docs_stem", language: "english" },
    );
    (d.index.analyzers as any[]).push({
      "@odata.type": "#Microsoft.Azure.Search.CustomAnalyzer",
      name: "docs_english",
      tokenizer: "standard_v2",
      tokenFilters: ["docs_identifier_parts", "lowercase", "docs_stop", "docs_stem", "asciifolding"],
      charFilters: ["html_strip"],
    });
    field(d, "content").indexAnalyzer = "docs_english";
    field(d, "content").searchAnalyzer = "docs_english";
    field(d, "description").indexAnalyzer = null;
    field(d, "description").searchAnalyzer = null;
    field(d, "description").analyzer = "en.microsoft";
    expect(definitionRuleFindings(d).map(findingText)).toEqual([]);
  });
});

describe("each rule refuses what the service refuses", () => {
  it.each(CASES)("$rule: $mistake", ({ rule, edit, path: at, says, suggestion }) => {
    const d = definitions();
    edit(d);
    const findings = definitionRuleFindings(d);
    const finding = findings.find((f) => f.rule === rule && f.path === at);
    expect(
      finding,
      JSON.stringify(
        findings.map((f) => [f.rule, findingText(f)]),
        null,
        2,
      ),
    ).toBeDefined();
    const f = finding as RuleFinding;
    expect(findingText(f)).toMatch(says);
    expect(f.suggestion).toBe(suggestion);
    if (suggestion) expect(findingText(f)).toContain(`(did you mean "${suggestion}"?)`);
    expect(f.source).toMatch(/^https:\/\/learn\.microsoft\.com\//);
  });

  it("every rule has a case above", () => {
    expect(new Set(CASES.map((c) => c.rule))).toEqual(new Set(DEFINITION_RULES.map((r) => r.id)));
  });

  it("a definition with several mistakes gets every one, in file order", () => {
    const d = definitions();
    profile(d).text.weights.titel = 3;
    profile(d).text.weights.app = -3;
    expect(definitionRuleFindings(d).map((f) => f.rule)).toEqual(["scoring-weight-field", "scoring-weight-positive"]);
  });
});

describe("the rules' sources", () => {
  const schema = JSON.parse(
    readFileSync(path.join(repoRoot, "schemas", "azure-search", "search-definitions.strict.schema.json"), "utf8"),
  ).$defs;
  it.each([
    ["LexicalAnalyzerName", BUILT_IN_ANALYZERS],
    ["LexicalTokenizerName", BUILT_IN_TOKENIZERS],
    ["TokenFilterName", BUILT_IN_TOKEN_FILTERS],
    ["CharFilterName", BUILT_IN_CHAR_FILTERS],
    ["LexicalNormalizerName", BUILT_IN_NORMALIZERS],
  ] as const)("the predefined names are the API version's %s", (name, names) => {
    expect([...names].sort()).toEqual([...(schema[name].examples as string[])].sort());
  });

  it("docs/search-deploy.md lists every rule with its source", () => {
    const doc = readFileSync(path.join(repoRoot, "docs", "search-deploy.md"), "utf8");
    for (const { id, source } of DEFINITION_RULES)
      expect(doc).toMatch(new RegExp(`\`${id}\`.*${source.replace(/[.?#]/g, "\\$&")}`));
  });
});
