// npm run mcp:local: the deployable MCP package (.deploy/mcp, built by `npm run mcp:build` first) on this machine,
// as docs/mcp-hosting.md "Run the package locally" describes: the sample site indexed on Azurite and the search
// stand-in, a local OpenID provider, the package started as the Functions host starts it; prints the URL and a
// token to call it with, and runs until Ctrl-C. Exit 0 when stopped; 2 the package is not built; 3 a service or the
// package could not start.
import { existsSync } from "node:fs";
import path from "node:path";
import { exitCodeHelp, exitCodeOf } from "../src/cli/exit-codes.js";
import { repoRoot } from "../src/config/repo-root.js";
import { startIndexedSample } from "../local/environment/indexed-sample.js";
import { startHostedPackage } from "../local/mcp-hosting/hosted-package.js";

const USAGE = `Usage: npm run mcp:local

Builds the hosted MCP package (npm run mcp:build), indexes the sample site on Azurite and the search stand-in,
starts a local OpenID provider and the package as the Functions host starts it (node dist/server.mjs, app settings
in the environment), then prints the endpoint and a bearer token (valid 1 hour). Ctrl-C stops everything.
${exitCodeHelp(
  {
    ok: "stopped with Ctrl-C (or this help printed)",
    usage: "the package is not built (.deploy/mcp/dist/server.mjs missing)",
    "service-error": "the local services or the package could not start (the message says which)",
  },
  { offline: true },
)}
`;

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  process.stdout.write(USAGE);
  process.exit(exitCodeOf("ok"));
}

const packageDir = path.join(repoRoot, ".deploy", "mcp");
if (!existsSync(path.join(packageDir, "dist", "server.mjs"))) {
  process.stderr.write(`mcp:local: ${path.relative(repoRoot, packageDir)} is not built: run npm run mcp:build\n`);
  process.exit(exitCodeOf("usage"));
}

process.stderr.write("mcp:local: indexing the sample site on Azurite and the search stand-in...\n");
const services = await startIndexedSample();
let hosted: Awaited<ReturnType<typeof startHostedPackage>>;
try {
  hosted = await startHostedPackage(packageDir, {
    searchEndpoint: services.env.SEARCH_ENDPOINT!,
    searchAdminKey: services.env.SEARCH_ADMIN_KEY!,
    storageConnectionString: services.env.DOCS_STORAGE_CONNECTION_STRING!,
  });
} catch (err) {
  await services.stop();
  process.stderr.write(`mcp:local: ${(err as Error).message}\n`);
  process.exit(exitCodeOf("service-error"));
}
const token = await hosted.token();
process.stdout.write(
  [
    `The hosted package serves ${hosted.url} (stateless, token required), reading pages from Azurite.`,
    `Token authority: ${hosted.idp.issuer} (local OpenID provider; audience ${hosted.settings.MCP_AUTH_CLIENT_ID}).`,
    "",
    "A token (valid 1 hour):",
    "",
    `export MCP_TOKEN='${token}'`,
    "",
    "Try it:",
    `  curl -s ${hosted.url} -H "Authorization: Bearer $MCP_TOKEN" -H 'content-type: application/json' \\`,
    `    -H 'accept: application/json, text/event-stream' \\`,
    `    -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_doc","arguments":{"url":"https://docs.dev.example.com/payments/reference/api#error-codes"}}}'`,
    `  claude mcp add --transport http docs-index-local ${hosted.url} --header "Authorization: Bearer $MCP_TOKEN"`,
    `  npx @modelcontextprotocol/inspector --cli ${hosted.url} --transport http --header "Authorization: Bearer $MCP_TOKEN" --method tools/list`,
    "",
    "Press Ctrl-C to stop.",
    "",
  ].join("\n"),
);
await new Promise<void>((resolve) => {
  process.once("SIGINT", resolve);
  process.once("SIGTERM", resolve);
});
process.stderr.write("stopping...\n");
await hosted.stop();
await services.stop();
process.exit(exitCodeOf("ok"));
