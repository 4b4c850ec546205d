// The retrieve_docs ports that are SDK calls: the knowledge base's retrieve (../../io/knowledge-io.ts) and the app
// facets of the index behind it. The MCP server and `docs-index retrieve` add the answer basis, the knowledge
// source's index, the page reader and the renderer.
import type { KnowledgeRetrievalClient, SearchClient } from "@azure/search-documents";
import { retrieveFrom } from "../../io/knowledge-io.js";
import { appNamesOf } from "../common/io/apps-io.js";
import type { RetrieveDocsPorts } from "./answer.js";

export function retrieveDocsPort(
  client: KnowledgeRetrievalClient,
  index: SearchClient<Record<string, unknown>>,
): Pick<RetrieveDocsPorts, "retrieve" | "appNames"> {
  return { retrieve: (body) => retrieveFrom(client, body), appNames: appNamesOf(index) };
}
