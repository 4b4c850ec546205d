// Knowledge sources and knowledge bases (API 2026-04-01): create/update/get/list/delete with ETags and
// `If-Match`/`If-None-Match` (both URL forms), `GET /knowledgesources/{name}/status`, and
// `POST /knowledgebases/{name}/retrieve` (./retrieve.ts). Refusals the documentation leaves open are worded in
// ./rules.ts after the facts in src/search/service/service-facts.ts.
import { ServiceError, type Router, type StandInRequest, type StandInResponse } from "../http.js";
import type { StandInContext } from "../context.js";
import { newEtag, type JsonObject, type Stored, type StandInState } from "../state.js";
import {
  bindName,
  checkConditions,
  representation,
  requireObjectBody,
  writeResponse,
} from "../management/conditions.js";
import { knowledgeBaseWithDefaults, knowledgeSourceWithDefaults } from "./definitions.js";
import { retrieve } from "./retrieve.js";
import { indexNamedByKnowledgeSource, knowledgeSourceListed } from "./rules.js";
import {
  INDEX_DELETE_REFUSED_WHILE_NAMED_BY_KNOWLEDGE_SOURCE,
  KNOWLEDGE_SOURCE_DELETE_REFUSED_WHILE_LISTED,
} from "../../../src/search/service/service-facts.js";
import { knowledgeStore } from "./store.js";

interface KnowledgeKind {
  collection: "knowledgesources" | "knowledgebases";
  noun: string;
  map(state: StandInState): Map<string, Stored>;
  accept(ctx: StandInContext, body: JsonObject): JsonObject;
  beforeDelete?(state: StandInState, name: string): void;
}

const KINDS: KnowledgeKind[] = [
  {
    collection: "knowledgesources",
    noun: "knowledge source",
    map: (s) => knowledgeStore(s).sources,
    accept: (ctx, body) => knowledgeSourceWithDefaults(ctx.state, body, ctx.options.knowledgeSourceMayNameAlias),
    beforeDelete: (state, name) => {
      const listing = [...knowledgeStore(state).bases.values()]
        .filter((b) => (b.definition.knowledgeSources as JsonObject[]).some((r) => r.name === name))
        .map((b) => String(b.definition.name));
      if (KNOWLEDGE_SOURCE_DELETE_REFUSED_WHILE_LISTED && listing.length > 0)
        throw knowledgeSourceListed(name, listing);
    },
  },
  {
    collection: "knowledgebases",
    noun: "knowledge base",
    map: (s) => knowledgeStore(s).bases,
    accept: (ctx, body) => knowledgeBaseWithDefaults(ctx.state, body),
  },
];

function notFound(noun: string, name: string): ServiceError {
  return new ServiceError(404, "ResourceNameNotFound", `No ${noun} with the name '${name}' was found in the service.`);
}

function stored(ctx: StandInContext, kind: KnowledgeKind, name: string): Stored {
  const found = kind.map(ctx.state).get(name);
  if (!found) throw notFound(kind.noun, name);
  return found;
}

function upsert(ctx: StandInContext, kind: KnowledgeKind, req: StandInRequest, name: string, mustCreate: boolean) {
  const body = requireObjectBody(req);
  bindName(body, name, kind.noun);
  const map = kind.map(ctx.state);
  const existing = map.get(name);
  if (mustCreate && existing)
    throw new ServiceError(
      409,
      "ResourceNameAlreadyInUse",
      `Cannot create ${kind.noun} '${name}' because another ${kind.noun} with the same name already exists.`,
    );
  checkConditions(req, existing);
  const definition = kind.accept(ctx, body);
  const next: Stored = { definition, etag: newEtag() };
  map.set(name, next);
  return writeResponse(req, next, !existing);
}

export function registerKnowledgeRoutes(router: Router, ctx: StandInContext): void {
  for (const kind of KINDS) {
    const base = `/${kind.collection}`;
    router.on("GET", base, (req) => {
      const select = req.query.get("$select");
      const fields = select && select !== "*" ? select.split(",").map((s) => s.trim()) : undefined;
      const value = [...kind.map(ctx.state).values()].map((s) => {
        const full = representation(s);
        return fields ? Object.fromEntries(Object.entries(full).filter(([k]) => fields.includes(k))) : full;
      });
      return { status: 200, body: { value } };
    });
    router.on("POST", base, (req) => {
      const body = requireObjectBody(req);
      if (typeof body.name !== "string" || body.name === "")
        throw new ServiceError(400, "InvalidRequestParameter", `The ${kind.noun} name is required.`);
      return upsert(ctx, kind, req, body.name, true);
    });
    router.on("GET", `${base}/:name`, (req) => {
      const s = stored(ctx, kind, req.params.name!);
      return { status: 200, headers: { ETag: s.etag }, body: representation(s) };
    });
    router.on("PUT", `${base}/:name`, (req) => upsert(ctx, kind, req, req.params.name!, false));
    router.on("DELETE", `${base}/:name`, (req): StandInResponse => {
      const name = req.params.name!;
      const existing = kind.map(ctx.state).get(name);
      checkConditions(req, existing);
      if (!existing) throw notFound(kind.noun, name);
      kind.beforeDelete?.(ctx.state, name);
      kind.map(ctx.state).delete(name);
      return { status: 204 };
    });
  }
  // A searchIndex source has nothing to synchronize: always active, no schedule, no history (2026-04-01 recording).
  router.on("GET", "/knowledgesources/:name/status", (req) => {
    stored(ctx, KINDS[0]!, req.params.name!);
    return {
      status: 200,
      body: {
        kind: "searchIndex",
        synchronizationStatus: "active",
        synchronizationInterval: null,
        currentSynchronizationState: null,
        lastSynchronizationState: null,
        statistics: null,
      },
    };
  });
  router.on("POST", "/knowledgebases/:name/retrieve", (req) => ({
    status: 200,
    body: retrieve(ctx, stored(ctx, KINDS[1]!, req.params.name!).definition, req.body),
  }));
}

/** Index DELETE guard: refused while a knowledge source names the index (UNCONFIRMED, rules.ts). */
export function assertIndexNotNamedByKnowledgeSource(state: StandInState, index: string): void {
  if (!INDEX_DELETE_REFUSED_WHILE_NAMED_BY_KNOWLEDGE_SOURCE) return;
  const naming = [...knowledgeStore(state).sources.values()]
    .filter((s) => (s.definition.searchIndexParameters as JsonObject | null)?.searchIndexName === index)
    .map((s) => String(s.definition.name));
  if (naming.length > 0) throw indexNamedByKnowledgeSource(index, naming);
}
