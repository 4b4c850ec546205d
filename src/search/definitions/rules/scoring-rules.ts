// The rules on scoring profiles (Microsoft Learn "Add scoring profiles", "Service limits"; REST API 2026-04-01
// `ScoringProfile`, `ScoringFunction`): weights on searchable text fields, positive; each function on a filterable
// field of its type, a boost that is positive and not 1, an interpolation its type allows; the limits; a default
// profile that exists. Pure.
import type { JsonObject } from "../json.js";
import {
  indexFields,
  isSearchableText,
  notSearchableText,
  item,
  list,
  namesIn,
  type IndexField,
} from "./index-model.js";
import { choices, SOURCES, unknownName, type Rule, type Violation } from "./rule.js";

interface Profile {
  at: string;
  profile: JsonObject;
}

function profiles(index: JsonObject): Profile[] {
  return list(index.scoringProfiles).map((profile, i) => ({ at: item("scoringProfiles", i, profile.name), profile }));
}

function weightsOf(p: Profile): [string, unknown][] {
  const text = p.profile.text;
  const weights = text && typeof text === "object" ? (text as JsonObject).weights : undefined;
  return weights && typeof weights === "object" ? Object.entries(weights as JsonObject) : [];
}

/** "Weights: name-value pairs that specify a searchable field …": every weighted field exists and is searchable. */
function weightFields(index: JsonObject): Violation[] {
  const fields = indexFields(index);
  const searchable = fields.filter(isSearchableText).map((f) => f.name);
  const expected = `a searchable text field: ${choices(searchable)}`;
  return profiles(index).flatMap((p) =>
    weightsOf(p).flatMap(([name]): Violation[] => {
      const path = `${p.at}.text.weights.${name}`;
      const field = fields.find((f) => f.name === name);
      if (!field) return [unknownName(path, "field", name, expected, searchable)];
      if (isSearchableText(field)) return [];
      return [{ path, problem: notSearchableText(field), expected }];
    }),
  );
}

/** A weight is a positive number that multiplies the field's score. */
function positiveWeights(index: JsonObject): Violation[] {
  return profiles(index).flatMap((p) =>
    weightsOf(p)
      .filter(([, weight]) => typeof weight === "number" && !(weight > 0))
      .map(([name, weight]) => ({
        path: `${p.at}.text.weights.${name}`,
        problem: `the weight is ${String(weight)}`,
        expected: "a positive number (1 leaves the field's score as it is; leave a field out to not boost it)",
      })),
  );
}

/** The field types each function type reads. */
const FUNCTION_TYPES: Readonly<Record<string, { types: readonly string[]; noun: string }>> = {
  freshness: { types: ["Edm.DateTimeOffset"], noun: "an Edm.DateTimeOffset field" },
  magnitude: {
    types: ["Edm.Int32", "Edm.Int64", "Edm.Double"],
    noun: "a numeric field (Edm.Int32, Edm.Int64, Edm.Double)",
  },
  distance: { types: ["Edm.GeographyPoint"], noun: "an Edm.GeographyPoint field" },
  tag: { types: ["Edm.String", "Collection(Edm.String)"], noun: "an Edm.String or Collection(Edm.String) field" },
};

function functionsOf(index: JsonObject): { at: string; fn: JsonObject }[] {
  return profiles(index).flatMap((p) =>
    list(p.profile.functions).map((fn, i) => ({ at: `${p.at}.functions[${i}] (${String(fn.type)})`, fn })),
  );
}

