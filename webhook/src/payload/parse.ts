// Pure parsing of the provider's webhook payload (spec A, request body table). Property names are matched
// case-insensitively; unknown properties are ignored; every failing field is reported, not just the first.
//
// Hostile input: nesting is bounded by a linear pre-scan before JSON.parse builds anything; keys are read through
// a Map (so `__proto__`/`constructor` are ordinary names and nothing is ever assigned through them); the result
// holds only the known fields; huge numbers become Infinity or lose precision in JSON.parse and are rejected by
// the integer range checks; two spellings of one known property (`OrgId` and `orgid`) are rejected as ambiguous.
import type { FieldError } from "../problem.js";
import type {
  ContractObjectId,
  ContractPayload,
  ObjectIdPropertyName,
  Parsed,
  PayloadPropertyName,
} from "./contract.js";

/** Deepest nesting of objects/arrays accepted (the payload itself needs 2). */
export const MAX_JSON_DEPTH = 32;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** The `ObjectId` container's known ids, as parsed (`noteId`, `documentId`, `contactId`): from the contract. */
type ObjectIds = Parsed<ContractObjectId>;

/**
 * The payload as parsed: the contract's `WebhookPayload` with lower-camel names (`OrgId` -> `orgId`). `timestamp`
 * is the int64 Unix timestamp, accepted within JavaScript's safe-integer range.
 */
export type WebhookPayload = Parsed<ContractPayload>;

export type PayloadParseResult =
  | { ok: true; payload: WebhookPayload }
  | { ok: false; kind: "invalid-json"; detail: string; errors: FieldError[] }
  | {
      ok: false;
      kind: "validation";
      detail: string;
      errors: FieldError[];
      /** The fields that did pass, so the event's own checks can report their problems in the same answer. */
      partial?: Partial<WebhookPayload>;
    };

type Kind = "string" | "int32" | "int64";

/** The values of the known properties of an object, by slot, and the slots given in more than one spelling. */
interface PickedProperties {
  values: unknown[];
  ambiguous: Set<number> | undefined;
}

/** Reads only the known properties (slots: lower-cased name -> slot), matching names case-insensitively. */
function pickProperties(value: Record<string, unknown>, slots: ReadonlyMap<string, number>): PickedProperties {
  const values: unknown[] = [];
  let ambiguous: Set<number> | undefined;
  for (const key of Object.keys(value)) {
    // JSON.parse interns property names, so the exact spelling is a cheap first lookup; other casings fall back.
    const slot = slots.get(key) ?? slots.get(key.toLowerCase());
    if (slot === undefined) continue;
    if (slot in values) (ambiguous ??= new Set()).add(slot);
    values[slot] = value[key];
  }
  return { values, ambiguous };
}

function isPlainJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number" && !Number.isFinite(value)) return "a number out of range";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Checks one value against its kind; returns the error message or undefined. */
function checkKind(value: unknown, kind: Kind): string | undefined {
  if (kind === "string") return typeof value === "string" ? undefined : `must be a string, got ${describe(value)}`;
  if (typeof value !== "number" || !Number.isFinite(value)) return `must be an integer, got ${describe(value)}`;
  if (!Number.isInteger(value)) return "must be an integer, got a fraction";
  if (kind === "int32" && (value < INT32_MIN || value > INT32_MAX))
    return `must be an int32 (${INT32_MIN} to ${INT32_MAX})`;
  if (kind === "int64" && !Number.isSafeInteger(value)) {
    return `must be an int64 within ±${Number.MAX_SAFE_INTEGER} (larger values lose precision)`;
  }
  return undefined;
}

/** Linear scan of the raw text: the deepest object/array nesting, outside strings. Stops early past `limit`. */
export function jsonNestingDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

interface FieldSpec<Name extends string = string> {
  /** As the contract spells it (and as errors name it). */
  name: Name;
  kind: Kind;
  required?: boolean;
}

const field = <Name extends string>(name: Name, kind: Kind, required?: boolean): FieldSpec<Name> => ({
  name,
  kind,
  required,
});

// The order is the slot order readWebhookPayload destructures the valid values in.
const TOP_LEVEL = [
  field("Object", "string"),
  field("Event", "string"),
  field("Timestamp", "int64"),
  field("OrgId", "int32", true),
  field("ProjectId", "int32"),
  field("UserId", "int32"),
  field("UserType", "string"),
] as const satisfies readonly FieldSpec<PayloadPropertyName>[];

// Every property the contract declares is read: a property added to the contract fails this typecheck until the
// parser reads it (or names it here as deliberately ignored).
type UnreadPayloadProperty = Exclude<PayloadPropertyName, (typeof TOP_LEVEL)[number]["name"] | "ObjectId">;
const _everyPayloadPropertyRead: [UnreadPayloadProperty] extends [never] ? true : UnreadPayloadProperty = true;

const OBJECT_ID_FIELDS: readonly (FieldSpec<ObjectIdPropertyName> & {
  property: keyof ObjectIds;
  key: `ObjectId.${ObjectIdPropertyName}`;
})[] = [
  { ...field("NoteId", "int32"), property: "noteId", key: "ObjectId.NoteId" },
  { ...field("DocumentId", "int32"), property: "documentId", key: "ObjectId.DocumentId" },
  { ...field("ContactId", "int32"), property: "contactId", key: "ObjectId.ContactId" },
];

