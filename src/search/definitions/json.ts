// A parsed JSON object (definitions travel as the REST-shaped JSON of the files).
export type JsonObject = Record<string, unknown>;

/**
 * Whether `key` is the service's metadata on an object it returned (`@odata.etag`, `@odata.context`), not part of
 * the definition: dropped before a comparison and before writing a read object back. `@odata.type` names a
 * definition's kind (a similarity, an analyzer, a data-change policy) and stays.
 */
export function isServiceMetadata(key: string): boolean {
  return key.startsWith("@odata.") && key !== "@odata.type";
}

/** `definition` without the service's metadata (see {@link isServiceMetadata}), to write a read object back. */
export function withoutServiceMetadata(definition: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(definition).filter(([k]) => !isServiceMetadata(k)));
}
