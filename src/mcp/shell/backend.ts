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
import { documentRefFromUrl, type DocumentRef } from "../../search/query/get-doc/document-ref.js";
import { withRetrievePassages, withSearchPassages } from "../../search/query/io/answer-passages-io.js";
import { cachedPageReader } from "../../search/query/common/io/page-reader-io.js";
import type { PageReader } from "../../search/query/common/page-reader.js";
import { findHeading, sectionRange, type TextRange } from "../../search/query/page/page-text.js";
import { budgetOf, fitPageView, resultTokens, TOKEN_BUDGETS } from "../../search/query/page/answer-fit.js";
import { ANSWER_RENDERERS, renderGetDoc } from "../core/render.js";
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
import { isoTime, publicUrlOf } from "../../search/query/common/document-fields.js";
import type { AppSummary } from "../../search/query/common/apps.js";
import { findDocument, learnContainerBase } from "../../search/query/get-doc/io.js";
import { listApps } from "../../search/query/common/io/apps-io.js";
import { answerSearchDocs } from "../../search/query/search-docs/io.js";
import { answerBasis, checkFormatCoverage, readProvenanceFacts } from "../../search/query/common/io/answer-basis-io.js";
import type { ToolLimits } from "../core/limits.js";
import { publisherLine, urlFragment } from "../../search/publisher-text.js";

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

  async getDoc(params: {
    url?: string;
    key?: string;
    heading?: string;
    offset?: number;
    max_tokens?: number;
    max_chars?: number;
    provenance?: ProvenanceDetail;
  }) {
    const budget = budgetOf(params.max_tokens, TOKEN_BUDGETS.pageDefault);
    if ((params.url === undefined) === (params.key === undefined))
      throw new SearchDocsRefusal(
        "url/key",
        "get_doc needs exactly one of url and key",
        "pass the hit's url (or its key) from search_docs",
      );
    const { url, anchor } = splitAnchor(params.url);
    if (anchor !== undefined && params.heading !== undefined)
      throw new SearchDocsRefusal(
        "heading",
        "the url names a section (#anchor) already",
        "pass either #anchor or heading",
      );
    let ref: DocumentRef;
    if (params.key !== undefined) ref = { kind: "key", key: params.key };
    else {
      try {
        ref = documentRefFromUrl(url!, { docsUrl: this.options.docsUrl, container: this.options.container });
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
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    const { page } = await this.readPage(text(doc.id), isoTime(doc.last_modified), async () => text(doc.content));
    let range: TextRange = { start: 0, end: page.text.length };
    let section = null;
    if (anchor !== undefined || params.heading !== undefined) {
      const found = findHeading(page, { anchor, heading: params.heading });
      if (!found.found) {
        const known = page.blocks.flatMap((b) => (b.heading ? [b.heading] : []));
        const listed = known
          .slice(0, 40)
          .map((h) =>
            h.anchor ? `#${urlFragment(h.anchor)} (${publisherLine(h.text)})` : JSON.stringify(publisherLine(h.text)),
          );
        throw new SearchDocsRefusal(
          anchor !== undefined ? "url" : "heading",
          found.reason,
          known.length === 0
            ? "read the page without a section (it has no headings)"
            : `use one of its headings: ${listed.join(", ")}${known.length > 40 ? ", …" : ""}`,
        );
      }
      range = sectionRange(page, found.block);
      section = page.blocks[found.block]!.heading!;
    }
    const { provenance } = withProvenanceDetail(await this.provenance(null), params.provenance);
    const document = {
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
    };
    const pageChars = this.options.limits.pageChars;
    return fitPageView(
      page,
      {
        range,
        section,
        offset: params.offset ?? range.start,
        maxChars: Math.min(params.max_chars ?? pageChars, pageChars),
      },
      (view) => ({ document, ...view, provenance }),
      (answer) => resultTokens(renderGetDoc(answer), answer),
      budget,
    );
  }

  async listApps(): Promise<{ apps: AppSummary[]; provenance: Provenance }> {
    const { provenance, dedupFilter } = await this.provenance(null);
    const apps = await listApps(this.search, dedupFilter);
    return { apps, provenance: { ...provenance, filter: dedupFilter } };
  }
}

/** A url's `#anchor` (percent-decoded), apart from the url. */
function splitAnchor(url: string | undefined): { url: string | undefined; anchor: string | undefined } {
  const at = url?.indexOf("#") ?? -1;
  if (url === undefined || at < 0) return { url, anchor: undefined };
  const raw = url.slice(at + 1);
  let anchor: string;
  try {
    anchor = decodeURIComponent(raw);
  } catch {
    anchor = raw;
  }
  return { url: url.slice(0, at), anchor: anchor === "" ? undefined : anchor };
}
