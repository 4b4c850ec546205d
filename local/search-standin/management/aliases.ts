// Index aliases (API 2026-04-01; Microsoft's "Create an index alias"): a service-level name mapped to exactly one
// index. Documents, search and GET/PUT of the index definition work through the alias; an alias cannot delete an
// index, cannot be an indexer's targetIndexName, and an index an alias maps to cannot be deleted. A re-mapping
// takes a while to propagate: the stand-in keeps routing to the previous index for `aliasPropagationMs`.
// What the documentation does not say is decided in ./alias-rules.ts (UNCONFIRMED, one place).
import { ServiceError, type Router, type StandInRequest, type StandInResponse } from "../http.js";
import type { StandInContext } from "../context.js";
import { newEtag, type JsonObject, type Stored, type StandInState } from "../state.js";
import {
  aliasCannotDeleteIndex,
  INDEX_NAME_RELEASE_DEFAULT_MS,
  aliasNameTaken,
  indexMappedByAlias,
  indexNameTakenByAlias,
  indexerTargetIsAlias,
} from "./alias-rules.js";
import { bindName, checkConditions, representation, requireObjectBody, writeResponse } from "./conditions.js";
import { ALIAS_AND_INDEX_SHARE_NAMES, NEW_ALIAS_PROPAGATES } from "../../../src/search/service/service-facts.js";

interface StoredAlias extends Stored {
  /** Where requests went before the last re-mapping, until `effectiveAt` (propagation). */
  previousIndex: string | undefined;
  effectiveAt: number;
}

interface AliasStore {
  aliases: Map<string, StoredAlias>;
  /** Index name -> when an alias may take it (a deleted index's name stays reserved for a while). */
  releasedAt: Map<string, number>;
}

const byState = new WeakMap<StandInState, AliasStore>();

/** The stand-in's aliases (kept beside StandInState, as the indexer engine keeps its own state). */
export function aliasStore(state: StandInState): AliasStore {
  let store = byState.get(state);
  if (!store) {
    store = { aliases: new Map(), releasedAt: new Map() };
    byState.set(state, store);
  }
  return store;
}

function mappedIndex(alias: Stored): string {
  return (alias.definition.indexes as string[])[0]!;
}

/** The index requests through `alias` reach now (the previous one while a re-mapping propagates). */
function effectiveIndex(alias: StoredAlias, now = Date.now()): string {
  return alias.previousIndex !== undefined && now < alias.effectiveAt ? alias.previousIndex : mappedIndex(alias);
}

/** The concrete index `name` designates: itself when it is an index, the mapped index when it is an alias. */
export function resolveIndexName(state: StandInState, name: string): string {
  if (state.indexes.has(name)) return name;
  const alias = aliasStore(state).aliases.get(name);
  return alias ? effectiveIndex(alias) : name;
}

const ALIAS_NAME = /^[a-z0-9](?:[a-z0-9-]{0,126}[a-z0-9])?$/;

function invalid(message: string): ServiceError {
  return new ServiceError(400, "InvalidRequestParameter", `The request is invalid. Details: ${message}`);
}

function validated(ctx: StandInContext, body: JsonObject, name: string): JsonObject {
  if (!ALIAS_NAME.test(name))
    throw invalid(
      `alias name '${name}' must be lower-case letters, digits or dashes, start and end with a letter or digit, at most 128 characters.`,
    );
  const indexes = body.indexes;
  if (!Array.isArray(indexes) || indexes.length !== 1 || typeof indexes[0] !== "string")
    throw invalid("an alias maps to exactly one index: 'indexes' must hold one index name.");
  const target = indexes[0];
  if (aliasStore(ctx.state).aliases.has(target))
    throw invalid(`'${target}' is an alias; an alias must map to an index.`);
  if (!ctx.state.indexes.has(target)) throw invalid(`Index '${target}' does not exist.`);
  if (ALIAS_AND_INDEX_SHARE_NAMES) {
    const releasedAt = aliasStore(ctx.state).releasedAt.get(name) ?? 0;
    if (ctx.state.indexes.has(name) || Date.now() < releasedAt) throw aliasNameTaken(name);
  }
  return { name, indexes: [target] };
}

function upsert(ctx: StandInContext, req: StandInRequest, name: string, mustCreate: boolean): StandInResponse {
  const body = requireObjectBody(req);
  bindName(body, name, "alias");
  const store = aliasStore(ctx.state).aliases;
  const existing = store.get(name);
  if (mustCreate && existing)
    throw new ServiceError(
      409,
      "ResourceNameAlreadyInUse",
      `Cannot create alias '${name}' because another alias with the same name already exists.`,
    );
  checkConditions(req, existing);
  const definition = validated(ctx, body, name);
  const now = Date.now();
  const delay = ctx.options.aliasPropagationMs ?? 0;
  const alias: StoredAlias = existing
    ? { ...existing, previousIndex: effectiveIndex(existing, now), effectiveAt: now + delay }
    : { definition, etag: "", previousIndex: undefined, effectiveAt: NEW_ALIAS_PROPAGATES ? now + delay : now };
  alias.definition = definition;
  alias.etag = newEtag();
  store.set(name, alias);
  return writeResponse(req, alias, !existing);
}

