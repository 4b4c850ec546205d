// What the tools do against the index: search_docs, get_doc and list_apps through the query core, with the facts
// behind every answer kept fresh: the `format` coverage check that decides the dedup filter and the provenance
// facts (serving index, eTag, last successful run), each re-read when older than the time to live, one read at
// a time however many calls arrive.
import type { KnowledgeRetrievalClient, SearchClient } from "@azure/search-documents";
import type { ContainerClient } from "@azure/storage-blob";
import type { SearchClients } from "../../search/io/clients.js";
import type { FormatCoverageCheck } from "../../search/dedup/policy.js";
import { coverageCheckFailed, provenanceReadFailed, recheckPolicy } from "../../search/query/common/recheck.js";
import { Refreshing } from "../../search/query/common/io/refreshing.js";
import { withRetrievePassages, withSearchPassages } from "../../search/query/io/answer-passages-io.js";
import { cachedPageReader } from "../../search/query/common/io/page-reader-io.js";
import type { PageReader } from "../../search/query/common/page-reader.js";
import { budgetOf, TOKEN_BUDGETS } from "../../search/query/page/answer-fit.js";
import { ANSWER_RENDERERS, renderGetDoc } from "../../search/views/tool-result-text.js";
import {
  buildProvenance,
  withProvenanceDetail,
  type Provenance,
  type ProvenanceDetail,
  type ProvenanceFacts,
} from "../../search/query/common/provenance.js";
import type { AnswerBasis } from "../../search/query/common/answer-basis.js";
import type { Known } from "../../search/known.js";
import type { RetrieveDocsParams } from "../../search/query/retrieve-docs/request.js";
import { readKnowledgeSourceIndex } from "../../search/io/knowledge-io.js";
import { answerRetrieveDocs } from "../../search/query/retrieve-docs/io.js";
import { SearchDocsRefusal } from "../../search/query/refusal.js";
import type { SearchDocsParams } from "../../search/query/search-docs/request.js";
import type { AppSummary } from "../../search/query/common/apps.js";
import { documentLookupPort, learnContainerBase } from "../../search/query/get-doc/io.js";
import { answerGetDoc, type GetDocParams, type GetDocPorts } from "../../search/query/get-doc/answer.js";
import { listApps } from "../../search/query/common/io/apps-io.js";
import { answerSearchDocs } from "../../search/query/search-docs/io.js";
import { answerBasis, checkFormatCoverage, readProvenanceFacts } from "../../search/query/common/io/answer-basis-io.js";
import type { ToolLimits } from "../core/limits.js";

export interface BackendOptions {
  clients: Pick<SearchClients, "indexClient" | "indexerClient">;
  index: string;
  indexer: string;
  container: string;
  docsUrl: string;
  apiVersion: string;
  limits: ToolLimits;
  /** Agentic retrieval (retrieve_docs), where the environment has it on. */
  knowledge?: { knowledgeBase: string; knowledgeSource: string; client: KnowledgeRetrievalClient };
  /**
   * The docs container, read for the pages' main content (Storage Blob Data Reader); without it, the index's content.
   */
  pages?: ContainerClient;
  /** Re-read coverage and provenance facts when older than this. */
  recheckMs: number;
  now?: () => number;
}

type AnyDoc = Record<string, unknown>;

export class DocsIndexBackend {
  readonly search: SearchClient<AnyDoc>;
  private readonly coverage: Refreshing<FormatCoverageCheck>;
  private readonly facts: Refreshing<ProvenanceFacts>;
  private readonly containerBase: Refreshing<string | null>;
  private readonly knowledgeSourceIndex: Refreshing<Known<string>> | undefined;
  private readonly now: () => number;
  private readonly readPage: PageReader;
  private readonly getDocPorts: GetDocPorts;

