// `npm run local -- --json` prints a versioned document (`format_version`) like every docs-index --json output.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FORMAT_VERSION } from "../../src/cli/output.js";
import { repoRoot } from "../../src/config/repo-root.js";
import type { LocalSummary } from "../../local/environment/run-local.js";
import { localSummaryDocument } from "../../local/environment/summary-document.js";

const summary: LocalSummary = {
  ok: true,
  exitCode: 0,
  failedStep: null,
  durationMs: 15_000,
  steps: [],
  figures: {},
  endpoints: { search: "http://127.0.0.1:1", blob: null, table: null, webhook: null },
};

describe("npm run local -- --json", () => {
  it("carries format_version first, then the summary (and with --keep the variables)", () => {
    const doc = JSON.parse(JSON.stringify(localSummaryDocument(summary, { SEARCH_ENDPOINT: "http://127.0.0.1:1" })));
    expect(Object.keys(doc)[0]).toBe("format_version");
    expect(doc).toMatchObject({
      format_version: FORMAT_VERSION,
      ok: true,
      exitCode: 0,
      env: { SEARCH_ENDPOINT: "http://127.0.0.1:1" },
    });
    expect(localSummaryDocument(summary)).not.toHaveProperty("env");
  });
  it("is the document scripts/local.ts prints", () => {
    expect(readFileSync(path.join(repoRoot, "scripts", "local.ts"), "utf8")).toMatch(
      /process\.stdout\.write\(`\$\{JSON\.stringify\(localSummaryDocument\(/,
    );
  });
});
