// The agent-host entries in docs/mcp.md work as written: every JSON block marked `<!-- mcp-host: … -->` parses,
// uses the key its host expects (VS Code `servers`; Claude Desktop, Claude Code and Cursor `mcpServers`), and
// either names a command that exists in this checkout with arguments `docs-index mcp` accepts, or an HTTP URL
// ending in /mcp.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";

const PLACEHOLDER = "/path/to/docs-platform-infra";
const HOST_KEY: Record<string, "servers" | "mcpServers"> = {
  vscode: "servers",
  "claude-desktop": "mcpServers",
  "claude-code": "mcpServers",
  cursor: "mcpServers",
};

interface Entry {
  host: string;
  json: string;
}

function hostEntries(markdown: string): Entry[] {
  const re = /<!-- mcp-host: ([\w-]+) -->\s*```json\n([\s\S]*?)```/g;
  return [...markdown.matchAll(re)].map((m) => ({ host: m[1]!, json: m[2]! }));
}

const entries = hostEntries(readFileSync(path.join(repoRoot, "docs", "mcp.md"), "utf8"));

/** The options `docs-index mcp` accepts (long names): its own and the global ones (`--env`). */
async function mcpOptions(): Promise<Set<string>> {
  const help = [(await runDocsIndex(["mcp", "--help"], {})).stdout, (await runDocsIndex(["--help"], {})).stdout];
  return new Set(help.flatMap((text) => [...text.matchAll(/--[a-z][\w-]*/g)].map((m) => m[0])));
}

/** The docs-index arguments of a stdio entry (after `npm … exec --` when the command is npm). */
function docsIndexArgs(server: { command: string; args: string[] }): { bin: string; args: string[] } {
  if (server.command !== "npm") return { bin: server.command, args: server.args };
  const prefix = server.args[server.args.indexOf("--prefix") + 1]!;
  const rest = server.args.slice(server.args.indexOf("--") + 1);
  expect(rest[0], "npm exec runs the docs-index bin").toBe("docs-index");
  return { bin: path.join(prefix, "node_modules", ".bin", "docs-index"), args: rest.slice(1) };
}

describe("docs/mcp.md agent-host entries", () => {
  it("has entries for every host, in stdio and HTTP form", () => {
    expect(new Set(entries.map((e) => e.host))).toEqual(new Set(Object.keys(HOST_KEY)));
    const http = entries.filter((e) => e.json.includes('"url"'));
    expect(http.length).toBeGreaterThanOrEqual(2);
    expect(entries.length - http.length).toBeGreaterThanOrEqual(4);
  });

  it.each(entries.map((e, i) => [`${i + 1}. ${e.host}`, e] as const))("%s parses and runs", async (_name, entry) => {
    const parsed = JSON.parse(entry.json) as Record<string, Record<string, Record<string, unknown>>>;
    const key = HOST_KEY[entry.host]!;
    expect(Object.keys(parsed)).toEqual([key]);
    const server = parsed[key]!["docs-index"];
    expect(server, "the server is named docs-index").toBeDefined();
    expect(server).not.toHaveProperty("cwd"); // runs from any folder
    if ("url" in server!) {
      const url = new URL(server.url as string);
      expect(url.pathname).toBe("/mcp");
      if (entry.host !== "cursor") expect(server.type).toBe("http");
      return;
    }
    if (entry.host === "claude-desktop") expect(server).not.toHaveProperty("type");
    else if (entry.host !== "cursor") expect(server!.type).toBe("stdio");
    const { bin, args } = docsIndexArgs(server as { command: string; args: string[] });
    expect(bin.startsWith(PLACEHOLDER), `${bin} is an absolute path into the checkout`).toBe(true);
    expect(existsSync(path.join(repoRoot, bin.slice(PLACEHOLDER.length))), `${bin} exists after npm ci`).toBe(true);
    expect(args[0]).toBe("mcp");
    const known = await mcpOptions();
    for (const option of args.filter((a) => a.startsWith("--"))) expect(known).toContain(option);
  });
});
