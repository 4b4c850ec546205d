// The rules on an index's text analysis (Microsoft Learn "Add custom analyzers to string fields", "Text
// normalization"; REST API 2026-04-01 `SearchField`, `CustomAnalyzer`, `CustomNormalizer`): every analyzer,
// tokenizer, token filter, char filter and normalizer a definition names is predefined for this API version or
// defined in the index; a field sets `analyzer` alone or `indexAnalyzer` with `searchAnalyzer`, on a searchable
// string field; custom definitions have valid, unique names of their own. Pure.
import type { JsonObject } from "../json.js";
import {
  BUILT_IN_ANALYZERS,
  BUILT_IN_CHAR_FILTERS,
  BUILT_IN_NORMALIZERS,
  BUILT_IN_TOKEN_FILTERS,
  BUILT_IN_TOKENIZERS,
  isLanguageAnalyzer,
} from "./builtin-names.js";
import { indexFields, item, list, namesIn, STRING } from "./index-model.js";
import { SOURCES, unknownName, type Rule, type Violation } from "./rule.js";

/** One kind of analysis component: where an index defines its own, and the names predefined for it. */
interface Component {
  noun: string;
  key: "analyzers" | "tokenizers" | "tokenFilters" | "charFilters" | "normalizers";
  builtIn: ReadonlySet<string>;
}

const ANALYZER: Component = { noun: "analyzer", key: "analyzers", builtIn: BUILT_IN_ANALYZERS };
const TOKENIZER: Component = { noun: "tokenizer", key: "tokenizers", builtIn: BUILT_IN_TOKENIZERS };
const TOKEN_FILTER: Component = { noun: "token filter", key: "tokenFilters", builtIn: BUILT_IN_TOKEN_FILTERS };
const CHAR_FILTER: Component = { noun: "char filter", key: "charFilters", builtIn: BUILT_IN_CHAR_FILTERS };
const NORMALIZER: Component = { noun: "normalizer", key: "normalizers", builtIn: BUILT_IN_NORMALIZERS };
const COMPONENTS = [ANALYZER, TOKENIZER, TOKEN_FILTER, CHAR_FILTER, NORMALIZER];

const CUSTOM_ANALYZER = "#Microsoft.Azure.Search.CustomAnalyzer";
const CUSTOM_NORMALIZER = "#Microsoft.Azure.Search.CustomNormalizer";

/** A name that must be predefined or defined in the index's list for its component. */
function resolves(index: JsonObject, c: Component, name: unknown, path: string): Violation[] {
  if (typeof name !== "string") return [];
  const defined = namesIn(index, c.key);
  if (defined.includes(name) || c.builtIn.has(name)) return [];
  const expected = `a predefined ${c.noun} of api-version 2026-04-01 or one defined in the index's "${c.key}"${
    defined.length > 0 ? ` (${defined.join(", ")})` : ""
  }`;
  return [unknownName(path, c.noun, name, expected, [...defined, ...c.builtIn])];
}

/** Each name a field, a custom analyzer or a custom normalizer gives resolves. */
function namesResolve(index: JsonObject): Violation[] {
  const out: Violation[] = [];
  for (const f of indexFields(index)) {
    for (const key of ["analyzer", "searchAnalyzer", "indexAnalyzer"])
      out.push(...resolves(index, ANALYZER, f.field[key], `${f.at}.${key}`));
    out.push(...resolves(index, NORMALIZER, f.field.normalizer, `${f.at}.normalizer`));
  }
  list(index.analyzers).forEach((a, i) => {
    if (a["@odata.type"] !== CUSTOM_ANALYZER) return;
    const at = item("analyzers", i, a.name);
    out.push(...resolves(index, TOKENIZER, a.tokenizer, `${at}.tokenizer`));
    out.push(...chain(index, a, at));
  });
  list(index.normalizers).forEach((n, i) => {
    if (n["@odata.type"] === CUSTOM_NORMALIZER) out.push(...chain(index, n, item("normalizers", i, n.name)));
  });
  return out;
}

/** The token filters and char filters of a custom analyzer or normalizer. */
function chain(index: JsonObject, def: JsonObject, at: string): Violation[] {
  const names = (key: string) => (Array.isArray(def[key]) ? (def[key] as unknown[]) : []);
  return [
    ...names("tokenFilters").flatMap((n, i) => resolves(index, TOKEN_FILTER, n, `${at}.tokenFilters[${i}]`)),
    ...names("charFilters").flatMap((n, i) => resolves(index, CHAR_FILTER, n, `${at}.charFilters[${i}]`)),
  ];
}

