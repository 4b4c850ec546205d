// The last step of `npm run local`: an agent's view of the index. Spawns the built `docs-index mcp` over stdio
// with the SDK's own Client (as an agent host does), lists its tools and calls search_docs, printing the
// answer's text rendering. Needs dist/cli/docs-index.js (built by `npm ci` and `npm run build`).
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

export interface McpFigures {
  tools: string[];
  hits: number;
  urls: string[];
  servingIndex: string | null;
  freshness: string;
  dedupFilter: string;
}

export async function searchDocsOverStdio(
  env: Record<string, string>,
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
    return {
      transcript: `tools: ${tools.join(", ")}\nsearch_docs ${JSON.stringify(MCP_DEMO_CALL)}\n\n${text}`,
      figures: {
        tools,
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
