import { describe, expect, it } from "vitest";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";

const run = runDocsIndex;

describe("docs-index credentials", () => {
  it("explains how to reach the local stand-in when an http endpoint has no admin key", async () => {
    const { code, stderr } = await run(["status"], { DEPLOY_ENV: "dev" });
    expect(code).toBe(2);
    expect(stderr).toMatch(/plain-http \(local\) endpoint and SEARCH_ADMIN_KEY is not set/);
    expect(stderr).toMatch(/npm run local -- --keep/);
  });

  it("refuses an admin key for a non-local endpoint, without printing the key", async () => {
    const { code, stderr } = await run(["status"], {
      DEPLOY_ENV: "dev",
      SEARCH_ENDPOINT: "https://srch-docs.search.windows.net",
      SEARCH_ADMIN_KEY: "s3cret-admin-key",
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /SEARCH_ADMIN_KEY is set but https:\/\/srch-docs\.search\.windows\.net is not a local endpoint/,
    );
    expect(stderr).not.toContain("s3cret-admin-key");
  });

  it("names the file and key of an invalid config with exit 2", async () => {
    const { code, stderr } = await run(["status"], { VARS_FILE: "/nonexistent/vars.yml" });
    expect(code).toBe(2);
    expect(stderr).toMatch(/vars\.yml: \(file\): not found/);
  });
});
