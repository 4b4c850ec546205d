// What a quiet `npm run local` keeps of a CLI run: errors, warnings and notes (each note once a run), the eval's
// misses, a rebuild's report without what its other lines say; --verbose keeps every line.
import { describe, expect, it } from "vitest";
import { textSink as sink } from "../../src/cli/docs-index/in-process.js";
import {
  evalMisses,
  linesMatching,
  quietStderr,
  rebuildReport,
  showRun,
} from "../../local/environment/quiet-output.js";
import { StepRunner } from "../../local/environment/steps.js";

const stderr = [
  "note: VARS_FILE=config/local/vars.yml is read; DEPLOY_ENV=local only names the environment",
  "deploy: environment local (config/local/vars.yml), search http://127.0.0.1:1",
  "evaluated 10/42 queries against docs-index",
  "warning: fields added: description",
  "error: not pruning: docs-index-5 is still named by knowledge source team-knowledge-source.",
].join("\n");

describe("a quiet npm run local", () => {
  it("keeps a run's errors, warnings and notes from stderr, not its progress or target line", () => {
    expect(quietStderr(stderr).split("\n")).toEqual([
      "note: VARS_FILE=config/local/vars.yml is read; DEPLOY_ENV=local only names the environment",
      "warning: fields added: description",
      "error: not pruning: docs-index-5 is still named by knowledge source team-knowledge-source.",
    ]);
  });

  it("prints each note once a run, quiet or verbose; verbose prints the progress too", () => {
    for (const verbose of [false, true]) {
      const log = sink();
      const steps = new StepRunner(log.stream, 1, false);
      const run = { code: 0, stdout: "Plan: 0 to create\n  note: the connection string is write-only", stderr };
      showRun(steps, run, verbose);
      showRun(steps, run, verbose);
      const text = log.text();
      expect(text.match(/note: VARS_FILE=/g)).toHaveLength(1);
      expect(text.match(/note: the connection string/g)).toHaveLength(1);
      expect(text.match(/Plan: 0 to create/g)).toHaveLength(2);
      expect(text.includes("evaluated 10/42 queries")).toBe(verbose);
    }
  });

  it("shows the eval's queries whose answer is missing, and counts the others", () => {
    const report = [
      "index docs-index (generation docs-index-2)",
      "",
      "query                 recall@5  MRR    nDCG@10",
      "refund-steps          1.000     1.000  0.964",
      "words-duplicate       0.000     0.000  0.000  (answer not in top 5: https://x/webhooks)",
      "pkce                  1.000     1.000  1.000",
      "",
      "overall: recall@5 0.940, MRR 0.897, nDCG@10 0.889 over 3 queries",
    ].join("\n");
    expect(evalMisses(report).split("\n")).toEqual([
      "index docs-index (generation docs-index-2)",
      "",
      "query                 recall@5  MRR    nDCG@10",
      "words-duplicate       0.000     0.000  0.000  (answer not in top 5: https://x/webhooks)",
      "(2 other queries found their answer in the top results; --verbose lists every row)",
      "",
      "overall: recall@5 0.940, MRR 0.897, nDCG@10 0.889 over 3 queries",
    ]);
  });

  it("drops the unchanged objects and the dropped-document list from a rebuild's report", () => {
    const report = [
      "index docs-index: rebuild (blue/green: docs-index-1 → docs-index-2)",
      "datasource docs-datasource: unchanged",
      "knowledge base docs-knowledge-base: unchanged",
      "Plan: 0 to create, 0 to update in place, 1 to rebuild, 4 unchanged.",
      "documents dropped by the rebuild (in the live generation, not in the new one): 1",
      "  orphans (blob deleted): 0",
      "    excluded-extension: sitemap.xml",
      "docs-index now serves docs-index-2.",
    ].join("\n");
    expect(rebuildReport(report).split("\n")).toEqual([
      "index docs-index: rebuild (blue/green: docs-index-1 → docs-index-2)",
      "Plan: 0 to create, 0 to update in place, 1 to rebuild, 4 unchanged.",
      "docs-index now serves docs-index-2.",
    ]);
    expect(linesMatching(report, /^Plan: /)).toBe(
      "Plan: 0 to create, 0 to update in place, 1 to rebuild, 4 unchanged.",
    );
  });
});
