// What the tools do against the index: each tool is one call of its use case in the query core, on ports built
// once here over the SDK clients, with the facts behind every answer kept fresh: the `format` coverage check that
// decides the dedup filter and the provenance facts (serving index, eTag, last successful run), each re-read when
// older than the time to live, one read at a time however many calls arrive.
import type { KnowledgeRetrievalClient, SearchClient } from "@azure/search-documents";
import type { ContainerClient } from "@azure/storage-blob";
import type { Known } from "../../search/known.js";
import type { SearchClients } from "../../search/io/clients.js";
import { readKnowledgeSourceIndex } from "../../search/io/knowledge-io.js";
import type { FormatCoverageCheck } from "../../search/dedup/policy.js";
import type { AnswerBasis } from "../../search/query/common/answer-basis.js";
import type { AppSummary } from "../../search/query/common/apps.js";
import { answerBasis, checkFormatCoverage, readProvenanceFacts } from "../../search/query/common/io/answer-basis-io.js";
import { listApps } from "../../search/query/common/io/apps-io.js";
import { cachedPageReader } from "../../search/query/common/io/page-reader-io.js";
import { Refreshing } from "../../search/query/common/io/refreshing.js";
import {
  buildProvenance,
  type Provenance,
  type ProvenanceDetail,
  type ProvenanceFacts,
} from "../../search/query/common/provenance.js";
import { coverageCheckFailed, provenanceReadFailed, recheckPolicy } from "../../search/query/common/recheck.js";
import { answerGetDoc, type GetDocParams, type GetDocPorts } from "../../search/query/get-doc/answer.js";
import { documentLookupPort, learnContainerBase } from "../../search/query/get-doc/io.js";
import { SearchDocsRefusal } from "../../search/query/refusal.js";
import {
  answerRetrieveDocs,
  type RetrieveDocsCall,
  type RetrieveDocsPorts,
} from "../../search/query/retrieve-docs/answer.js";
import { retrieveDocsPort } from "../../search/query/retrieve-docs/io.js";
import { answerSearchDocs, type SearchDocsCall, type SearchDocsPorts } from "../../search/query/search-docs/answer.js";
import { searchDocsPort } from "../../search/query/search-docs/io.js";
import { renderGetDoc, renderRetrieveDocs, renderSearchDocs } from "../../search/views/tool-result-text.js";
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
  private readonly searchPorts: SearchDocsPorts;
  private readonly retrievePorts: RetrieveDocsPorts | undefined;
  private readonly getDocPorts: GetDocPorts;

  constructor(private readonly options: BackendOptions) {
    this.now = options.now ?? Date.now;
    this.search = options.clients.indexClient.getSearchClient<AnyDoc>(options.index);
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
    const knowledge = options.knowledge;
    this.knowledgeSourceIndex = knowledge
      ? new Refreshing(() => readKnowledgeSourceIndex(options.clients.indexClient, knowledge.knowledgeSource), {
          policy,
          failed: (index) => index.status === "unknown" && index.retry === true,
          now,
        })
      : undefined;
    const shared = {
      basis: () => this.basis(),
      readPage: cachedPageReader(options.pages, this.search, options.container, options.docsUrl),
    };
    const where = { ...this.location, snippetChars: options.limits.snippetChars };
    this.searchPorts = { ...searchDocsPort(this.search, where), ...shared, render: renderSearchDocs };
    const sourceIndex = this.knowledgeSourceIndex;
    this.retrievePorts =
      knowledge && sourceIndex
        ? {
            ...retrieveDocsPort(knowledge.client, this.search),
            ...shared,
            sourceIndex: () => sourceIndex.get(),
            render: renderRetrieveDocs,
          }
        : undefined;
    this.getDocPorts = {
      documents: documentLookupPort(this.search),
      containerBase: () => this.containerBase.get(),
      ...shared,
      render: renderGetDoc,
    };
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

  private get location() {
    return { container: this.options.container, docsUrl: this.options.docsUrl };
  }

  private readonly clock = (): Date => new Date(this.now());

  async searchDocs<D extends ProvenanceDetail = "short">(params: SearchDocsCall<D>["params"]) {
    return answerSearchDocs(this.searchPorts, { params, limits: this.options.limits, now: this.clock });
  }

  async retrieveDocs<D extends ProvenanceDetail = "short">(params: RetrieveDocsCall<D>["params"]) {
    const knowledge = this.options.knowledge;
    if (!knowledge || !this.retrievePorts)
      throw new SearchDocsRefusal("retrieve_docs", "agentic retrieval is off for this environment", "use search_docs");
    return answerRetrieveDocs(this.retrievePorts, {
      params,
      knowledge: { knowledgeBase: knowledge.knowledgeBase, knowledgeSource: knowledge.knowledgeSource },
      location: this.location,
      limits: this.options.limits,
      now: this.clock,
    });
  }

  async getDoc(params: GetDocParams) {
    return answerGetDoc(this.getDocPorts, {
      params,
      location: this.location,
      pageChars: this.options.limits.pageChars,
      now: this.clock,
    });
  }

  async listApps(): Promise<{ apps: AppSummary[]; provenance: Provenance }> {
    const { dedup, facts } = await this.basis();
    const provenance = buildProvenance(facts, dedup, null, this.clock().toISOString());
    const apps = await listApps(this.search, dedup.filter);
    return { apps, provenance: { ...provenance, filter: dedup.filter } };
  }
}
