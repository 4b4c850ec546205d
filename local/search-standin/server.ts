// A local stand-in for Azure AI Search: speaks the REST API this project uses over real HTTP so that
// @azure/search-documents runs against it unmodified. A development tool, never a product code path.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { StandInContext, StandInOptions } from "./context.js";
import { registerDocumentRoutes } from "./documents/routes.js";
import { ServiceError, Router, errorBody, normalisePath, readBody, send, type StandInResponse } from "./http.js";
import { registerKnowledgeRoutes } from "./knowledge/routes.js";
import { registerAliasRoutes, routeThroughAlias } from "./management/aliases.js";
import { registerManagementRoutes } from "./management/routes.js";
import { createState, type StandInState } from "./state.js";

export interface RequestLogEntry {
  method: string;
  /** Normalised path, e.g. "/indexers/docs-indexer/run". */
  path: string;
  status: number;
}

/** An injected failure for error-path tests: the next `times` matching requests get `status`. */
interface Fault {
  method?: string;
  /** Matched against the normalised path. */
  pathIncludes?: string;
  status: number;
  times: number;
  code?: string;
  message?: string;
  headers?: Record<string, string>;
}

export interface SearchStandIn {
  url: string;
  apiKey: string;
  state: StandInState;
  /** Every request in arrival order (for asserting the deploy order and counting PUTs). */
  requests: RequestLogEntry[];
  injectFault(fault: Fault): void;
  close(): Promise<void>;
}

export async function startSearchStandIn(options: StandInOptions = {}): Promise<SearchStandIn> {
  const ctx: StandInContext = { state: createState(), options: { apiKey: "local-admin-key", ...options } };
  const router = new Router();
  registerManagementRoutes(router, ctx);
  registerDocumentRoutes(router, ctx);
  registerAliasRoutes(router, ctx);
  registerKnowledgeRoutes(router, ctx);
  const requests: RequestLogEntry[] = [];
  const faults: Fault[] = [];

  const server: Server = createServer(async (req, res) => {
    const requestId = randomUUID();
    const url = new URL(req.url ?? "/", "http://stand-in");
    const segments = normalisePath(url.pathname);
    const entry: RequestLogEntry = { method: req.method ?? "GET", path: `/${segments.join("/")}`, status: 0 };
    requests.push(entry);
    let response: StandInResponse;
    try {
      response = await dispatch();
    } catch (err) {
      response =
        err instanceof ServiceError
          ? { status: err.status, body: errorBody(err.code, err.message), headers: err.headers }
          : { status: 500, body: errorBody("InternalServerError", String(err)) };
    }
    entry.status = response.status;
    send(res, response, requestId);

    async function dispatch(): Promise<StandInResponse> {
      const fault = faults.find(
        (f) =>
          f.times > 0 &&
          (!f.method || f.method === entry.method) &&
          (!f.pathIncludes || entry.path.includes(f.pathIncludes)),
      );
      if (fault) {
        fault.times -= 1;
        throw new ServiceError(
          fault.status,
          fault.code ?? "InjectedFault",
          fault.message ?? `Injected ${fault.status}`,
          fault.headers,
        );
      }
      if (req.headers["api-key"] !== ctx.options.apiKey) {
        throw new ServiceError(403, "Forbidden", "Authorization failed: a valid api-key header is required.");
      }
      if (!url.searchParams.get("api-version")) {
        throw new ServiceError(
          400,
          "MissingApiVersionParameter",
          "The api-version query parameter (?api-version=) is required for all requests.",
        );
      }
      const routed = routeThroughAlias(ctx, entry.method, segments);
      const matched = router.match(entry.method, routed.segments);
      if (matched === undefined)
        throw new ServiceError(404, "ResourceNotFound", `No route for ${entry.method} ${entry.path}.`);
      if (matched === "method-not-allowed")
        throw new ServiceError(405, "MethodNotAllowed", `${entry.method} is not allowed on ${entry.path}.`);
      const body = routed.rebindBody(await readBody(req));
      return matched.handler({
        method: entry.method,
        segments: routed.segments,
        query: url.searchParams,
        headers: req.headers,
        body,
        params: matched.params,
      });
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    apiKey: ctx.options.apiKey,
    state: ctx.state,
    requests,
    injectFault: (fault) => faults.push({ ...fault }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