/** "A scoring function can only be applied to fields that are filterable"; each type reads one kind of field. */
function functionFields(index: JsonObject): Violation[] {
  const fields = indexFields(index).filter((f) => f.topLevel);
  return functionsOf(index).flatMap(({ at, fn }): Violation[] => {
    const kind = FUNCTION_TYPES[String(fn.type)];
    if (!kind || typeof fn.fieldName !== "string") return [];
    const fits = (f: IndexField) => kind.types.includes(f.type) && f.attributes.filterable === true;
    const expected = `${kind.noun} that is filterable: ${choices(fields.filter(fits).map((f) => f.name))}`;
    const field = fields.find((f) => f.name === fn.fieldName);
    const path = `${at}.fieldName`;
    if (!field)
      return [
        unknownName(
          path,
          "field",
          fn.fieldName,
          expected,
          fields.filter(fits).map((f) => f.name),
        ),
      ];
    if (fits(field)) return [];
    const what = kind.types.includes(field.type) ? "not filterable" : field.type;
    return [{ path, problem: `a ${String(fn.type)} function on ${JSON.stringify(field.name)} (${what})`, expected }];
  });
}

/** "boost: a multiplier for the raw score. Must be a positive number not equal to 1.0." */
function functionBoosts(index: JsonObject): Violation[] {
  return functionsOf(index)
    .filter(({ fn }) => typeof fn.boost === "number" && (!(fn.boost > 0) || fn.boost === 1))
    .map(({ at, fn }) => ({
      path: `${at}.boost`,
      problem: `the boost is ${String(fn.boost)}`,
      expected: "a positive number other than 1 (above 1 raises the score, below 1 lowers it)",
    }));
}

/** Tag functions interpolate linearly or constantly; a distance boosts up to a positive distance. */
function functionRanges(index: JsonObject): Violation[] {
  return functionsOf(index).flatMap(({ at, fn }): Violation[] => {
    const interpolation = fn.interpolation;
    if (fn.type === "tag" && (interpolation === "quadratic" || interpolation === "logarithmic"))
      return [
        {
          path: `${at}.interpolation`,
          problem: `a tag function with ${interpolation} interpolation`,
          expected: "linear or constant (quadratic and logarithmic are not allowed for tag functions)",
        },
      ];
    const distance = (fn.distance as JsonObject | undefined)?.boostingDistance;
    if (fn.type === "distance" && typeof distance === "number" && !(distance > 0))
      return [
        {
          path: `${at}.distance.boostingDistance`,
          problem: `the boosting distance is ${distance}`,
          expected: "a positive number of kilometres",
        },
      ];
    return [];
  });
}

/** At most 100 profiles an index and 8 functions a profile; profile names unique. */
function profileLimits(index: JsonObject): Violation[] {
  const all = profiles(index);
  const out: Violation[] = [];
  if (all.length > 100)
    out.push({ path: "scoringProfiles", problem: `${all.length} scoring profiles`, expected: "at most 100" });
  const seen = new Set<unknown>();
  for (const p of all) {
    const count = list(p.profile.functions).length;
    if (count > 8) out.push({ path: `${p.at}.functions`, problem: `${count} functions`, expected: "at most 8" });
    if (seen.has(p.profile.name))
      out.push({ path: `${p.at}.name`, problem: "the profile name is used again", expected: "unique profile names" });
    seen.add(p.profile.name);
  }
  return out;
}

/** `defaultScoringProfile` names one of the index's profiles. */
function defaultProfile(index: JsonObject): Violation[] {
  const name = index.defaultScoringProfile;
  const defined = namesIn(index, "scoringProfiles");
  if (typeof name !== "string" || defined.includes(name)) return [];
  const expected = `the name of a scoring profile of the index: ${choices(defined)}, or null`;
  return [unknownName("defaultScoringProfile", "scoring profile", name, expected, defined)];
}

export const SCORING_RULES: readonly Rule<JsonObject>[] = [
  { id: "scoring-weight-field", source: SOURCES.scoringProfiles, check: weightFields },
  { id: "scoring-weight-positive", source: SOURCES.scoringProfiles, check: positiveWeights },
  { id: "scoring-function-field", source: SOURCES.scoringProfiles, check: functionFields },
  { id: "scoring-function-boost", source: SOURCES.scoringProfiles, check: functionBoosts },
  { id: "scoring-function-range", source: SOURCES.scoringProfiles, check: functionRanges },
  { id: "scoring-profile-limits", source: SOURCES.limits, check: profileLimits },
  { id: "default-scoring-profile", source: SOURCES.scoringProfiles, check: defaultProfile },
];
