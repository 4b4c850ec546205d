// What the tools do against the index: search_docs, get_doc and list_apps through the query core, with the facts
// behind every answer kept fresh: the `format` coverage check that decides the dedup filter and the provenance
// facts (serving index, eTag, last successful run), each re-read when older than the time to live, one read at
// a time however many calls arrive.
import type { KnowledgeRetrievalClient, SearchClient } from "@azure/search-documents";
import type { SearchClients } from "../../search/io/clients.js";
import type { FormatCoverageCheck } from "../../search/query/dedup-policy.js";
import { coverageCheckFailed, provenanceReadFailed, recheckPolicy } from "../../search/query/recheck.js";
import { Refreshing } from "../../search/query/io/refreshing.js";
import { documentRefFromUrl, type DocumentRef } from "../../search/query/document-ref.js";
import { documentText, pageOf } from "../../search/query/document-text.js";
import { buildProvenance, type Known, type Provenance, type ProvenanceFacts } from "../../search/query/provenance.js";
import type { RetrieveDocsAnswer, RetrieveDocsParams } from "../../search/agentic/retrieve-docs.js";
import { readKnowledgeSourceIndex } from "../../search/io/knowledge-io.js";
import { answerRetrieveDocs } from "../../search/query/io/retrieve-docs-io.js";
import { SearchDocsRefusal, type SearchDocsParams } from "../../search/query/search-docs.js";
import { isoTime, publicUrlOf } from "../../search/query/search-hit.js";
import type { AppSummary } from "../../search/query/apps.js";
import { findDocument, learnContainerBase, listApps } from "../../search/query/io/documents-io.js";
import {
  answerBasis,
  answerSearchDocs,
  checkFormatCoverage,
  readProvenanceFacts,
  type AnswerBasis,
} from "../../search/query/io/search-docs-io.js";
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

  async searchDocs(params: SearchDocsParams) {
    return answerSearchDocs(this.search, params, await this.basis(), {
      container: this.options.container,
      docsUrl: this.options.docsUrl,
      limits: this.options.limits,
      now: () => new Date(this.now()),
    });
  }

  async retrieveDocs(params: RetrieveDocsParams): Promise<RetrieveDocsAnswer> {
    const knowledge = this.options.knowledge;
    if (!knowledge || !this.knowledgeSourceIndex)
      throw new SearchDocsRefusal("retrieve_docs", "agentic retrieval is off for this environment", "use search_docs");
    const [basis, sourceIndex] = await Promise.all([this.basis(), this.knowledgeSourceIndex.get()]);
    return answerRetrieveDocs({ ...knowledge, sourceIndex, search: this.search }, params, basis, {
      container: this.options.container,
      docsUrl: this.options.docsUrl,
      limits: this.options.limits,
      now: () => new Date(this.now()),
    });
  }

  async getDoc(params: { url?: string; key?: string; offset?: number; max_chars?: number }) {
    if ((params.url === undefined) === (params.key === undefined))
      throw new SearchDocsRefusal(
        "url/key",
        "get_doc needs exactly one of url and key",
        "pass the hit's url (or its key) from search_docs",
      );
    let ref: DocumentRef;
    if (params.key !== undefined) ref = { kind: "key", key: params.key };
    else {
      try {
        ref = documentRefFromUrl(params.url!, { docsUrl: this.options.docsUrl, container: this.options.container });
      } catch (err) {
        throw new SearchDocsRefusal("url", (err as Error).message, "pass a url exactly as search_docs returned it");
      }
    }
    const doc = await findDocument(this.search, ref, {
      container: this.options.container,
      containerBase: ref.kind === "paths" ? await this.containerBase.get() : null,
    });
    if (doc === null)
      throw new SearchDocsRefusal(
        params.url !== undefined ? "url" : "key",
        `no document in the index for ${JSON.stringify(params.url ?? params.key)}`,
        "search with search_docs and use a returned url or key",
      );
    const maxChars = Math.min(params.max_chars ?? this.options.limits.pageChars, this.options.limits.pageChars);
    const page = pageOf(documentText(typeof doc.content === "string" ? doc.content : ""), params.offset ?? 0, maxChars);
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    const { provenance } = await this.provenance(null);
    return {
      document: {
        key: text(doc.id),
        title: text(doc.title),
        description: text(doc.description),
        url: publicUrlOf(doc, { container: this.options.container, docsUrl: this.options.docsUrl }),
        app: text(doc.app) ?? text(doc.repo),
        section: text(doc.section),
        tags: text(doc.tags),
        format: text(doc.format),
        content_type: text(doc.content_type),
        last_modified: isoTime(doc.last_modified),
      },
      text: page.text,
      offset: page.offset,
      next_offset: page.nextOffset,
      total_chars: page.totalChars,
      provenance,
    };
  }

  async listApps(): Promise<{ apps: AppSummary[]; provenance: Provenance }> {
    const { provenance, dedupFilter } = await this.provenance(null);
    const apps = await listApps(this.search, dedupFilter);
    return { apps, provenance: { ...provenance, filter: dedupFilter } };
  }
}
