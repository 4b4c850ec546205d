// Pure parsing of the provider's webhook payload (spec A, request body table). Property names are matched
// case-insensitively; unknown properties are ignored; every failing field is reported, not just the first.
//
// Hostile input: nesting is bounded by a linear pre-scan before JSON.parse builds anything; keys are read through
// a Map (so `__proto__`/`constructor` are ordinary names and nothing is ever assigned through them); the result
// holds only the known fields; huge numbers become Infinity or lose precision in JSON.parse and are rejected by
// the integer range checks; two spellings of one known property (`OrgId` and `orgid`) are rejected as ambiguous.
import type { FieldError } from "../problem.js";

/** Deepest nesting of objects/arrays accepted (the payload itself needs 2). */
export const MAX_JSON_DEPTH = 32;

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export interface ObjectIds {
  noteId?: number;
  documentId?: number;
  contactId?: number;
}

export interface WebhookPayload {
  object?: string;
  event?: string;
  /** Unix timestamp of the event (int64; accepted within JavaScript's safe-integer range). */
  timestamp?: number;
  orgId: number;
  projectId?: number;
  userId?: number;
  userType?: string;
  objectId?: ObjectIds;
}

export type PayloadParseResult =
  | { ok: true; payload: WebhookPayload }
  | { ok: false; kind: "invalid-json"; detail: string; errors: FieldError[] }
  | { ok: false; kind: "validation"; detail: string; errors: FieldError[] };

type Kind = "string" | "int32" | "int64";

/** Reads objects' properties case-insensitively; remembers names that occur in more than one spelling. */
function indexProperties(value: Record<string, unknown>): { get(name: string): unknown; has(name: string): boolean; ambiguous: Set<string> } {
  const byLower = new Map<string, unknown>();
  const ambiguous = new Set<string>();
  for (const key of Object.keys(value)) {
    const lower = key.toLowerCase();
    if (byLower.has(lower)) ambiguous.add(lower);
    byLower.set(lower, value[key]);
  }
  return { get: (name) => byLower.get(name.toLowerCase()), has: (name) => byLower.has(name.toLowerCase()), ambiguous };
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
  if (kind === "int32" && (value < INT32_MIN || value > INT32_MAX)) return `must be an int32 (${INT32_MIN} to ${INT32_MAX})`;
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

const TOP_LEVEL: readonly { name: string; kind: Kind; required?: boolean }[] = [
  { name: "Object", kind: "string" },
  { name: "Event", kind: "string" },
  { name: "Timestamp", kind: "int64" },
  { name: "OrgId", kind: "int32", required: true },
  { name: "ProjectId", kind: "int32" },
  { name: "UserId", kind: "int32" },
  { name: "UserType", kind: "string" },
];

const OBJECT_ID_FIELDS = ["NoteId", "DocumentId", "ContactId"] as const;

function addError(errors: FieldError[], key: string, message: string): void {
  const existing = errors.find((e) => e.key === key);
  if (existing) existing.values.push(message);
  else errors.push({ key, values: [message] });
}

/** Validates an already-parsed JSON value as a webhook payload. */
export function readWebhookPayload(value: unknown): PayloadParseResult {
  if (!isPlainJsonObject(value)) {
    return { ok: false, kind: "validation", detail: "The body must be a JSON object.", errors: [{ key: "body", values: [`must be a JSON object, got ${describe(value)}`] }] };
  }
  const props = indexProperties(value);
  const errors: FieldError[] = [];
  const out = Object.create(null) as Record<string, unknown>;

  for (const field of TOP_LEVEL) {
    if (props.ambiguous.has(field.name.toLowerCase())) {
      addError(errors, field.name, "appears more than once with different letter case (property names are case-insensitive)");
      continue;
    }
    const v = props.get(field.name);
    if (v === undefined || v === null) {
      if (field.required) addError(errors, field.name, "is required");
      continue;
    }
    const problem = checkKind(v, field.kind);
    if (problem) addError(errors, field.name, problem);
    else out[field.name] = v;
  }

  let objectId: ObjectIds | undefined;
  if (props.ambiguous.has("objectid")) {
    addError(errors, "ObjectId", "appears more than once with different letter case (property names are case-insensitive)");
  } else {
    const container = props.get("ObjectId");
    if (container !== undefined && container !== null) {
      if (!isPlainJsonObject(container)) addError(errors, "ObjectId", `must be an object, got ${describe(container)}`);
      else {
        const inner = indexProperties(container);
        objectId = {};
        for (const name of OBJECT_ID_FIELDS) {
          const key = `ObjectId.${name}`;
          if (inner.ambiguous.has(name.toLowerCase())) {
            addError(errors, key, "appears more than once with different letter case (property names are case-insensitive)");
            continue;
          }
          const v = inner.get(name);
          if (v === undefined || v === null) continue;
          const problem = checkKind(v, "int32");
          if (problem) addError(errors, key, problem);
          else objectId[(name.charAt(0).toLowerCase() + name.slice(1)) as keyof ObjectIds] = v as number;
        }
      }
    }
  }

  if (errors.length > 0) {
    const fields = errors.map((e) => e.key).join(", ");
    return { ok: false, kind: "validation", detail: `The webhook payload is invalid: ${fields}.`, errors };
  }
  const payload: WebhookPayload = { orgId: out.OrgId as number };
  if (out.Object !== undefined) payload.object = out.Object as string;
  if (out.Event !== undefined) payload.event = out.Event as string;
  if (out.Timestamp !== undefined) payload.timestamp = out.Timestamp as number;
  if (out.ProjectId !== undefined) payload.projectId = out.ProjectId as number;
  if (out.UserId !== undefined) payload.userId = out.UserId as number;
  if (out.UserType !== undefined) payload.userType = out.UserType as string;
  if (objectId !== undefined) payload.objectId = objectId;
  return { ok: true, payload };
}

/** Raw body text -> payload, or the reason it is not one (400 either way). */
export function parseWebhookPayload(text: string): PayloadParseResult {
  if (text.trim() === "") {
    return { ok: false, kind: "invalid-json", detail: "The body is empty; a JSON object is expected.", errors: [{ key: "body", values: ["is empty"] }] };
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
    return { ok: false, kind: "invalid-json", detail: "The body is not valid JSON.", errors: [{ key: "body", values: [reason] }] };
  }
  return readWebhookPayload(value);
}
