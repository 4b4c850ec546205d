// `npm run mcp:build`: the hosted MCP server's deployable folder (default .deploy/mcp, git-ignored), built from an
// empty folder: host.json (copied from scripts/mcp-package/), package.json, and dist/server.mjs, the server bundled
// by esbuild with its production dependencies (the SDKs it calls) and nothing else: no dev tooling, no local
// stand-in, no tests, no node_modules to install. Prints its size.
// `--out-dir <dir>` builds elsewhere (the packaging test); the folder must be named mcp (it is emptied first).
// Plain .mjs: it runs before anything is compiled.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { emptiedOutDir } from "./emptied-out-dir.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "dist/server.mjs";

/**
 * The package's host.json, Microsoft's configuration for self-hosted MCP servers on Azure Functions: the
 * mcp-custom-handler profile forwards every path to the handler (`node <ENTRY>`); anonymous function level, so
 * only App Service authentication stands in front of it. The handler it starts must be the bundle built here
 * (checked before the output folder is emptied).
 */
const HOST_JSON = path.join(root, "scripts", "mcp-package", "host.json");
const handlerArgs = JSON.parse(readFileSync(HOST_JSON, "utf8")).customHandler?.description?.arguments;
if (!Array.isArray(handlerArgs) || handlerArgs[0] !== ENTRY) {
  console.error(
    `mcp:build: ${path.relative(process.cwd(), HOST_JSON)}: customHandler.description.arguments must start with ` +
      `${JSON.stringify(ENTRY)} (the bundle this build writes), got ${JSON.stringify(handlerArgs)}`,
  );
  process.exit(1);
}
const outDir = emptiedOutDir("mcp:build", path.join(root, ".deploy", "mcp"), "mcp");
const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;

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
copyFileSync(HOST_JSON, path.join(outDir, "host.json"));
writeFileSync(
  path.join(outDir, "package.json"),
  `${JSON.stringify({ name: "docs-index-mcp-server", version, private: true, type: "module", main: ENTRY }, null, 2)}\n`,
);

const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const bytes = files.reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
const shown = path.relative(process.cwd(), outDir) || outDir;
console.log(`mcp:build: ${shown}: ${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB (entry ${ENTRY})`);
