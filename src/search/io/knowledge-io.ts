// Reads of the agentic-retrieval objects for status, snapshot and retrieve: the knowledge source's definition
// (REST shape: the parts the checks use) and status, and retrieve itself. SDK calls only; no logic beyond them.
import type { KnowledgeRetrievalClient, SearchIndexClient } from "@azure/search-documents";
import type { JsonObject } from "../definitions/json.js";
import { namedIndex } from "../agentic/index-target.js";
import { unknownBecause, type Known } from "../known.js";

/** The knowledge source as the checks read it, or undefined when it does not exist (404). */
export async function fetchKnowledgeSource(
  client: SearchIndexClient,
  name: string,
): Promise<{ definition: JsonObject; synchronizationStatus: string | null } | undefined> {
  try {
    const source = await client.getKnowledgeSource(name);
    const status = await client.getKnowledgeSourceStatus(name);
    const parameters = "searchIndexParameters" in source ? source.searchIndexParameters : undefined;
    return {
      definition: {
        name: source.name,
        kind: source.kind,
        searchIndexParameters: parameters ? { searchIndexName: parameters.searchIndexName } : null,
      },
      synchronizationStatus: status.synchronizationStatus ?? null,
    };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return undefined;
    throw err;
  }
}

/** Every knowledge source on the service, as the prune guard needs them (name and the index each names). */
export async function listKnowledgeSources(client: SearchIndexClient): Promise<JsonObject[]> {
  const out: JsonObject[] = [];
  for await (const source of client.listKnowledgeSources()) {
    const parameters = "searchIndexParameters" in source ? source.searchIndexParameters : undefined;
    out.push({
      name: source.name,
      kind: source.kind,
      searchIndexParameters: parameters ? { searchIndexName: parameters.searchIndexName } : null,
    });
  }
  return out;
}

export type RetrieveResponse = Awaited<ReturnType<KnowledgeRetrievalClient["retrieve"]>>;

export async function retrieveFrom(
  client: KnowledgeRetrievalClient,
  request: Parameters<KnowledgeRetrievalClient["retrieve"]>[0],
): Promise<RetrieveResponse> {
  return client.retrieve(request);
}

/** The index the knowledge source names, for provenance: unknown (with the reason) when missing or not readable. */
export async function readKnowledgeSourceIndex(client: SearchIndexClient, name: string): Promise<Known<string>> {
  try {
    const source = await fetchKnowledgeSource(client, name);
    if (source === undefined)
      return { status: "unknown", reason: `knowledge source ${name} does not exist (run \`docs-index deploy\`)` };
    const index = namedIndex(source.definition);
    return index === null
      ? { status: "unknown", reason: `knowledge source ${name} names no index (not a searchIndex source)` }
      : { status: "known", value: index };
  } catch (err) {
    return unknownBecause(err, "reading the knowledge source");
  }
}
