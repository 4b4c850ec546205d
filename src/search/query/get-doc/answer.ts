// One get_doc call as a use case: the reference checked (exactly one of url and key; a url's #anchor or a heading,
// not both), the document found (by key, or by the blob paths a url may stand for: ./find-document.ts), its page
// read through the PageReader, the section asked for looked up (refused with the page's headings when it has no
// such one), and the page from `offset` cut at the last block boundary that fits the budget
// (../page/answer-fit.ts), with the document's fields and the provenance. The calls come through ports (./io.ts
// and ../common/io/ build them from the SDK clients); every refusal is a SearchDocsRefusal saying what to pass.
import type { AnswerBasis } from "../common/answer-basis.js";
import {
  documentFields,
  isoTime,
  textField,
  type DocumentFields,
  type PageLocation,
} from "../common/document-fields.js";
import type { PageReader } from "../common/page-reader.js";
import {
  buildProvenance,
  withProvenanceDetail,
  type Provenance,
  type ProvenanceDetail,
  type ProvenanceSummary,
} from "../common/provenance.js";
import {
  budgetOf,
  fitPageView,
  resultTokens,
  TOKEN_BUDGETS,
  type PageView,
  type SentText,
} from "../page/answer-fit.js";
import type { PageHeading } from "../page/page-blocks.js";
import { findHeading, sectionRange, type PageText, type TextRange } from "../page/page-text.js";
import { SearchDocsRefusal } from "../refusal.js";
import { publisherLine, urlFragment } from "../../publisher-text.js";
import { documentRefFromUrl, splitAnchor, type DocumentRef } from "./document-ref.js";
import { findDocumentWith, type DocumentLookupPort } from "./find-document.js";

/** The parameters of `get_doc`, with the tool's names. */
export interface GetDocParams {
  /** A public URL (optionally with `#anchor`), a blob URL or a blob path; or else `key`. */
  url?: string;
  key?: string;
  heading?: string;
  offset?: number;
  max_tokens?: number;
  max_chars?: number;
  provenance?: ProvenanceDetail;
}

/** The document a get_doc answer is about: its fields as the index holds them (the public URL built from them). */
interface GetDocDocument extends DocumentFields {
  tags: string | null;
  content_type: string | null;
}

/** The whole answer to a get_doc call (the MCP tool's structuredContent): the document, the page view, provenance. */
export type GetDocAnswer<P = Provenance | ProvenanceSummary> = { document: GetDocDocument } & PageView & {
    provenance: P;
  };

export interface GetDocPorts {
  /** The document lookups by key and by the paths of an app (./find-document.ts). */
  documents: DocumentLookupPort;
  /** The container's base URL as the index spells `path` (null while unknown); asked for a url only. */
  containerBase(): Promise<string | null>;
  /** The dedup decision and provenance facts the answer states. */
  basis(): Promise<AnswerBasis>;
  readPage: PageReader;
  /** The text blocks the answer is sent with: the budget counts them too. */
  render(answer: GetDocAnswer): readonly SentText[];
}

export interface GetDocCall {
  params: GetDocParams;
  location: PageLocation;
  /** The largest view of a page, in characters (`mcp.page_chars`); `max_chars` may ask for less. */
  pageChars: number;
  now: () => Date;
}

/** The reference the parameters name, and the section a url's #anchor names; throws what the rules refuse. */
function documentRefOf(params: GetDocParams, location: PageLocation): { ref: DocumentRef; anchor?: string } {
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
  if (params.key !== undefined) return { ref: { kind: "key", key: params.key }, anchor };
  try {
    return { ref: documentRefFromUrl(url!, location), anchor };
  } catch (err) {
    throw new SearchDocsRefusal("url", (err as Error).message, "pass a url exactly as search_docs returned it");
  }
}

/** Headings a refusal lists, at most. */
const LISTED_HEADINGS = 40;

/** The range of the section asked for (the whole page when none is), or a refusal listing the page's headings. */
function sectionOf(
  page: PageText,
  ask: { anchor?: string; heading?: string },
): { range: TextRange; section: PageHeading | null } {
  if (ask.anchor === undefined && ask.heading === undefined)
    return { range: { start: 0, end: page.text.length }, section: null };
  const found = findHeading(page, ask);
  if (found.found) return { range: sectionRange(page, found.block), section: page.blocks[found.block]!.heading! };
  const known = page.blocks.flatMap((b) => (b.heading ? [b.heading] : []));
  const listed = known
    .slice(0, LISTED_HEADINGS)
    .map((h) =>
      h.anchor ? `#${urlFragment(h.anchor)} (${publisherLine(h.text)})` : JSON.stringify(publisherLine(h.text)),
    );
  throw new SearchDocsRefusal(
    ask.anchor !== undefined ? "url" : "heading",
    found.reason,
    known.length === 0
      ? "read the page without a section (it has no headings)"
      : `use one of its headings: ${listed.join(", ")}${known.length > LISTED_HEADINGS ? ", …" : ""}`,
  );
}

/** The document's fields as get_doc lays them out. */
function getDocDocument(doc: Record<string, unknown>, location: PageLocation): GetDocDocument {
  const d = documentFields(doc, location);
  return {
    key: d.key,
    title: d.title,
    description: d.description,
    url: d.url,
    app: d.app,
    section: d.section,
    tags: textField(doc.tags),
    format: d.format,
    content_type: textField(doc.content_type),
    last_modified: d.last_modified,
  };
}

/** One get_doc call: the page (or the section asked for) from `offset`, within the budget, with provenance. */
export async function answerGetDoc<D extends ProvenanceDetail = "short">(
  ports: GetDocPorts,
  call: GetDocCall & { params: { provenance?: D } },
): Promise<GetDocAnswer<D extends "full" ? Provenance : ProvenanceSummary>> {
  const { params, location } = call;
  // A budget below the smallest is refused before anything is read.
  const budget = budgetOf(params.max_tokens, TOKEN_BUDGETS.pageDefault);
  const { ref, anchor } = documentRefOf(params, location);
  const containerBase = ref.kind === "paths" ? await ports.containerBase() : null;
  const doc = await findDocumentWith(ports.documents, ref, { container: location.container, containerBase });
  if (doc === null)
    throw new SearchDocsRefusal(
      params.url !== undefined ? "url" : "key",
      `no document in the index for ${JSON.stringify(params.url ?? params.key)}`,
      "search with search_docs and use a returned url or key",
    );
  const { page } = await ports.readPage(textField(doc.id), isoTime(doc.last_modified), async () =>
    textField(doc.content),
  );
  const { range, section } = sectionOf(page, { anchor, heading: params.heading });
  const basis = await ports.basis();
  const full = buildProvenance(basis.facts, basis.dedup, null, call.now().toISOString());
  const { provenance } = withProvenanceDetail({ provenance: full }, params.provenance);
  const document = getDocDocument(doc, location);
  return fitPageView(
    page,
    {
      range,
      section,
      offset: params.offset ?? range.start,
      maxChars: Math.min(params.max_chars ?? call.pageChars, call.pageChars),
    },
    (view) => ({ document, ...view, provenance }),
    (answer) => resultTokens(ports.render(answer), answer),
    budget,
  );
}
