// Builds the `docs-index` command to JavaScript (dist/cli/), run by `npm run build`, by `prepare` (so `npm ci`
// produces it) and as vitest's global setup (so tests that spawn the command run the current source). esbuild
// bundles our TypeScript and its npm dependencies (one file loads far faster than hundreds of ESM modules), and
// each subcommand is its own chunk, so the SDKs load only for the commands that call a service. Plain .mjs so it
// runs before anything is compiled.
// As the global setup it skips the build when dist/cli/ is up to date: the build records every file esbuild read
// (our sources, the bundled npm files, this script), and none changed since the build started.
import { build } from "esbuild";
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const outdir = path.join(root, "dist", "cli");
/** What the last build read, and when it started (written beside the output). */
const inputsFile = path.join(outdir, "build-inputs.json");

async function buildCli() {
  const startedMs = Date.now();
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
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
    metafile: true,
    absWorkingDir: root,
  });
  chmodSync(path.join(outdir, "docs-index.js"), 0o755);
  const inputs = [fileURLToPath(import.meta.url), ...Object.keys(metafile.inputs).map((f) => path.resolve(root, f))];
  writeFileSync(inputsFile, JSON.stringify({ startedMs, inputs }));
}

/** True when the last build's output is there and none of the files it read changed since it started. */
function upToDate() {
  try {
    const { startedMs, inputs } = JSON.parse(readFileSync(inputsFile, "utf8"));
    statSync(path.join(outdir, "docs-index.js"));
    return inputs.every((file) => statSync(file).mtimeMs < startedMs);
  } catch {
    return false; // no record, an output or an input gone: build
  }
}

/** vitest globalSetup entry: builds only when a source the command is built from changed. */
export default async function buildCliIfChanged() {
  if (!upToDate()) await buildCli();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildCli();