/** Slots by the spec's spelling and by the lower-cased name. */
const slotsOf = (names: readonly string[]): ReadonlyMap<string, number> =>
  new Map(names.flatMap((name, slot) => [[name, slot] as const, [name.toLowerCase(), slot] as const]));
// The top-level fields, then the ObjectId container in the last slot.
const TOP_LEVEL_SLOTS = slotsOf([...TOP_LEVEL.map((f) => f.name), "ObjectId" satisfies PayloadPropertyName]);
const OBJECT_ID_SLOT = TOP_LEVEL.length;
const OBJECT_ID_FIELD_SLOTS = slotsOf(OBJECT_ID_FIELDS.map((f) => f.name));

const AMBIGUOUS = "appears more than once with different letter case (property names are case-insensitive)";

function addError(errors: FieldError[], key: string, message: string): void {
  const existing = errors.find((e) => e.key === key);
  if (existing) existing.values.push(message);
  else errors.push({ key, values: [message] });
}

/** Validates an already-parsed JSON value as a webhook payload. */
export function readWebhookPayload(value: unknown): PayloadParseResult {
  if (!isPlainJsonObject(value)) {
    return {
      ok: false,
      kind: "validation",
      detail: "The body must be a JSON object.",
      errors: [{ key: "body", values: [`must be a JSON object, got ${describe(value)}`] }],
    };
  }
  const props = pickProperties(value, TOP_LEVEL_SLOTS);
  const errors: FieldError[] = [];
  // Valid values by slot (the order of TOP_LEVEL).
  const valid: unknown[] = [];

  for (let slot = 0; slot < TOP_LEVEL.length; slot++) {
    const spec = TOP_LEVEL[slot]!;
    const v = props.values[slot];
    if (props.ambiguous?.has(slot)) addError(errors, spec.name, AMBIGUOUS);
    else if (v === undefined || v === null) {
      if (spec.required) addError(errors, spec.name, "is required");
    } else {
      const problem = checkKind(v, spec.kind);
      if (problem) addError(errors, spec.name, problem);
      else valid[slot] = v;
    }
  }

  let objectId: ObjectIds | undefined;
  const container = props.values[OBJECT_ID_SLOT];
  if (props.ambiguous?.has(OBJECT_ID_SLOT)) {
    addError(errors, "ObjectId", AMBIGUOUS);
  } else if (container !== undefined && container !== null) {
    if (!isPlainJsonObject(container)) addError(errors, "ObjectId", `must be an object, got ${describe(container)}`);
    else {
      const inner = pickProperties(container, OBJECT_ID_FIELD_SLOTS);
      objectId = {};
      for (let slot = 0; slot < OBJECT_ID_FIELDS.length; slot++) {
        const spec = OBJECT_ID_FIELDS[slot]!;
        const v = inner.values[slot];
        if (inner.ambiguous?.has(slot)) addError(errors, spec.key, AMBIGUOUS);
        else if (v !== undefined && v !== null) {
          const problem = checkKind(v, spec.kind);
          if (problem) addError(errors, spec.key, problem);
          else objectId[spec.property] = v as number;
        }
      }
    }
  }

  const payload = payloadOf(valid, objectId);
  if (errors.length > 0)
    return { ok: false, kind: "validation", detail: invalidPayloadDetail(errors), errors, partial: payload };
  return { ok: true, payload: payload as WebhookPayload };
}

/** The 400 detail naming every field in error. */
export function invalidPayloadDetail(errors: readonly FieldError[]): string {
  return `The webhook payload is invalid: ${errors.map((e) => e.key).join(", ")}.`;
}

/** The payload of the valid values (by TOP_LEVEL slot); `orgId` is absent only when it failed. */
function payloadOf(valid: unknown[], objectId: ObjectIds | undefined): Partial<WebhookPayload> {
  const [object, event, timestamp, orgId, projectId, userId, userType] = valid as [
    string?,
    string?,
    number?,
    number?,
    number?,
    number?,
    string?,
  ];
  const payload: Partial<WebhookPayload> = {};
  if (orgId !== undefined) payload.orgId = orgId;
  if (object !== undefined) payload.object = object;
  if (event !== undefined) payload.event = event;
  if (timestamp !== undefined) payload.timestamp = timestamp;
  if (projectId !== undefined) payload.projectId = projectId;
  if (userId !== undefined) payload.userId = userId;
  if (userType !== undefined) payload.userType = userType;
  if (objectId !== undefined) payload.objectId = objectId;
  return payload;
}

/** Raw body text -> payload, or the reason it is not one (400 either way). */
export function parseWebhookPayload(text: string): PayloadParseResult {
  if (!/\S/.test(text)) {
    return {
      ok: false,
      kind: "invalid-json",
      detail: "The body is empty; a JSON object is expected.",
      errors: [{ key: "body", values: ["is empty"] }],
    };
  }
  const depth = jsonNestingDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    return {
      ok: false,
      kind: "validation",
      detail: `The body nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`,
      errors: [{ key: "body", values: [`nests deeper than ${MAX_JSON_DEPTH} levels`] }],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message.slice(0, 200) : "not valid JSON";
    return {
      ok: false,
      kind: "invalid-json",
      detail: "The body is not valid JSON.",
      errors: [{ key: "body", values: [reason] }],
    };
  }
  return readWebhookPayload(value);
}
