// How the stand-in answers where Microsoft's alias documentation is silent. The facts themselves (shared names,
// propagation of a new alias, refusals while a deleted name propagates) live in src/search/service/service-facts.ts,
// the one place the product and the stand-in read them from; this file adds only the stand-in's wording of the
// refusals (status and code where undocumented are UNCONFIRMED). Sources: docs/blue-green.md.
import { ServiceError } from "../http.js";

/**
 * UNCONFIRMED (see ALIAS_NAME_REFUSAL_STATUSES in src/search/service/service-facts.ts): how long a deleted index's name
 * stays unusable
 * for an alias. Default 0; tests set `indexNameReleaseMs` to exercise the migration's retry with backoff.
 */
export const INDEX_NAME_RELEASE_DEFAULT_MS = 0;

/**
 * UNCONFIRMED status and text (the docs say only "can't be used to delete an index"); 400 so nobody reads it as gone.
 */
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
