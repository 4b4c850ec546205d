// The port through which the tools read a hit's or a document's page (main content as Markdown, ../page/): the
// MCP server and the CLI give one over the docs container with a cache (./io/page-reader-io.ts), tests an
// in-memory one.
import type { PageText } from "../page/page-text.js";

export interface PageRead {
  page: PageText;
  /** Why no blob was used, when a read failed for a reason other than absence (e.g. 403 without the role). */
  failure?: string;
}

/** Reads a hit's page (main content as Markdown); `content` overrides how the index's content is fetched. */
export type PageReader = (
  key: string | null,
  lastModified: string | null,
  content?: () => Promise<string | null>,
) => Promise<PageRead>;
