// The ports `docs-index query` and `docs-index retrieve` answer through, as the MCP server builds them for its
// tools: the tool's SDK calls, the answer basis read once for the call (the coverage check unless --dedup names
// the filter, and the provenance facts), the pages from the environment's docs container (the index's content
// where a page cannot be read; the container opened at the first page read) and the tools' renderers, which the
// budget is measured on.
import type { SearchClient } from "@azure/search-documents";
import type { SearchClients } from "../../../search/io/clients.js";
import { readKnowledgeSourceIndex } from "../../../search/io/knowledge-io.js";
import { searchClient } from "../../../search/io/search-io.js";
import type { AnswerBasis } from "../../../search/query/common/answer-basis.js";
import { basisOnce } from "../../../search/query/common/io/answer-basis-io.js";
import { cachedPageReader } from "../../../search/query/common/io/page-reader-io.js";
import type { PageReader } from "../../../search/query/common/page-reader.js";
import type { RetrieveDocsPorts } from "../../../search/query/retrieve-docs/answer.js";
import { retrieveDocsPort } from "../../../search/query/retrieve-docs/io.js";
import type { SearchDocsPorts } from "../../../search/query/search-docs/answer.js";
import { searchDocsPort } from "../../../search/query/search-docs/io.js";
import { renderRetrieveDocs, renderSearchDocs } from "../../../search/views/tool-result-text.js";
import type { CliContext } from "../../context.js";
import { chosenDedupOf, cliToolLimits, type DedupChoice } from "./query-options.js";

type Clients = Pick<SearchClients, "indexClient" | "indexerClient" | "knowledgeRetrievalClient">;

/** The answer basis and the page reader, for one call. */
function answerBasisAndPages(
  ctx: CliContext,
  clients: Clients,
  index: SearchClient<Record<string, unknown>>,
  dedup: DedupChoice,
): { basis(): Promise<AnswerBasis>; readPage: PageReader } {
  const { search } = ctx.config;
  let reader: Promise<PageReader> | undefined;
  return {
    basis: () =>
      basisOnce(clients, index, {
        index: search.index_name,
        indexer: search.indexer_name,
        apiVersion: search.api_version,
        dedup: chosenDedupOf(dedup),
      }),
    readPage: async (key, lastModified, content) => {
      reader ??= ctx
        .blobService()
        .then((blobs) =>
          cachedPageReader(blobs.getContainerClient(search.container), index, search.container, search.docs_url),
        );
      return (await reader)(key, lastModified, content);
    },
  };
}

export function cliSearchDocsPorts(ctx: CliContext, clients: Clients, dedup: DedupChoice): SearchDocsPorts {
  const { search } = ctx.config;
  const index = searchClient(clients.indexClient, search.index_name);
  const where = {
    container: search.container,
    docsUrl: search.docs_url,
    snippetChars: cliToolLimits(ctx).snippetChars,
  };
  return {
    ...searchDocsPort(index, where),
    ...answerBasisAndPages(ctx, clients, index, dedup),
    render: renderSearchDocs,
  };
}

export function cliRetrieveDocsPorts(ctx: CliContext, clients: Clients, dedup: DedupChoice): RetrieveDocsPorts {
  const { search } = ctx.config;
  const index = searchClient(clients.indexClient, search.index_name);
  return {
    ...retrieveDocsPort(clients.knowledgeRetrievalClient(search.knowledge_base_name), index),
    ...answerBasisAndPages(ctx, clients, index, dedup),
    sourceIndex: () => readKnowledgeSourceIndex(clients.indexClient, search.knowledge_source_name),
    render: renderRetrieveDocs,
  };
}
