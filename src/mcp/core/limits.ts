// The limits of the tools, from the config's `mcp` section (defaults there). Pure.
import type { McpConfig } from "../../config/mcp.js";
import { MAX_TOP_CAP, type SearchDocsLimits } from "../../search/query/search-docs/request.js";

export interface ToolLimits extends SearchDocsLimits {
  /** Largest get_doc page, in characters. */
  pageChars: number;
}

export function toolLimits(config: McpConfig): ToolLimits {
  return {
    defaultTop: Math.min(config.default_top, config.top_cap),
    topCap: Math.min(config.top_cap, MAX_TOP_CAP),
    snippetChars: config.snippet_chars,
    pageChars: config.page_chars,
  };
}
