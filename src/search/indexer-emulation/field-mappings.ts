// Field mappings of a blob indexer, emulated as pure functions (docs/local-standin.md, Sources §1).
// Inputs are the indexer definition's `fieldMappings` (REST shape) and one blob's source fields
// (storage metadata, content metadata, content). Shared by the local stand-in's indexer and by
// `docs-index preview`; depends on nothing but Node's Buffer.
import { base64Decode, base64Encode } from "./base64.js";

/** REST shape of one `fieldMappings` entry (reference §1). */
export interface FieldMapping {
  sourceFieldName: string;
  /** Defaults to sourceFieldName. */
  targetFieldName?: string | null;
  mappingFunction?: { name: string; parameters?: Record<string, unknown> | null } | null;
}

export type SourceFields = Record<string, unknown>;

interface MappingError {
  /** The function name as written in the definition (or "none" for a plain mapping). */
  functionName: string;
  targetFieldName: string;
  sourceFieldName: string;
  /** `Could not apply mapping function '<fn>' to field '<target>'. <detail>` (reference §1, ERR pattern). */
  message: string;
}

export type MappingOutcome =
  { document: Record<string, unknown>; key?: string } | { error: MappingError; key?: string };

export interface ApplyOptions {
  /** The index's key field. When no explicit mapping targets it, the blob indexer's default
   *  `metadata_storage_path` → key with `base64Encode` is added (reference §1). */
  keyField?: string;
  /** The index's field names. When given, the output keeps only these (other values are extracted and
   *  silently discarded, reference §2.1), under the index's spelling; names match case-insensitively. */
  indexFields?: readonly string[];
}

/** Thrown inside a mapping function; becomes the `<detail>` of the per-document error. */
class FunctionFailure extends Error {}

/**
 * `extractTokenAtPosition` (reference §1.2): split on `delimiter`, keeping empty tokens (the .NET
 * `String.Split` default; inferred in the reference), and return the zero-based `position`. A position
 * past the last token is an error. The exact service text is UNCONFIRMED; ours names the position and range.
 */
export function extractTokenAtPosition(input: string, delimiter: string, position: number): string {
  if (delimiter === "") throw new FunctionFailure("The delimiter parameter must be a non-empty string.");
  if (!Number.isInteger(position) || position < 0) {
    throw new FunctionFailure(`The position parameter must be a non-negative integer; got ${String(position)}.`);
  }
  const tokens = input.split(delimiter);
  const token = tokens[position];
  if (token === undefined) {
    throw new FunctionFailure(
      `Position ${position} is out of range: the input splits on '${delimiter}' into ${tokens.length} tokens (positions 0 to ${tokens.length - 1}).`,
    );
  }
  return token;
}

