// What the stand-in assumes about index aliases where Microsoft's documentation is silent: every UNCONFIRMED
// alias fact in one place, so a check on a dev service changes it here only. Documented facts (one index per
// alias; no delete through an alias; not an indexer target; 400 when deleting an index an alias maps to;
// "up to 10 seconds to propagate") are sourced in docs/blue-green.md.
import { ServiceError } from "../http.js";

/**
 * UNCONFIRMED: an alias may not take the name of an existing index (and an index may not take an alias's name),
 * since both are addressed as `/indexes/{name}/docs`. The product's migration does not rely on either answer.
 */
export const ALIAS_AND_INDEX_SHARE_NAMES = true;

/**
 * UNCONFIRMED: after an index is deleted its name stays unusable for an alias for a short while (the delete
 * propagates). Default 0 here; the migration's tests set `indexNameReleaseMs` to exercise its retry with backoff.
 */
export const INDEX_NAME_RELEASE_DEFAULT_MS = 0;

/** UNCONFIRMED: only a re-mapping propagates slowly; a brand-new alias routes at once. */
export const NEW_ALIAS_PROPAGATES = false;

/** UNCONFIRMED status and text (the docs say only "can't be used to delete an index"); 400 so nobody reads it as gone. */
export function aliasCannotDeleteIndex(alias: string, index: string): ServiceError {
  return new ServiceError(
    400,
    "OperationNotAllowed",
    `'${alias}' is an alias (of index '${index}'); an alias cannot be used to delete an index. Delete the index by its own name.`,
  );
}

/** Documented status (400); UNCONFIRMED code and text. */
export function indexMappedByAlias(index: string, aliases: string[]): ServiceError {
  return new ServiceError(
    400,
    "OperationNotAllowed",
    `Index '${index}' cannot be deleted because alias(es) ${aliases.map((a) => `'${a}'`).join(", ")} map to it. Delete the alias(es) or map them to a different index first.`,
  );
}

/** Documented refusal; UNCONFIRMED status (400), code and text. */
export function indexerTargetIsAlias(alias: string): ServiceError {
  return new ServiceError(
    400,
    "InvalidRequestParameter",
    `The request is invalid. Details: targetIndexName '${alias}' is an alias; an indexer must target an index.`,
  );
}

/** UNCONFIRMED status, code and text (see ALIAS_AND_INDEX_SHARE_NAMES). */
export function aliasNameTaken(name: string): ServiceError {
  return new ServiceError(
    409,
    "ResourceNameAlreadyInUse",
    `Cannot create alias '${name}' because an index with the same name exists or was deleted moments ago.`,
  );
}

/** UNCONFIRMED status, code and text (see ALIAS_AND_INDEX_SHARE_NAMES). */
export function indexNameTakenByAlias(name: string): ServiceError {
  return new ServiceError(
    409,
    "ResourceNameAlreadyInUse",
    `Cannot create index '${name}' because an alias with the same name exists.`,
  );
}
