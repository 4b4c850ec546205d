// Management endpoints: indexes, datasources, indexers (with status, reset, run), in the service's REST shape,
// with ETags and conditional writes. Both URL forms reach these routes (http.ts normalises them).
import { ServiceError, type Router, type StandInRequest, type StandInResponse } from "../http.js";
import type { StandInContext } from "../context.js";
import { newEtag, type JsonObject, type Stored, type StandInState } from "../state.js";
import {
  bindName,
  checkConditions,
  representation,
  requireObjectBody,
  withDetails,
  writeResponse,
} from "./conditions.js";
import { assertIndexDeletable, assertIndexNameFree, noteIndexDeleted } from "./aliases.js";
import { assertCompatibleUpdate, indexWithDefaults } from "./index-definitions.js";
import { datasourceView, datasourceWithDefaults, indexerWithDefaults } from "./indexer-definitions.js";
import { registerIndexerActions, startRunOnCreate } from "./indexer-actions.js";
import { assertKnownProperties } from "./unknown-properties.js";
import { registerAnalyzeRoute } from "./analyze.js";
import { assertIndexNotNamedByKnowledgeSource } from "../knowledge/routes.js";

type Collection = "indexes" | "datasources" | "indexers";

interface ResourceKind {
  collection: Collection;
  /** Which definition schema the body must match (unknown properties are refused with the service's 400). */
  definition: "index" | "datasource" | "indexer";
  /** Singular, as the service's messages name it. */
  noun: string;
  map(state: StandInState): Map<string, Stored>;
  /** Validates `body` and returns what will be stored; `existing` is set for an update. */
  accept(ctx: StandInContext, body: JsonObject, existing: JsonObject | undefined): JsonObject;
  view?(definition: JsonObject): JsonObject;
  afterCreate?(ctx: StandInContext, name: string): void;
  beforeDelete?(ctx: StandInContext, name: string): void;
  afterDelete?(ctx: StandInContext, name: string): void;
}

const KINDS: ResourceKind[] = [
  {
    collection: "indexes",
    definition: "index",
    noun: "index",
    map: (s) => s.indexes,
    accept: (ctx, body, existing) => {
      if (!existing) assertIndexNameFree(ctx.state, String(body.name));
      const next = indexWithDefaults(body);
      if (existing) assertCompatibleUpdate(existing, next);
      return next;
    },
    afterCreate: (ctx, name) => ctx.state.documents.set(name, new Map()),
    beforeDelete: (ctx, name) => {
      assertIndexDeletable(ctx.state, name);
      assertIndexNotNamedByKnowledgeSource(ctx.state, name);
    },
    afterDelete: (ctx, name) => {
      ctx.state.documents.delete(name);
      noteIndexDeleted(ctx, name);
    },
  },
  {
    collection: "datasources",
    definition: "datasource",
    noun: "data source",
    map: (s) => s.datasources,
    accept: (_ctx, body, existing) => datasourceWithDefaults(body, existing),
    view: datasourceView,
  },
  {
    collection: "indexers",
    definition: "indexer",
    noun: "indexer",
    map: (s) => s.indexers as Map<string, Stored>,
    accept: (ctx, body) => indexerWithDefaults(body, ctx.state),
    afterCreate: (ctx, name) => startRunOnCreate(ctx, name),
  },
];

function notFound(noun: string, name: string): ServiceError {
  return new ServiceError(404, "ResourceNameNotFound", `No ${noun} with the name '${name}' was found in the service.`);
}

function select(definition: JsonObject, query: URLSearchParams): JsonObject {
  const fields = query.get("$select");
  if (!fields || fields === "*") return definition;
  const out: JsonObject = {};
  for (const f of fields.split(",").map((s) => s.trim())) if (f in definition) out[f] = definition[f];
  return out;
}

function store(
  ctx: StandInContext,
  kind: ResourceKind,
  name: string,
  definition: JsonObject,
  existing: Stored | undefined,
): Stored {
  const map = kind.map(ctx.state);
  if (existing && kind.collection === "indexers") {
    // Keep the run history and change tracking of an updated indexer.
    const indexer = existing as Stored & { runtime: unknown };
    indexer.definition = definition;
    indexer.etag = newEtag();
    return indexer;
  }
  const stored: Stored =
    kind.collection === "indexers"
      ? ({ definition, etag: newEtag(), runtime: { history: [], highWaterMark: null } } as Stored)
      : { definition, etag: newEtag() };
  map.set(name, stored);
  return stored;
}

function upsert(
  ctx: StandInContext,
  kind: ResourceKind,
  req: StandInRequest,
  name: string,
  mustCreate: boolean,
): StandInResponse {
  const body = requireObjectBody(req);
  bindName(body, name, kind.noun);
  assertKnownProperties(kind.definition, body);
  const existing = kind.map(ctx.state).get(name);
  if (mustCreate && existing) {
    throw new ServiceError(
      409,
      "ResourceNameAlreadyInUse",
      `Cannot create ${kind.noun} '${name}' because another ${kind.noun} with the same name already exists.`,
    );
  }
  checkConditions(req, existing);
  const definition = kind.accept(ctx, body, existing?.definition);
  const stored = store(ctx, kind, name, definition, existing);
  if (!existing) kind.afterCreate?.(ctx, name);
  return writeResponse(req, stored, !existing, kind.view);
}

export function registerManagementRoutes(router: Router, ctx: StandInContext): void {
  for (const kind of KINDS) {
    const base = `/${kind.collection}`;
    router.on("GET", base, (req) => ({
      status: 200,
      body: { value: [...kind.map(ctx.state).values()].map((s) => select(representation(s, kind.view), req.query)) },
    }));
    router.on(
      "POST",
      base,
      withDetails((req) => {
        const body = requireObjectBody(req);
        if (typeof body.name !== "string" || body.name === "")
          throw new ServiceError(400, "InvalidRequestParameter", `The ${kind.noun} name is required.`);
        return upsert(ctx, kind, req, body.name, true);
      }),
    );
    router.on("GET", `${base}/:name`, (req) => {
      const stored = kind.map(ctx.state).get(req.params.name!);
      if (!stored) throw notFound(kind.noun, req.params.name!);
      return { status: 200, headers: { ETag: stored.etag }, body: representation(stored, kind.view) };
    });
    router.on(
      "PUT",
      `${base}/:name`,
      withDetails((req) => upsert(ctx, kind, req, req.params.name!, false)),
    );
    router.on("DELETE", `${base}/:name`, (req) => {
      const name = req.params.name!;
      const existing = kind.map(ctx.state).get(name);
      checkConditions(req, existing);
      if (!existing) throw notFound(kind.noun, name);
      kind.beforeDelete?.(ctx, name);
      kind.map(ctx.state).delete(name);
      kind.afterDelete?.(ctx, name);
      return { status: 204 };
    });
  }
  registerIndexerActions(router, ctx);
  registerAnalyzeRoute(router, ctx);
}
