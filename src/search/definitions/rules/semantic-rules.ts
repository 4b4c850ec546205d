// The rules on semantic configurations and suggesters (Microsoft Learn "Configure semantic ranker", "Add
// suggesters"; REST API 2026-04-01 `SemanticConfiguration`, `SearchSuggester`): each names existing searchable
// text fields; a configuration sets at least one of its fields; names unique; the default configuration exists;
// one suggester an index. Pure.
import type { JsonObject } from "../json.js";
import { indexFields, isSearchableText, notSearchableText, item, list } from "./index-model.js";
import { choices, SOURCES, unknownName, type Rule, type Violation } from "./rule.js";

/** A field name that must be a searchable Edm.String or Collection(Edm.String) field of the index. */
function textField(index: JsonObject, name: unknown, path: string): Violation[] {
  if (typeof name !== "string") return [];
  const fields = indexFields(index);
  const searchable = fields.filter(isSearchableText).map((f) => f.name);
  const expected = `a searchable Edm.String or Collection(Edm.String) field: ${choices(searchable)}`;
  const field = fields.find((f) => f.name === name);
  if (!field) return [unknownName(path, "field", name, expected, searchable)];
  if (isSearchableText(field)) return [];
  return [{ path, problem: notSearchableText(field), expected }];
}

function configurations(index: JsonObject): { at: string; config: JsonObject }[] {
  const semantic = index.semantic as JsonObject | null | undefined;
  return list(semantic?.configurations).map((config, i) => ({
    at: item("semantic.configurations", i, config.name),
    config,
  }));
}

/** The title, content and keyword fields of each configuration. */
function semanticFields(index: JsonObject): Violation[] {
  return configurations(index).flatMap(({ at, config }) => {
    const fields = (config.prioritizedFields ?? {}) as JsonObject;
    const base = `${at}.prioritizedFields`;
    const title = fields.titleField as JsonObject | null | undefined;
    return [
      ...textField(index, title?.fieldName, `${base}.titleField.fieldName`),
      ...(["prioritizedContentFields", "prioritizedKeywordsFields"] as const).flatMap((key) =>
        list(fields[key]).flatMap((f, i) => textField(index, f.fieldName, `${base}.${key}[${i}].fieldName`)),
      ),
    ];
  });
}

/** At least one field a configuration; unique names; `defaultConfiguration` names one. */
function semanticConfigurations(index: JsonObject): Violation[] {
  const all = configurations(index);
  const names = all.map((c) => c.config.name).filter((n): n is string => typeof n === "string");
  const out: Violation[] = [];
  all.forEach(({ at, config }, i) => {
    const f = (config.prioritizedFields ?? {}) as JsonObject;
    const some = list(f.prioritizedContentFields).length + list(f.prioritizedKeywordsFields).length > 0;
    if (f.titleField == null && !some)
      out.push({
        path: `${at}.prioritizedFields`,
        problem: "no field",
        expected: "a titleField, content fields or keyword fields",
      });
    if (all.findIndex((c) => c.config.name === config.name) < i)
      out.push({ path: `${at}.name`, problem: "the configuration name is used again", expected: "unique names" });
  });
  const chosen = (index.semantic as JsonObject | null | undefined)?.defaultConfiguration;
  if (typeof chosen === "string" && !names.includes(chosen))
    out.push(
      unknownName(
        "semantic.defaultConfiguration",
        "semantic configuration",
        chosen,
        `one of: ${choices(names)}`,
        names,
      ),
    );
  return out;
}

/** "The list of field names to which the suggester applies. Each field must be searchable." One an index. */
function suggesters(index: JsonObject): Violation[] {
  const all = list(index.suggesters);
  const out: Violation[] =
    all.length > 1
      ? [{ path: "suggesters", problem: `${all.length} suggesters`, expected: "at most one suggester an index" }]
      : [];
  all.forEach((s, i) => {
    const sources = Array.isArray(s.sourceFields) ? (s.sourceFields as unknown[]) : [];
    sources.forEach((name, j) =>
      out.push(...textField(index, name, `${item("suggesters", i, s.name)}.sourceFields[${j}]`)),
    );
  });
  return out;
}

export const SEMANTIC_RULES: readonly Rule<JsonObject>[] = [
  { id: "semantic-fields", source: SOURCES.semantic, check: semanticFields },
  { id: "semantic-configurations", source: SOURCES.semantic, check: semanticConfigurations },
  { id: "suggester-fields", source: SOURCES.suggesters, check: suggesters },
];
