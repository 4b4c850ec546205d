// Builds the `docs-index` command to JavaScript (dist/cli/), run by `npm run build`, by `prepare` (so `npm ci`
// produces it) and as vitest's global setup (so tests that spawn the command run the current source). esbuild
// bundles our TypeScript and its npm dependencies (one file loads far faster than hundreds of ESM modules), and
// each subcommand is its own chunk, so the SDKs load only for the commands that call a service. Plain .mjs so it
// runs before anything is compiled.
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function buildCli() {
  const outdir = path.join(root, "dist", "cli");
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { "docs-index": path.join(root, "src/cli/docs-index/bin.ts") },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);',
    },
    mainFields: ["module", "main"],
    sourcemap: "linked",
    logLevel: "warning",
    chunkNames: "chunks/[name]-[hash]",
  });
  chmodSync(path.join(outdir, "docs-index.js"), 0o755);
}

/** vitest globalSetup entry. */
export default buildCli;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildCli();
