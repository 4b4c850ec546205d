import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/support/longest-first-sequencer.js";

// Node's on-disk compile cache for every process the suite starts (the test workers and the Azurite servers
// the tests spawn inherit it): dependencies and Azurite's bundle are compiled once, not once per process.
process.env.NODE_COMPILE_CACHE ??= path.join(import.meta.dirname, "node_modules", ".cache", "node-compile-cache");

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "typespec/platform/test/**/*.test.ts"],
    // Integration tests start local servers (stand-in, Azurite); give them room on 2-core CI machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at once on the 2-core machine. Since Azurite runs in the test process the suite is CPU-bound (one
    // worker: 56 s wall for 57 s of CPU), and a third worker only adds its own copy of the heavy modules (measured:
    // npm test 42.4-42.6 s with two workers, 43.9-53.1 s with three).
    maxWorkers: 2,
    // A worker keeps its module cache between files: the heavy imports (CDKTF providers, the TypeSpec compiler,
    // the Azure SDKs) load once per worker, not once per file. Test files must therefore not rely on a fresh
    // module graph (none mocks modules; the one that re-evaluates an entry point calls vi.resetModules()).
    isolate: false,
    // The workers run without V8's optimising compiler (TurboFan): a test suite runs most of its code a few times,
    // and compiling the functions that turn hot costs more CPU than their faster code saves before the run ends
    // (worker CPU, measured: the typespec, contracts, cli, mcp and local folders 55.6 → 49.7 s, two rounds each; the
    // whole suite 66.7 → 63.9 s, median of four; the Sparkplug baseline compiler stays on: without it, 54 s for the
    // folders). What the tests spawn (the built command, servers) runs with Node's defaults, as users run it.
    execArgv: ["--no-opt"],
    // Builds dist/cli/docs-index.js from the current source: tests spawn the built command.
    globalSetup: ["./scripts/build-cli.mjs"],
    // The longest files start first, also where vitest has no timings of an earlier run for them.
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ["default", "./test/support/summary-line-reporter.ts"],
  },
});
