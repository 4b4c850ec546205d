// `npm run mcp:build`: the hosted MCP server's deployable folder (default .deploy/mcp, git-ignored), built from an
// empty folder: host.json (the custom-handler configuration Microsoft documents for MCP servers on Azure Functions),
// package.json, and dist/server.mjs, the server bundled by esbuild with its production dependencies (the SDKs it
// calls) and nothing else: no dev tooling, no local stand-in, no tests, no node_modules to install. Prints its size.
// `--out-dir <dir>` builds elsewhere (the packaging test); the folder must be named mcp (it is emptied first).
// Plain .mjs: it runs before anything is compiled.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { emptiedOutDir } from "./emptied-out-dir.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = emptiedOutDir("mcp:build", path.join(root, ".deploy", "mcp"), "mcp");
const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;
const ENTRY = "dist/server.mjs";

/** Microsoft's "self-hosted MCP servers" on Azure Functions: the mcp-custom-handler profile forwards every path
 * to the handler; anonymous function level, so only App Service authentication stands in front of it. */
const HOST_JSON = {
  version: "2.0",
  configurationProfile: "mcp-custom-handler",
  customHandler: {
    description: { defaultExecutablePath: "node", arguments: [ENTRY] },
    http: { DefaultAuthorizationLevel: "anonymous" },
  },
  logging: { logLevel: { default: "Information" } },
};

mkdirSync(path.join(outDir, "dist"), { recursive: true });
await build({
  entryPoints: [path.join(root, "scripts", "mcp-server.ts")],
  outfile: path.join(outDir, ENTRY),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  minify: true,
  keepNames: true,
  legalComments: "linked",
  logLevel: "warning",
  define: { MCP_PACKAGE_VERSION: JSON.stringify(version) },
  // CommonJS dependencies inside an ES module bundle call require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
writeFileSync(path.join(outDir, "host.json"), `${JSON.stringify(HOST_JSON, null, 2)}\n`);
writeFileSync(
  path.join(outDir, "package.json"),
  `${JSON.stringify({ name: "docs-index-mcp-server", version, private: true, type: "module", main: ENTRY }, null, 2)}\n`,
);

const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const bytes = files.reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
const shown = path.relative(process.cwd(), outDir) || outDir;
console.log(`mcp:build: ${shown}: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB (entry ${ENTRY})`);
