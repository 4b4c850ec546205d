// The management port (src/search/service/management-port.ts) over the SDK clients' HTTP pipeline.
// Implementation choice: definitions travel as the REST-shaped JSON of the files, sent through the SDK clients'
// own pipeline (auth, retries, api-key or Entra token, OData accept header), not through the SDK's model
// converters, which rename properties and fill omitted field attributes with SDK defaults (reference §4.1).
// What the service receives is then byte-for-byte the reviewed file, filled for the environment.
import {
  createDefaultHttpClient,
  createHttpHeaders,
  createPipelineRequest,
  RestError,
  type HttpClient,
  type Pipeline,
} from "@azure/core-rest-pipeline";
import type { SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import type { DefinitionKind } from "../definitions/definitions.js";
import type { LiveObject, SearchManagementPort, WriteCondition } from "../service/management-port.js";
import type { JsonObject } from "../definitions/json.js";

const COLLECTIONS: Record<DefinitionKind, string> = {
  index: "indexes",
  datasource: "datasources",
  indexer: "indexers",
  knowledgeSource: "knowledgesources",
  knowledgeBase: "knowledgebases",
};

export interface PortClients {
  indexClient: SearchIndexClient;
  indexerClient: SearchIndexerClient;
  apiVersion: string;
  /** Plain http is allowed only for a loopback endpoint (the local stand-in); the caller decides. */
  allowInsecureConnection?: boolean;
  httpClient?: HttpClient;
}

/** The service's error body {"error":{"code","message"}} as a RestError, so the CLI reports it like SDK errors. */
function errorFrom(response: { status: number; bodyAsText?: string | null }): RestError {
  let code: string | undefined;
  let message = `HTTP ${response.status}`;
  try {
    const body = JSON.parse(response.bodyAsText ?? "") as { error?: { code?: string; message?: string } };
    code = body.error?.code || undefined;
    if (body.error?.message) message = body.error.message;
  } catch {
    // not a JSON error body: keep the status line
  }
  return new RestError(message, { statusCode: response.status, code });
}

export function createSearchManagementPort({
  indexClient,
  indexerClient,
  apiVersion,
  allowInsecureConnection = false,
  httpClient = createDefaultHttpClient(),
}: PortClients): SearchManagementPort {
  const pipelineFor = (kind: DefinitionKind): Pipeline =>
    kind === "datasource" || kind === "indexer" ? indexerClient.pipeline : indexClient.pipeline;
  const url = (kind: DefinitionKind, name: string) =>
    `${indexClient.endpoint.replace(/\/+$/, "")}/${COLLECTIONS[kind]}('${encodeURIComponent(name.replaceAll("'", "''"))}')?api-version=${encodeURIComponent(apiVersion)}`;

  async function send(
    kind: DefinitionKind,
    method: "GET" | "PUT" | "DELETE",
    name: string,
    body?: JsonObject,
    condition: WriteCondition = {},
  ) {
    const headers = createHttpHeaders({ accept: "application/json;odata.metadata=minimal" });
    if (body) headers.set("content-type", "application/json");
    if (method === "PUT") headers.set("prefer", "return=representation");
    if (condition.ifMatch) headers.set("if-match", condition.ifMatch);
    if (condition.ifNoneMatch) headers.set("if-none-match", condition.ifNoneMatch);
    const options = {
      url: url(kind, name),
      method,
      headers,
      allowInsecureConnection,
      ...(body ? { body: JSON.stringify(body) } : {}),
    };
    const response = await pipelineFor(kind).sendRequest(httpClient, createPipelineRequest(options));
    return { response };
  }

  const asLive = (text: string | null | undefined, etagHeader: string | undefined): LiveObject => {
    const definition = JSON.parse(text ?? "{}") as JsonObject;
    const etag =
      typeof definition["@odata.etag"] === "string" ? (definition["@odata.etag"] as string) : (etagHeader ?? "");
    return { definition, etag };
  };

  return {
    async get(kind, name) {
      const { response } = await send(kind, "GET", name);
      if (response.status === 404) return undefined;
      if (response.status !== 200) throw errorFrom(response);
      return asLive(response.bodyAsText, response.headers.get("etag"));
    },
    async put(kind, name, definition, condition) {
      const { response } = await send(kind, "PUT", name, definition, condition);
      if (response.status !== 200 && response.status !== 201 && response.status !== 204) throw errorFrom(response);
      if (response.status === 204) return { definition, etag: response.headers.get("etag") ?? "" };
      return asLive(response.bodyAsText, response.headers.get("etag"));
    },
    async delete(kind, name, condition) {
      const { response } = await send(kind, "DELETE", name, undefined, condition);
      if (response.status !== 204 && response.status !== 200 && response.status !== 404) throw errorFrom(response);
    },
    async runIndexer(name) {
      try {
        await indexerClient.runIndexer(name);
        return "started";
      } catch (err) {
        // The service starts a run when an indexer is created; a second start is refused with 409 (reference §7).
        if ((err as RestError).statusCode === 409) return "already-running";
        throw err;
      }
    },
  };
}
