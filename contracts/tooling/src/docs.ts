// Human-readable reference docs: one static HTML page per OpenAPI description, rendered by the Redocly CLI's
// build-docs (Redoc) with its scripts inlined, so the page works offline and from a file:// URL.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const RENDER_TIMEOUT_MS = 120_000;

/** The page for one version, relative to the contract folder: docs/reference.v1.html. */
export function docsFileOf(version: string): string {
  return path.join("docs", version === "" ? "reference.html" : `reference.${version}.html`);
}

/** Renders `openapiFile` to `htmlFile`; throws with the renderer's output when it fails. */
export function renderReferenceDocs(openapiFile: string, htmlFile: string, title: string): void {
  const cli = path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");
  const result = spawnSync(
    process.execPath,
    [
      cli,
      "build-docs",
      openapiFile,
      "--output",
      htmlFile,
      "--title",
      title,
      "--inlineBundle",
      "--openapi.disableGoogleFont",
      "--lint-config",
      "off",
    ],
    {
      encoding: "utf8",
      timeout: RENDER_TIMEOUT_MS,
      // No telemetry, no update check: the build must work offline and say nothing it need not.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    },
  );
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : `exit ${result.status}`;
    throw new Error(`redocly build-docs failed for ${openapiFile} (${why}):\n${result.stdout}${result.stderr}`);
  }
}
