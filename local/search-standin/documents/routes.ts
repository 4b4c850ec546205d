// Document endpoints (reference §8): docs/search (POST and GET), docs/$count, docs/index, lookup by key.
// Both URL forms reach these routes through http.ts's normalisation (`docs/search.post.search` → `docs/search`).
import { ServiceError, type Router, type StandInRequest } from "../http.js";
import type { StandInContext } from "../context.js";
import { applyBatch, parseBatch } from "./batch.js";
import { schemaOf, type IndexSchema } from "./schema.js";
import { executeSearch, odata, searchRequestFromBody, searchRequestFromQuery } from "./search.js";
import { parseSelect } from "../odata/orderby.js";

/** The index's schema and document store; 404 in the service's words when the index does not exist. */
export function indexAndDocuments(
  ctx: StandInContext,
  name: string,
): { schema: IndexSchema; store: Map<string, Record<string, unknown>> } {
  const stored = ctx.state.indexes.get(name);
  if (!stored)
    throw new ServiceError(404, "ResourceNotFound", `The index '${name}' for service 'local-stand-in' was not found.`);
  let store = ctx.state.documents.get(name);
  if (!store) {
    store = new Map();
    ctx.state.documents.set(name, store);
  }
  return { schema: schemaOf(stored.definition), store: store as Map<string, Record<string, unknown>> };
}

export function registerDocumentRoutes(router: Router, ctx: StandInContext): void {
  const search =
    (fromRequest: (req: StandInRequest) => ReturnType<typeof searchRequestFromQuery>) => (req: StandInRequest) => {
      const { schema, store } = indexAndDocuments(ctx, req.params.name!);
      const nextLink = `http://${req.headers.host ?? "localhost"}/indexes('${schema.name}')/docs/search.post.search?api-version=${req.query.get("api-version")}`;
      return { status: 200, body: executeSearch(schema, store.values(), fromRequest(req), nextLink) };
    };

  router.on(
    "POST",
    "/indexes/:name/docs/search",
    search((req) => searchRequestFromBody(req.body)),
  );
  router.on(
    "GET",
    "/indexes/:name/docs",
    search((req) => searchRequestFromQuery(req.query)),
  );
  router.on(
    "GET",
    "/indexes/:name/docs/search",
    search((req) => searchRequestFromQuery(req.query)),
  );

  router.on("GET", "/indexes/:name/docs/$count", (req) => {
    const { store } = indexAndDocuments(ctx, req.params.name!);
    return { status: 200, body: store.size };
  });

  router.on("POST", "/indexes/:name/docs/index", (req) => {
    const { schema, store } = indexAndDocuments(ctx, req.params.name!);
    const results = applyBatch(store, parseBatch(req.body, schema), schema);
    return { status: results.every((r) => r.status) ? 200 : 207, body: { value: results } };
  });

  router.on("GET", "/indexes/:name/docs/:key", (req) => {
    const { schema, store } = indexAndDocuments(ctx, req.params.name!);
    const doc = store.get(req.params.key!);
    if (!doc)
      throw new ServiceError(
        404,
        "ResourceNotFound",
        `Document with key '${req.params.key}' was not found in index '${schema.name}'.`,
      );
    // @azure/search-documents 13 double-encodes the name (`%2524select`, arriving as `%24select`); honour both.
    const selectParam = req.query.get("$select") ?? req.query.get("%24select") ?? undefined;
    const select = odata(() => parseSelect(selectParam, schema));
    return { status: 200, body: Object.fromEntries(select.map((f) => [f.name, doc[f.name] ?? null])) };
  });
}
