// The hosted MCP server's entry point, bundled by `npm run mcp:build` into .deploy/mcp/dist/server.mjs and started
// by the Functions host as `node dist/server.mjs` (host.json). Wiring only: settings and serving live in
// src/mcp/shell/hosted.ts. Exit 2: bad app settings or refused start; 3: OpenID Connect discovery failed.
import { exitCodeOf } from "../src/cli/exit-codes.js";
import { McpAppSettingsError } from "../src/config/mcp-app-settings.js";
import { startHostedMcp } from "../src/mcp/shell/hosted.js";
import { McpStartRefused } from "../src/mcp/shell/run.js";

declare const MCP_PACKAGE_VERSION: string | undefined;
const version = typeof MCP_PACKAGE_VERSION === "string" ? MCP_PACKAGE_VERSION : "0.0.0-dev";
const log = (line: string) => process.stderr.write(`${line}\n`);

try {
  const http = await startHostedMcp(process.env, version, log);
  const stop = () => void http.close().then(() => process.exit(exitCodeOf("ok")));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (err) {
  if (err instanceof McpAppSettingsError || err instanceof McpStartRefused) {
    log(`docs-index mcp (hosted): ${err.message}`);
    process.exit(exitCodeOf(err instanceof McpStartRefused && err.kind === "service" ? "service-error" : "usage"));
  }
  throw err;
}
