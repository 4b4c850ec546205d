// `plan --detailed-exitcode` follows Terraform: 0 no changes, 2 changes, 1 for every error, so a pipeline that
// deploys on 2 never proceeds on a broken configuration. Commands without the flag keep their own codes.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { FAST_SERVICE } from "../ops/fast-service.js";
import { repoRoot } from "../../src/config/repo-root.js";

let standIn: SearchStandIn;
beforeAll(async () => {
  standIn = await startSearchStandIn();
});
afterAll(async () => {
  await standIn.close();
});

const env = (extra: NodeJS.ProcessEnv = {}) => ({
  DEPLOY_ENV: "dev",
  SEARCH_ENDPOINT: standIn.url,
  SEARCH_ADMIN_KEY: standIn.apiKey,
  NO_COLOR: "1",
  ...extra,
});
const cli = (args: string[], extra?: NodeJS.ProcessEnv) => runDocsIndex(args, env(extra), { service: FAST_SERVICE });

/** config/dev/vars.yml with one key the schema does not know. */
function varsWithUnknownKey(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vars-")), "vars.yml");
  copyFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), file);
  writeFileSync(file, `${readFileSync(file, "utf8")}\nsearch_typo: true\n`);
  return file;
}

describe("plan --detailed-exitcode", () => {
  it("an invalid configuration (an unknown key in VARS_FILE) exits 1, not 2; without the flag it stays 2", async () => {
    const vars = varsWithUnknownKey();
    const detailed = await cli(["plan", "--detailed-exitcode"], { VARS_FILE: vars });
    expect(detailed.code).toBe(1);
    expect(detailed.stderr).toMatch(/invalid configuration/);
    expect(detailed.stderr).toMatch(/search_typo/);
    expect((await cli(["plan"], { VARS_FILE: vars })).code).toBe(2);
  });

  it("usage errors exit 1 (a bad option, options that exclude each other); without the flag 2", async () => {
    expect((await cli(["plan", "--detailed-exitcode", "--no-such-option"])).code).toBe(1);
    expect((await cli(["--json", "plan", "--detailed-exitcode", "--markdown"])).code).toBe(1);
    expect((await cli(["plan", "--no-such-option"])).code).toBe(2);
  });

  it("a service error exits 1; without the flag 3", async () => {
    const unreachable = { SEARCH_ENDPOINT: "http://127.0.0.1:9" };
    expect((await cli(["plan", "--detailed-exitcode"], unreachable)).code).toBe(1);
    expect((await cli(["plan"], unreachable)).code).toBe(3);
  });

  it("changes exit 2, no changes 0", async () => {
    expect((await cli(["plan", "--detailed-exitcode"])).code).toBe(2);
    expect((await cli(["deploy"])).code).toBe(0);
    expect((await cli(["plan", "--detailed-exitcode"])).code).toBe(0);
  });

  it("a command without the flag keeps its codes: the flag there is a usage error (2)", async () => {
    expect((await cli(["deploy", "--detailed-exitcode"])).code).toBe(2);
  });
});
