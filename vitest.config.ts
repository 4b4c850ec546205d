import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests start local servers (stand-in, Azurite); give them room on 2-core CI machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Builds dist/cli/docs-index.js from the current source: tests spawn the built command.
    globalSetup: ["./scripts/build-cli.mjs"],
    reporters: ["default", "./test/support/summary-line-reporter.ts"],
  },
});
