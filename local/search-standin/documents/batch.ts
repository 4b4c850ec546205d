// `docs/index`: a batch of upload / merge / mergeOrUpload / delete actions (reference §8): at most 1,000
// actions; per-item results {key, status, errorMessage, statusCode}; 200 when all succeed, 207 otherwise.
// A property the index does not define, or a value of the wrong type, fails the whole request with 400.
import { ServiceError } from "../http.js";
import type { FieldInfo, IndexSchema } from "./schema.js";

const MAX_BATCH_ACTIONS = 1000;
const KEY_PATTERN = /^[A-Za-z0-9_\-=]+$/;
const MAX_KEY_LENGTH = 1024;

type ActionType = "upload" | "merge" | "mergeOrUpload" | "delete";

export interface IndexAction {
  action: ActionType;
  document: Record<string, unknown>;
}

export interface IndexingResult {
  key: string;
  status: boolean;
  errorMessage: string | null;
  statusCode: number;
}

const invalid = (detail: string) =>
  new ServiceError(400, "InvalidRequestBody", `The request is invalid. Details: ${detail}`);

/** Parses and validates the request body `{ value: [ { "@search.action": ..., ...fields } ] }`. */
export function parseBatch(body: unknown, schema: IndexSchema): IndexAction[] {
  const value = (body as { value?: unknown } | undefined)?.value;
  if (!Array.isArray(value))
    throw invalid("actions : The request body must be an object with a 'value' array of index actions.");
  if (value.length === 0) throw invalid("actions : The batch must contain at least one action.");
  if (value.length > MAX_BATCH_ACTIONS)
    throw invalid(`actions : Too many actions in the batch: ${value.length}. The maximum is ${MAX_BATCH_ACTIONS}.`);
  return value.map((raw) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      throw invalid("Each index action must be a JSON object.");
    const { "@search.action": rawAction, ...document } = raw as Record<string, unknown>;
    const action = (rawAction ?? "upload") as string;
    if (!["upload", "merge", "mergeOrUpload", "delete"].includes(action)) {
      throw invalid(`Invalid value '${action}' for '@search.action'. Expected upload, merge, mergeOrUpload or delete.`);
    }
    for (const [name, v] of Object.entries(document)) {
      const field = schema.fields.get(name);
      if (!field) {
        throw invalid(
          `The property '${name}' does not exist on type 'search.documentFields'. Make sure to only use property names that are defined by the type.`,
        );
      }
      if (action !== "delete") document[name] = coerce(field, v);
    }
    return { action: action as ActionType, document };
  });
}

function coerce(field: FieldInfo, value: unknown): unknown {
  if (value === null) return null;
  const wrong = () =>
    invalid(
      `Cannot convert the literal '${JSON.stringify(value)}' to the expected type '${field.type}' of property '${field.name}'.`,
    );
  switch (field.type) {
    case "Edm.String":
      if (typeof value !== "string") throw wrong();
      return value;
    case "Edm.Boolean":
      if (typeof value !== "boolean") throw wrong();
      return value;
    case "Edm.Int32":
    case "Edm.Int64":
      if (typeof value !== "number" || !Number.isInteger(value)) throw wrong();
      return value;
    case "Edm.Double":
    case "Edm.Single":
      if (typeof value === "number") return value;
      if (value === "NaN" || value === "INF" || value === "-INF") return value;
      throw wrong();
    case "Edm.DateTimeOffset": {
      if (typeof value !== "string" || !/(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value)))
        throw wrong();
      return new Date(value).toISOString().replace(".000Z", "Z");
    }
    case "Collection(Edm.String)":
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) throw wrong();
      return value;
    default:
      return value;
  }
}

/**
 * Applies the actions in order to `store`; documents are replaced (never mutated) so caches keyed by them stay valid.
 */
export function applyBatch(
  store: Map<string, Record<string, unknown>>,
  actions: IndexAction[],
  schema: IndexSchema,
): IndexingResult[] {
  return actions.map(({ action, document }) => {
    const rawKey = document[schema.keyField];
    const key = typeof rawKey === "string" ? rawKey : "";
    const fail = (statusCode: number, errorMessage: string): IndexingResult => ({
      key,
      status: false,
      errorMessage,
      statusCode,
    });
    if (key === "") return fail(400, "Document key cannot be missing or empty.");
    if (key.length > MAX_KEY_LENGTH)
      return fail(400, `Document key is too long: ${key.length} characters; the maximum is ${MAX_KEY_LENGTH}.`);
    if (!KEY_PATTERN.test(key)) {
      return fail(
        400,
        `Invalid document key: '${key}'. Keys can only contain letters, digits, underscore (_), dash (-), or equal sign (=).`,
      );
    }
    const existing = store.get(key);
    switch (action) {
      case "delete":
        store.delete(key);
        return { key, status: true, errorMessage: null, statusCode: 200 };
      case "upload":
        store.set(key, { ...document });
        return { key, status: true, errorMessage: null, statusCode: existing ? 200 : 201 };
      case "merge":
        if (!existing) return fail(404, "Document not found.");
        store.set(key, { ...existing, ...document });
        return { key, status: true, errorMessage: null, statusCode: 200 };
      case "mergeOrUpload":
        store.set(key, { ...(existing ?? {}), ...document });
        return { key, status: true, errorMessage: null, statusCode: existing ? 200 : 201 };
    }
  });
}
