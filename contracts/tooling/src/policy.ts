// The breaking-change policy table of the contracts:check gate: for each validation keyword, by direction (a
// request the client sends, a response it receives) and by what the change does to the set of values the schema
// allows (narrows, widens, or changes it in a way that is neither), whether the change breaks existing clients.
// The rule underneath: a request that accepts less breaks the clients sending what it accepted; a response that
// may carry more breaks the clients reading it. Two exceptions, for generated clients: an enum is a closed type
// in their code, so any value removed or added to a response enum breaks them; and a response `pattern` is never
// checked by them (nor by the gateway), so it is listed, not judged. contracts/README.md ("Policy") shows this
// table; test/contracts/breaking-policy.test.ts proves every row on a pair of descriptions.

export type Direction = "request" | "response";
/** What a change does to the values a schema allows: fewer (narrows), more (widens), or different (changes). */
export type Effect = "narrows" | "widens" | "changes";

export type Keyword =
  | "maxLength"
  | "minLength"
  | "maximum"
  | "minimum"
  | "exclusiveMaximum"
  | "exclusiveMinimum"
  | "maxItems"
  | "minItems"
  | "uniqueItems"
  | "multipleOf"
  | "pattern"
  | "enum"
  | "nullable"
  | "required"
  | "type"
  | "format"
  | "additionalProperties";

export interface PolicyRow {
  keyword: Keyword;
  direction: Direction;
  effect: Effect;
  breaking: boolean;
  /** What the row means, in the words the gate prints (e.g. "maxLength lowered"). */
  example: string;
}

const DEFAULT_BREAKING: Record<Direction, Record<Effect, boolean>> = {
  request: { narrows: true, widens: false, changes: true },
  response: { narrows: false, widens: true, changes: true },
};

/** The exceptions to the rule above (the project's stance for generated clients). */
const EXCEPTIONS: Partial<Record<`${Keyword} ${Direction} ${Effect}`, boolean>> = {
  // A response enum value removed: a generated client's union type loses a member its code may name.
  "enum response narrows": true,
  // A response pattern: not part of any generated type, not checked by clients or the gateway, and whether one
  // regular expression accepts more than another cannot be decided; the change is listed as allowed.
  "pattern response widens": false,
  "pattern response changes": false,
};

/** How each keyword's changes read (the effects a keyword can have, with their words). */
const EXAMPLES: Record<Keyword, Partial<Record<Effect, string>>> = {
  maxLength: { narrows: "maxLength lowered or added", widens: "maxLength raised or removed" },
  minLength: { narrows: "minLength raised or added", widens: "minLength lowered or removed" },
  maximum: { narrows: "maximum lowered or added", widens: "maximum raised or removed" },
  minimum: { narrows: "minimum raised or added", widens: "minimum lowered or removed" },
  exclusiveMaximum: { narrows: "maximum made exclusive", widens: "maximum no longer exclusive" },
  exclusiveMinimum: { narrows: "minimum made exclusive", widens: "minimum no longer exclusive" },
  maxItems: { narrows: "maxItems lowered or added", widens: "maxItems raised or removed" },
  minItems: { narrows: "minItems raised or added", widens: "minItems lowered or removed" },
  uniqueItems: { narrows: "uniqueItems added", widens: "uniqueItems removed" },
  multipleOf: { narrows: "multipleOf added", widens: "multipleOf removed", changes: "multipleOf changed" },
  pattern: { narrows: "pattern added", widens: "pattern removed", changes: "pattern changed" },
  enum: { narrows: "enum value removed", widens: "enum value added" },
  nullable: { narrows: "nullable removed", widens: "nullable added" },
  required: { narrows: "made required", widens: "no longer required" },
  type: { narrows: "type added", widens: "type removed", changes: "type changed" },
  format: { narrows: "format added", widens: "format removed", changes: "format changed" },
  additionalProperties: { narrows: "additional properties restricted", widens: "additional properties allowed" },
};

/** The whole table, one row per keyword, direction and effect. */
export const POLICY: readonly PolicyRow[] = (Object.keys(EXAMPLES) as Keyword[]).flatMap((keyword) =>
  (["request", "response"] as const).flatMap((direction) =>
    (Object.entries(EXAMPLES[keyword]) as [Effect, string][]).map(([effect, example]) => ({
      keyword,
      direction,
      effect,
      breaking: EXCEPTIONS[`${keyword} ${direction} ${effect}`] ?? DEFAULT_BREAKING[direction][effect],
      example,
    })),
  ),
);

export const KEYWORDS: ReadonlySet<string> = new Set(Object.keys(EXAMPLES));

/** The row for a change; keywords without a `changes` row (bounds) are judged as narrowing when changed. */
export function policyFor(keyword: Keyword, direction: Direction, effect: Effect): PolicyRow {
  const row =
    POLICY.find((r) => r.keyword === keyword && r.direction === direction && r.effect === effect) ??
    POLICY.find((r) => r.keyword === keyword && r.direction === direction && r.effect === "narrows");
  if (!row) throw new Error(`no policy row for ${keyword} (${direction}, ${effect})`);
  return row;
}

/** The ordering of bound values: what a change of `keyword` from `before` to `after` does (undefined = absent). */
export function effectOf(keyword: Keyword, before: unknown, after: unknown): Effect {
  const absent = (v: unknown) => v === undefined;
  switch (keyword) {
    case "maxLength":
    case "maxItems":
    case "maximum":
    case "exclusiveMaximum":
      return upper(before) > upper(after) ? "narrows" : "widens";
    case "minLength":
    case "minItems":
    case "minimum":
    case "exclusiveMinimum":
      return lower(before) < lower(after) ? "narrows" : "widens";
    case "uniqueItems":
      return after === true ? "narrows" : "widens";
    case "nullable":
      return after === true ? "widens" : "narrows";
    case "required":
      // A name added to (after) or removed from (before) a required list, or a parameter's or body's flag.
      if (typeof after === "boolean" || typeof before === "boolean") return after === true ? "narrows" : "widens";
      return absent(before) ? "narrows" : absent(after) ? "widens" : "changes";
    case "enum":
      // An enum value added (after) or removed (before); the keyword itself added narrows, removed widens.
      if (Array.isArray(after) || Array.isArray(before)) return absent(before) ? "narrows" : "widens";
      return absent(before) ? "widens" : absent(after) ? "narrows" : "changes";
    case "additionalProperties":
      return openness(after) < openness(before) ? "narrows" : openness(after) > openness(before) ? "widens" : "changes";
    default:
      return absent(before) ? "narrows" : absent(after) ? "widens" : "changes";
  }
}

const upper = (v: unknown) => (typeof v === "number" ? v : typeof v === "boolean" ? (v ? 0 : 1) : Infinity);
const lower = (v: unknown) => (typeof v === "number" ? v : typeof v === "boolean" ? (v ? 1 : 0) : -Infinity);
/** false (no other properties) < a schema (some) < true or absent (any). */
const openness = (v: unknown) => (v === false ? 0 : v === true || v === undefined ? 2 : 1);