/** `urlEncode` (reference §1.3), as .NET `HttpUtility.UrlEncode`: UTF-8, lowercase hex, space as `+`. */
export function urlEncode(input: string): string {
  let out = "";
  for (const byte of Buffer.from(input, "utf8")) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.!*()]/.test(ch)) out += ch;
    else if (ch === " ") out += "+";
    else out += `%${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** `urlDecode` (reference §1.3): UTF-8 percent-decoding, `+` as space. */
export function urlDecode(input: string): string {
  const bytes: number[] = [];
  const text = Buffer.from(input.replaceAll("+", " "), "utf8");
  for (let i = 0; i < text.length; i++) {
    const b = text[i]!;
    if (b === 0x25 && i + 2 < text.length) {
      const hex = String.fromCharCode(text[i + 1]!, text[i + 2]!);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
        continue;
      }
    }
    bytes.push(b);
  }
  return Buffer.from(bytes).toString("utf8");
}

function jsonArrayToStringCollection(input: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    throw new FunctionFailure("The input is not a JSON array.");
  }
  if (!Array.isArray(parsed)) throw new FunctionFailure("The input is not a JSON array.");
  return parsed.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
}

function applyFunction(name: string, parameters: Record<string, unknown>, value: unknown): unknown {
  const fn = name.toLowerCase();
  if (value === null || value === undefined) {
    // The service's documented inner detail for base64Encode over a null input (reference §1, ERR).
    throw new FunctionFailure(
      fn === "base64encode" ? "Array cannot be null. Parameter name: bytes" : "The input value is null.",
    );
  }
  const text = typeof value === "string" ? value : String(value);
  switch (fn) {
    case "base64encode":
      return base64Encode(text, parameters as { useHttpServerUtilityUrlTokenEncode?: boolean });
    case "base64decode": {
      const decoded = base64Decode(text, parameters as { useHttpServerUtilityUrlTokenDecode?: boolean });
      if (decoded === undefined) throw new FunctionFailure("The input is not a valid Base-64 string.");
      return decoded;
    }
    case "extracttokenatposition":
      return extractTokenAtPosition(text, String(parameters.delimiter ?? ""), Number(parameters.position));
    case "urlencode":
      return urlEncode(text);
    case "urldecode":
      return urlDecode(text);
    case "jsonarraytostringcollection":
      return jsonArrayToStringCollection(text);
    default:
      // fixedLengthEncode's algorithm is UNCONFIRMED (reference §1.4); toJson needs enrichment trees.
      throw new FunctionFailure(`The mapping function '${name}' is not emulated locally.`);
  }
}

function lookup(fields: SourceFields, name: string): unknown {
  if (name in fields) return fields[name];
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(fields)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** The mappings the indexer applies: the definition's, plus the default key mapping when the key is unmapped. */
function effectiveMappings(mappings: readonly FieldMapping[], keyField?: string): FieldMapping[] {
  const all = [...mappings];
  if (keyField && !all.some((m) => (m.targetFieldName ?? m.sourceFieldName).toLowerCase() === keyField.toLowerCase())) {
    all.unshift({
      sourceFieldName: "metadata_storage_path",
      targetFieldName: keyField,
      mappingFunction: { name: "base64Encode" },
    });
  }
  return all;
}

/**
 * Builds one index document from one blob's source fields (reference §1, §2.1). Source fields map
 * implicitly to same-named targets; an explicit mapping to a target overrides the implicit one. The key
 * mapping runs first, so a later failure still reports the document's key. Any function failure fails the
 * whole document (a per-document error; nothing of it reaches the index).
 */
export function applyFieldMappings(
  mappings: readonly FieldMapping[],
  source: SourceFields,
  options: ApplyOptions = {},
): MappingOutcome {
  const ordered = effectiveMappings(mappings, options.keyField);
  const keyLower = options.keyField?.toLowerCase();
  ordered.sort((a, b) => Number(isTarget(b, keyLower)) - Number(isTarget(a, keyLower)));

  const explicit: Record<string, unknown> = {};
  let key: string | undefined;
  for (const mapping of ordered) {
    const target = mapping.targetFieldName ?? mapping.sourceFieldName;
    const value = lookup(source, mapping.sourceFieldName);
    let mapped: unknown = value ?? null;
    if (mapping.mappingFunction) {
      const functionName = mapping.mappingFunction.name;
      try {
        mapped = applyFunction(functionName, mapping.mappingFunction.parameters ?? {}, value);
      } catch (err) {
        if (!(err instanceof FunctionFailure)) throw err;
        const message = `Could not apply mapping function '${functionName}' to field '${target}'. ${err.message}`;
        const error: MappingError = {
          functionName,
          targetFieldName: target,
          sourceFieldName: mapping.sourceFieldName,
          message,
        };
        return key === undefined ? { error } : { error, key };
      }
    }
    explicit[target] = mapped;
    if (keyLower !== undefined && target.toLowerCase() === keyLower && typeof mapped === "string") key = mapped;
  }

  const merged: Record<string, unknown> = {};
  const targetsLower = new Set(Object.keys(explicit).map((k) => k.toLowerCase()));
  for (const [name, value] of Object.entries(source)) if (!targetsLower.has(name.toLowerCase())) merged[name] = value;
  Object.assign(merged, explicit);

  const document = options.indexFields ? projectToIndex(merged, options.indexFields) : merged;
  return key === undefined ? { document } : { document, key };
}

function isTarget(mapping: FieldMapping, lowerName: string | undefined): boolean {
  return lowerName !== undefined && (mapping.targetFieldName ?? mapping.sourceFieldName).toLowerCase() === lowerName;
}

function projectToIndex(values: Record<string, unknown>, indexFields: readonly string[]): Record<string, unknown> {
  const byLower = new Map(indexFields.map((f) => [f.toLowerCase(), f]));
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const field = byLower.get(name.toLowerCase());
    if (field !== undefined) out[field] = value;
  }
  return out;
}
