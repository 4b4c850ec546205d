// The agent step of `npm run local`: an agent's view of the index. Spawns the built `docs-index mcp` over stdio
// with the SDK's own Client (as an agent host does), lists its tools, calls search_docs and reads one section of a
// page with get_doc <url>#<anchor>, printing the answers' text renderings. Needs dist/cli/docs-index.js (built by
// `npm ci` and `npm run build`).
import { existsSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot } from "../../src/config/repo-root.js";

const BIN = path.join(repoRoot, "dist", "cli", "docs-index.js");

// With the whole provenance record: the demo shows the serving index, freshness and the dedup filter.
const MCP_DEMO_CALL = {
  query: "refunds",
  app: "payments",
  exclude_sections: ["changelog"],
  top: 3,
  provenance: "full",
};

/** One section of a page by the anchor the page publishes (`<h2 id="error-codes">`), as an agent follows a hit's. */
const GET_DOC_DEMO_CALL = { url: "https://docs.dev.example.com/payments/reference/api#error-codes" };

export interface McpFigures {
  tools: string[];
  /** get_doc of GET_DOC_DEMO_CALL: the section it read (its anchor) and the text's first line. */
  section: { anchor: string | null; text: string; source: string };
  hits: number;
  urls: string[];
  servingIndex: string | null;
  freshness: string;
  dedupFilter: string;
}

/** search_docs' text up to its first passage: the hits, the provenance and the filter (the passages: verbose). */
function hitsOnly(text: string): string {
  const cut = text.indexOf("\n[retrieved document text");
  return cut < 0 ? text : text.slice(0, cut).trimEnd();
}

export async function searchDocsOverStdio(
  env: Record<string, string>,
  verbose = false,
): Promise<{ transcript: string; figures: McpFigures }> {
  if (!existsSync(BIN)) throw new Error(`${path.relative(repoRoot, BIN)} is missing: run npm run build`);
  const client = new Client({ name: "npm-run-local", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      env: { ...getDefaultEnvironment(), ...env },
      stderr: "ignore",
    }),
  );
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name);
    const result = await client.callTool({ name: "search_docs", arguments: MCP_DEMO_CALL });
    const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n\n");
    if (result.isError) throw new Error(`search_docs answered with a tool error: ${text}`);
    const answer = result.structuredContent as {
      results: { url: string | null }[];
      provenance: { serving_index: string | null; freshness: string; dedup_filter: string };
    };
    const doc = await client.callTool({ name: "get_doc", arguments: GET_DOC_DEMO_CALL });
    const docText = (doc.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n\n");
    if (doc.isError) throw new Error(`get_doc answered with a tool error: ${docText}`);
    const read = doc.structuredContent as {
      section: { anchor: string | null } | null;
      text: string;
      source: string;
    };
    return {
      transcript: [
        `tools: ${tools.join(", ")}`,
        `search_docs ${JSON.stringify(MCP_DEMO_CALL)}`,
        "",
        verbose ? text : hitsOnly(text),
        "",
        `get_doc ${JSON.stringify(GET_DOC_DEMO_CALL)}`,
        "",
        docText,
      ].join("\n"),
      figures: {
        tools,
        section: { anchor: read.section?.anchor ?? null, text: read.text, source: read.source },
        hits: answer.results.length,
        urls: answer.results.map((r) => r.url).filter((u): u is string => u !== null),
        servingIndex: answer.provenance.serving_index,
        freshness: answer.provenance.freshness,
        dedupFilter: answer.provenance.dedup_filter,
      },
    };
  } finally {
    await client.close();
  }
}
