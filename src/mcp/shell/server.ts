// The MCP server: the tools (retrieve_docs only where agentic retrieval is on) on the official SDK's McpServer, each
// answering with structuredContent (per
// its outputSchema) and a text rendering. A refused request (section inclusion, path prefix, bad reference) is a
// tool error saying what to use instead; a request the service refuses (400) is a tool error saying what was
// wrong; a service failure is a tool error naming what failed.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { SearchDocsRefusal } from "../../search/query/refusal.js";
import { serviceMessage } from "../../search/query/search-docs/semantic-availability.js";
import {
  GET_DOC_DESCRIPTION,
  LIST_APPS_DESCRIPTION,
  RETRIEVE_DOCS_DESCRIPTION,
  SEARCH_DOCS_DESCRIPTION,
  serverInstructions,
} from "../core/descriptions.js";
import {
  renderGetDoc,
  renderListApps,
  renderRetrieveDocs,
  renderSearchDocs,
} from "../../search/views/tool-result-text.js";
import {
  getDocInput,
  getDocOutput,
  listAppsInput,
  listAppsOutput,
  retrieveDocsInput,
  retrieveDocsOutput,
  searchDocsInput,
  searchDocsOutput,
} from "../core/schemas.js";
import { publisherLine } from "../../search/publisher-text.js";
import type { DocsIndexBackend } from "./backend.js";

const SERVER_NAME = "docs-index";

/** Where tool failures are logged (stderr; never stdout, which carries the protocol in stdio mode). */
export type Log = (line: string) => void;

/** A tool error: one line, markers defused (it may quote a page's anchors and headings, or a service's message). */
function toolError(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: publisherLine(text) }] };
}

async function answer<T extends object>(
  tool: string,
  log: Log,
  run: () => Promise<T>,
  render: (value: T) => CallToolResult["content"],
): Promise<CallToolResult> {
  try {
    const value = await run();
    return { structuredContent: value as Record<string, unknown>, content: render(value) };
  } catch (err) {
    if (err instanceof SearchDocsRefusal) return toolError(err.message);
    const { statusCode: status, code } = err as { statusCode?: number; code?: string };
    if (status === 400) {
      // The request itself was refused (a semantic query the service cannot serve never gets here: it falls back).
      const refused = `${tool} failed: the search service refused the request (400${code ? ` ${code}` : ""}): ${serviceMessage(err)}`;
      log(refused);
      return toolError(`${refused}. Retrying the same arguments fails again: change what the message names`);
    }
    const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
    log(`${tool} failed: ${status ? `${status} ` : ""}${message}`);
    const what = status ? `the search service answered ${status}` : "no answer from the search service";
    return toolError(
      `${tool} failed: ${what}: ${message}. A service problem, not one of the arguments: retry later, or say that the documentation search is unavailable`,
    );
  }
}

export function createDocsMcpServer(backend: DocsIndexBackend, version: string, log: Log): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version },
    { capabilities: { tools: {} }, instructions: serverInstructions(backend.agenticRetrieval) },
  );
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  server.registerTool(
    "search_docs",
    {
      title: "Search the documentation",
      description: SEARCH_DOCS_DESCRIPTION,
      inputSchema: searchDocsInput,
      outputSchema: searchDocsOutput,
      annotations: readOnly,
    },
    (params) => answer("search_docs", log, () => backend.searchDocs(params), renderSearchDocs),
  );
  if (backend.agenticRetrieval)
    server.registerTool(
      "retrieve_docs",
      {
        title: "Retrieve documentation passages (agentic retrieval)",
        description: RETRIEVE_DOCS_DESCRIPTION,
        inputSchema: retrieveDocsInput,
        outputSchema: retrieveDocsOutput,
        annotations: readOnly,
      },
      (params) => answer("retrieve_docs", log, () => backend.retrieveDocs(params), renderRetrieveDocs),
    );
  server.registerTool(
    "get_doc",
    {
      title: "Read one documentation page",
      description: GET_DOC_DESCRIPTION,
      inputSchema: getDocInput,
      outputSchema: getDocOutput,
      annotations: readOnly,
    },
    (params) => answer("get_doc", log, () => backend.getDoc(params), renderGetDoc),
  );
  server.registerTool(
    "list_apps",
    {
      title: "List documentation apps and sections",
      description: LIST_APPS_DESCRIPTION,
      inputSchema: listAppsInput,
      outputSchema: listAppsOutput,
      annotations: readOnly,
    },
    () => answer("list_apps", log, () => backend.listApps(), renderListApps),
  );
  return server;
}
