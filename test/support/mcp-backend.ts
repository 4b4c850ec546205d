// The MCP backend over a search endpoint (the stand-in, or an address that does not answer), with this
// repository's names and default limits, for tests of the backend's decisions without a server process.
import {
  AzureKeyCredential,
  KnowledgeRetrievalClient,
  SearchIndexClient,
  SearchIndexerClient,
} from "@azure/search-documents";
import { DocsIndexBackend, type BackendOptions } from "../../src/mcp/shell/backend.js";
import { toolLimits } from "../../src/mcp/core/limits.js";
import { mcpConfigSchema } from "../../src/config/mcp.js";

export interface TestBackendOptions extends Pick<BackendOptions, "recheckMs" | "now"> {
  /** SDK retries on a failed call; false: none, so an injected fault reaches the backend at once. */
  retries?: boolean;
  /** With the knowledge base docs-knowledge-base (retrieve_docs). */
  knowledge?: boolean;
}

export function testBackend(endpoint: string, apiKey: string, options: TestBackendOptions): DocsIndexBackend {
  const credential = new AzureKeyCredential(apiKey);
  const sdk = {
    allowInsecureConnection: true,
    ...(options.retries === false ? { retryOptions: { maxRetries: 0 } } : {}),
  };
  return new DocsIndexBackend({
    clients: {
      indexClient: new SearchIndexClient(endpoint, credential, sdk),
      indexerClient: new SearchIndexerClient(endpoint, credential, sdk),
    },
    index: "docs-index",
    indexer: "docs-indexer",
    container: "$web",
    docsUrl: "https://docs.example.com",
    apiVersion: "2026-04-01",
    limits: toolLimits(mcpConfigSchema.parse({})),
    recheckMs: options.recheckMs,
    ...(options.now ? { now: options.now } : {}),
    ...(options.knowledge
      ? {
          knowledge: {
            knowledgeBase: "docs-knowledge-base",
            knowledgeSource: "docs-knowledge-source",
            client: new KnowledgeRetrievalClient(endpoint, "docs-knowledge-base", credential, sdk),
          },
        }
      : {}),
  });
}