/**
 * A field's analyzers: only on a searchable string field; `analyzer` alone, or `indexAnalyzer` and
 * `searchAnalyzer` together; a language analyzer only as `analyzer` (SPEC `SearchField`).
 */
function fieldAnalyzers(index: JsonObject): Violation[] {
  return indexFields(index).flatMap((f) => {
    const set = ["analyzer", "indexAnalyzer", "searchAnalyzer"].filter((k) => f.field[k] != null);
    if (set.length === 0) return [];
    const at = (k: string) => `${f.at}.${k}`;
    if (f.element !== STRING || f.attributes.searchable !== true)
      return [
        {
          path: at(set[0]!),
          problem: `an analyzer on a field that is not a searchable string (${f.type}, searchable ${String(f.attributes.searchable)})`,
          expected: "null, or make it a searchable Edm.String or Collection(Edm.String) field",
        },
      ];
    if (set.includes("analyzer") && set.length > 1)
      return [
        {
          path: at("analyzer"),
          problem: `analyzer is set together with ${set.filter((k) => k !== "analyzer").join(" and ")}`,
          expected: "either analyzer, or indexAnalyzer and searchAnalyzer (not both)",
        },
      ];
    if (!set.includes("analyzer") && set.length === 1) {
      const missing = set[0] === "indexAnalyzer" ? "searchAnalyzer" : "indexAnalyzer";
      return [
        { path: at(missing), problem: `${missing} is not set`, expected: `set with ${set[0]} (the two go together)` },
      ];
    }
    return ["indexAnalyzer", "searchAnalyzer"]
      .filter((k) => typeof f.field[k] === "string" && isLanguageAnalyzer(f.field[k] as string))
      .map((k) => ({
        path: at(k),
        problem: `the language analyzer ${JSON.stringify(f.field[k])} as ${k}`,
        expected: "a language analyzer only as analyzer (indexAnalyzer and searchAnalyzer take other analyzers)",
      }));
  });
}

/** A normalizer only on a string field that is filterable, sortable or facetable. */
function fieldNormalizers(index: JsonObject): Violation[] {
  return indexFields(index).flatMap((f) => {
    if (f.field.normalizer == null) return [];
    const a = f.attributes;
    if (f.element === STRING && (a.filterable === true || a.sortable === true || a.facetable === true)) return [];
    return [
      {
        path: `${f.at}.normalizer`,
        problem: `a normalizer on a field that is not a filterable, sortable or facetable string (${f.type})`,
        expected: "null, or a string field that is filterable, sortable or facetable",
      },
    ];
  });
}

const DEFINITION_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9 _-]{0,126}[A-Za-z0-9])?$/;

/** A custom analyzer, tokenizer, filter or normalizer: a valid name, unique, not a predefined one's. */
function definitionNames(index: JsonObject): Violation[] {
  return COMPONENTS.flatMap((c) => {
    const seen = new Set<string>();
    return list(index[c.key]).flatMap((def, i) => {
      const name = def.name;
      const path = `${item(c.key, i, name)}.name`;
      if (typeof name !== "string") return [];
      const problem = (p: string, expected: string): Violation[] => [{ path, problem: p, expected }];
      if (!DEFINITION_NAME.test(name))
        return problem(
          `the ${c.noun} name ${JSON.stringify(name)}`,
          "letters, digits, spaces, dashes or underscores, starting and ending with a letter or digit, at most 128 characters",
        );
      if (c.builtIn.has(name))
        return problem(`${JSON.stringify(name)} is a predefined ${c.noun}'s name`, `a name of its own`);
      if (seen.has(name)) return problem(`the ${c.noun} name ${JSON.stringify(name)} is used again`, "unique names");
      seen.add(name);
      return [];
    });
  });
}

export const ANALYSIS_RULES: readonly Rule<JsonObject>[] = [
  { id: "analysis-names-resolve", source: SOURCES.customAnalyzers, check: namesResolve },
  { id: "field-analyzers", source: SOURCES.searchField, check: fieldAnalyzers },
  { id: "field-normalizer", source: SOURCES.normalizers, check: fieldNormalizers },
  { id: "analysis-definition-names", source: SOURCES.customAnalyzers, check: definitionNames },
];