export function registerAliasRoutes(router: Router, ctx: StandInContext): void {
  const aliases = () => aliasStore(ctx.state).aliases;
  router.on("GET", "/aliases", (req) => {
    const select = req.query.get("$select");
    const fields = select && select !== "*" ? select.split(",").map((s) => s.trim()) : undefined;
    const value = [...aliases().values()].map((a) => {
      const full = representation(a);
      return fields ? Object.fromEntries(Object.entries(full).filter(([k]) => fields.includes(k))) : full;
    });
    return { status: 200, body: { value } };
  });
  router.on("POST", "/aliases", (req) => {
    const body = requireObjectBody(req);
    if (typeof body.name !== "string" || body.name === "")
      throw new ServiceError(400, "InvalidRequestParameter", "The alias name is required.");
    return upsert(ctx, req, body.name, true);
  });
  router.on("GET", "/aliases/:name", (req) => {
    const alias = aliases().get(req.params.name!);
    if (!alias) throw aliasNotFound(req.params.name!);
    return { status: 200, headers: { ETag: alias.etag }, body: representation(alias) };
  });
  router.on("PUT", "/aliases/:name", (req) => upsert(ctx, req, req.params.name!, false));
  router.on("DELETE", "/aliases/:name", (req) => {
    const name = req.params.name!;
    const existing = aliases().get(name);
    checkConditions(req, existing);
    if (!existing) throw aliasNotFound(name);
    aliases().delete(name);
    return { status: 204 };
  });
}

function aliasNotFound(name: string): ServiceError {
  return new ServiceError(404, "ResourceNameNotFound", `No alias with the name '${name}' was found in the service.`);
}

/**
 * Rewrites `/indexes/{alias}/...` to the index the alias reaches now, before routing: document operations, search
 * and GET/PUT of the definition go through; deleting an index through an alias is refused; other sub-resources
 * (e.g. analyze) are left alone and find no index of that name. Returns the segments to route and, for a PUT of
 * the definition, the body's name rebound to the index.
 */
export function routeThroughAlias(
  ctx: StandInContext,
  method: string,
  segments: string[],
): { segments: string[]; rebindBody(body: unknown): unknown } {
  const unchanged = { segments, rebindBody: (b: unknown) => b };
  if (segments[0] !== "indexes" || segments.length < 2) return unchanged;
  const name = segments[1]!;
  if (ctx.state.indexes.has(name)) return unchanged;
  const alias = aliasStore(ctx.state).aliases.get(name);
  if (!alias) return unchanged;
  const definitionOnly = segments.length === 2;
  if (definitionOnly && method === "DELETE") throw aliasCannotDeleteIndex(name, mappedIndex(alias));
  if (!definitionOnly && segments[2] !== "docs") return unchanged;
  const index = effectiveIndex(alias);
  return {
    segments: ["indexes", index, ...segments.slice(2)],
    rebindBody: (body) => {
      if (!definitionOnly || method !== "PUT" || body === null || typeof body !== "object") return body;
      const named = body as JsonObject;
      return named.name === name ? { ...named, name: index } : body;
    },
  };
}

/**
 * Index DELETE guard: refused while an alias maps to the index (documented: 400). The index an alias was mapped
 * to before a re-mapping can be deleted at once; requests still routed to it during propagation then fail, which
 * is why Microsoft says to wait before deleting it.
 */
export function assertIndexDeletable(state: StandInState, index: string): void {
  const mappedBy = [...aliasStore(state).aliases.values()]
    .filter((a) => mappedIndex(a) === index)
    .map((a) => String(a.definition.name));
  if (mappedBy.length > 0) throw indexMappedByAlias(index, mappedBy);
}

/** After an index is deleted, its name stays reserved for aliases for a while (UNCONFIRMED, alias-rules.ts). */
export function noteIndexDeleted(ctx: StandInContext, index: string): void {
  const delay = ctx.options.indexNameReleaseMs ?? INDEX_NAME_RELEASE_DEFAULT_MS;
  aliasStore(ctx.state).releasedAt.set(index, Date.now() + delay);
}

/** Index create guard: an index may not take an alias's name (UNCONFIRMED, alias-rules.ts). */
export function assertIndexNameFree(state: StandInState, index: string): void {
  if (ALIAS_AND_INDEX_SHARE_NAMES && aliasStore(state).aliases.has(index)) throw indexNameTakenByAlias(index);
}

/** Indexer guard: `targetIndexName` must name an index, never an alias (documented). */
export function assertTargetNotAlias(state: StandInState, target: string): void {
  if (!state.indexes.has(target) && aliasStore(state).aliases.has(target)) throw indexerTargetIsAlias(target);
}
