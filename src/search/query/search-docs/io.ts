// Runs the requests built by ./request.ts with @azure/search-documents and shapes the results: the search_docs
// port the MCP server, `docs-index query` and the relevance evaluation share, so all query exactly as agents do.
// No logic beyond the calls: every rule lives in the pure modules beside this file.
import type { SearchClient } from "@azure/search-documents";
import type { PageLocation } from "../common/document-fields.js";
import { appNamesOf } from "../common/io/apps-io.js";
import { runSearchDocsRequest, type SearchDocsOutcome, type SearchDocsPort } from "./answer.js";
import { shapeSearchHit, type SearchDocsHit } from "./hit.js";
import type { SearchDocsRequest } from "./request.js";

export type AnyDoc = Record<string, unknown>;

/** The search_docs port as SDK calls: the request sent, hits shaped; the apps faceted. */
export function searchDocsPort(
  client: SearchClient<AnyDoc>,
  where: PageLocation & { snippetChars: number },
): SearchDocsPort {
  return {
    search: async (request) => {
      const result = await client.search(request.searchText, request.options);
      const hits: SearchDocsHit[] = [];
      for await (const r of result.results) {
        hits.push(shapeSearchHit(r.document, r, where));
        if (hits.length >= request.top) break;
      }
      return hits;
    },
    appNames: appNamesOf(client),
  };
}

/** One search_docs query (./answer.ts: the semantic fallback), against `client`. */
export async function runSearchDocs(
  client: SearchClient<AnyDoc>,
  request: SearchDocsRequest,
  where: PageLocation & { snippetChars: number },
): Promise<SearchDocsOutcome> {
  return runSearchDocsRequest(searchDocsPort(client, where), request);
}