  constructor(private readonly options: BackendOptions) {
    this.now = options.now ?? Date.now;
    this.search = options.clients.indexClient.getSearchClient<AnyDoc>(options.index);
    this.readPage = cachedPageReader(options.pages, this.search, options.container, options.docsUrl);
    // A good read lasts recheckMs; a failed one (e.g. ECONNREFUSED at start) is retried after seconds.
    const policy = recheckPolicy(options.recheckMs);
    const now = this.now;
    this.coverage = new Refreshing(() => checkFormatCoverage(this.search, new Date(this.now())), {
      policy,
      failed: coverageCheckFailed,
      now,
    });
    this.facts = new Refreshing(
      () =>
        readProvenanceFacts(options.clients, {
          index: options.index,
          indexer: options.indexer,
          apiVersion: options.apiVersion,
        }),
      { policy, failed: provenanceReadFailed, now },
    );
    this.containerBase = new Refreshing(() => learnContainerBase(this.search, options.container), {
      policy,
      dueAnyway: (base) => base === null,
      now,
    });
    this.getDocPorts = {
      documents: documentLookupPort(this.search),
      containerBase: () => this.containerBase.get(),
      basis: () => this.basis(),
      readPage: this.readPage,
      render: renderGetDoc,
    };
    const knowledge = options.knowledge;
    this.knowledgeSourceIndex = knowledge
      ? new Refreshing(() => readKnowledgeSourceIndex(options.clients.indexClient, knowledge.knowledgeSource), {
          policy,
          failed: (index) => index.status === "unknown" && index.retry === true,
          now,
        })
      : undefined;
  }

  /** Whether retrieve_docs is offered (search.agentic_retrieval in the environment's config). */
  get agenticRetrieval(): boolean {
    return this.options.knowledge !== undefined;
  }

  /** The first coverage check and provenance read, at start (their failures are reported in answers, not thrown). */
  async warmUp(): Promise<void> {
    await Promise.all([this.coverage.get(), this.facts.get(), this.knowledgeSourceIndex?.get()]);
  }

  /** The one read of the facts behind every answer (coverage → dedup decision, provenance facts), each cached. */
  private basis(): Promise<AnswerBasis> {
    return answerBasis(this.coverage.get(), this.facts.get());
  }

  private answeredAt(): string {
    return new Date(this.now()).toISOString();
  }

  private async provenance(filter: string | null): Promise<{ provenance: Provenance; dedupFilter: string }> {
    const { dedup, facts } = await this.basis();
    return { provenance: buildProvenance(facts, dedup, filter, this.answeredAt()), dedupFilter: dedup.filter };
  }

  async searchDocs<D extends ProvenanceDetail = "short">(
    params: SearchDocsParams & { max_tokens?: number; provenance?: D },
  ) {
    // A budget below the smallest is refused before the search.
    const options = this.passageOptions(params.max_tokens);
    const answer = await answerSearchDocs(this.search, params, await this.basis(), {
      container: this.options.container,
      docsUrl: this.options.docsUrl,
      limits: this.options.limits,
      now: () => new Date(this.now()),
    });
    return withSearchPassages(withProvenanceDetail(answer, params.provenance), params.query, options);
  }

  private passageOptions(maxTokens: number | undefined) {
    return {
      readPage: this.readPage,
      render: ANSWER_RENDERERS,
      snippetChars: this.options.limits.snippetChars,
      maxTokens: budgetOf(maxTokens, TOKEN_BUDGETS.searchDefault),
    };
  }

  async retrieveDocs<D extends ProvenanceDetail = "short">(
    params: RetrieveDocsParams & { max_tokens?: number; provenance?: D },
  ) {
    const options = this.passageOptions(params.max_tokens);
    const knowledge = this.options.knowledge;
    if (!knowledge || !this.knowledgeSourceIndex)
      throw new SearchDocsRefusal("retrieve_docs", "agentic retrieval is off for this environment", "use search_docs");
    const [basis, sourceIndex] = await Promise.all([this.basis(), this.knowledgeSourceIndex.get()]);
    const answer = await answerRetrieveDocs({ ...knowledge, sourceIndex, search: this.search }, params, basis, {
      container: this.options.container,
      docsUrl: this.options.docsUrl,
      limits: this.options.limits,
      now: () => new Date(this.now()),
    });
    return withRetrievePassages(
      withProvenanceDetail(answer, params.provenance),
      [params.query, ...(params.intents ?? [])],
      options,
    );
  }

  async getDoc(params: GetDocParams) {
    return answerGetDoc(this.getDocPorts, {
      params,
      location: { container: this.options.container, docsUrl: this.options.docsUrl },
      pageChars: this.options.limits.pageChars,
      now: () => new Date(this.now()),
    });
  }

  async listApps(): Promise<{ apps: AppSummary[]; provenance: Provenance }> {
    const { provenance, dedupFilter } = await this.provenance(null);
    const apps = await listApps(this.search, dedupFilter);
    return { apps, provenance: { ...provenance, filter: dedupFilter } };
  }
}
