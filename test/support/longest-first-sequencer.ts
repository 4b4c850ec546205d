// The order vitest starts test files in. With timings of an earlier run it starts the longest files first (its own
// sequencer), so neither of the two workers ends the run alone with a long file. Without timings for some files (a
// fresh clone, as CI runs, or files renamed since the last run) it falls back to file size, which puts some of the
// longest files last; then the files below, measured the longest on the 2-core machine,
// start first.
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first: paths from the repository root; a path that no longer exists is ignored. */
const LONGEST_FILES = [
  "test/local/run-local.test.ts",
  "test/webhook/package.test.ts",
  "test/cli/exit-codes-per-command.test.ts",
  "test/cli/webhook-deliveries/deliveries-cli.test.ts",
  "test/contracts/contracts-check.test.ts",
  "test/mcp/shell/mcp-server.test.ts",
  "test/mcp/shell/hosted.test.ts",
  "test/contracts/breaking-changes.test.ts",
  "test/cli/never-hang.test.ts",
  "test/local/azurite.test.ts",
  "test/cli/indexer-ops.test.ts",
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (sorted.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FILES.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join("/"));
      return i < 0 ? LONGEST_FILES.length : i;
    };
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
