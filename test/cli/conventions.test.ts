// Conventions a pipeline relies on: --version, colour switches, numeric options checked, errors a person can act
// on (sign-in, internal errors with DOCS_INDEX_DEBUG), target naming and overrides. No service needed.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { globalOptions } from "../../src/cli/docs-index/program.js";
import { commandNameIn, GLOBAL_OPTIONS_WITH_VALUE } from "../../src/cli/docs-index/registry.js";
import { exitCodeOf } from "../../src/cli/exit-codes.js";
import { SIGN_IN_HINT } from "../../src/cli/outcome-exit.js";
import { runCommand } from "../../src/cli/runner.js";
import type { Output } from "../../src/cli/output.js";

/** What the runner (runCommand) does with an error a command throws: prints it and returns the exit code. */
async function reportError(err: unknown, scene: { out: Output; env: NodeJS.ProcessEnv }): Promise<number> {
  const outcome = await runCommand(
    { out: scene.out, deadlineMs: 60_000, scene: () => ({ cli: "docs-index", env: scene.env }) },
    async () => {
      throw err;
    },
  );
  return exitCodeOf(outcome);
}
import { runDocsIndex, textSink } from "../../src/cli/docs-index/in-process.js";
import { colorEnabled, createOutput } from "../../src/cli/output.js";
import { resolveSearchEndpoint } from "../../src/config/search.js";
import { repoRoot } from "../../src/config/repo-root.js";

const env = { VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml") };
const pkg = JSON.parse(
  await import("node:fs").then((fs) => fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")),
);

function capture() {
  const err = textSink();
  return { out: createOutput(false, { stdout: textSink().stream, stderr: err.stream }), text: err.text };
}

describe("docs-index conventions", () => {
  it("--version prints the package version on stdout only", async () => {
    const run = await runDocsIndex(["--version"], env);
    expect(run).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });

  it.each([
    ["status", "--history", "x", /--history expects a whole number from 1 to 50, got "x"/],
    ["status", "--history", "0", /--history expects a whole number/],
    ["backfill", "--timeout", "-1", /--timeout expects a positive number of seconds/],
    ["query", "q", "--top", "51", /--top expects a whole number from 1 to 50/],
    ["orphans", "--batch-size", "1.5", /--batch-size expects a whole number/],
    ["status", "--deadline", "soon", /--deadline expects a positive number of seconds/],
  ])("rejects invalid numbers: %s %s %s (exit 2)", async (...args) => {
    const pattern = args.pop() as RegExp;
    const run = await runDocsIndex(args as string[], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(pattern);
  });

  it("colour: --no-color and NO_COLOR turn it off, FORCE_COLOR on, never in JSON", () => {
    const base = { json: false, noColorFlag: false, isTTY: true, env: {} };
    expect(colorEnabled(base)).toBe(true);
    expect(colorEnabled({ ...base, noColorFlag: true })).toBe(false);
    expect(colorEnabled({ ...base, env: { NO_COLOR: "1" } })).toBe(false);
    expect(colorEnabled({ ...base, isTTY: false })).toBe(false);
    expect(colorEnabled({ ...base, isTTY: false, env: { FORCE_COLOR: "1" } })).toBe(true);
    expect(colorEnabled({ ...base, isTTY: false, env: { FORCE_COLOR: "0" } })).toBe(false);
    expect(colorEnabled({ ...base, json: true, env: { FORCE_COLOR: "1" } })).toBe(false);
  });

  it("FORCE_COLOR colours the plan of a pure command's error output; --no-color wins", async () => {
    const forced = await runDocsIndex(["url", "not a page"], { ...env, FORCE_COLOR: "1" });
    expect(forced.stderr).toContain("\x1b[31merror:");
    const off = await runDocsIndex(["--no-color", "url", "not a page"], { ...env, FORCE_COLOR: "1" });
    expect(off.stderr).toMatch(/^error:/m);
  });

  it("url accepts a blob path as well as a blob URL or a document id", async () => {
    const run = await runDocsIndex(["--json", "url", "/$web/billing/guides/setup.html"], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      format_version: "1.0",
      kind: "blob-path",
      blobPath: "billing/guides/setup.html",
      publicUrl: "https://docs.dev.example.com/billing/guides/setup",
    });
  });

  it("preview takes the storage account from the config and marks expected failures in JSON and text", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const site = mkdtempSync(path.join(tmpdir(), "preview-"));
    mkdirSync(path.join(site, "billing"));
    writeFileSync(path.join(site, "billing", "setup.html"), "<title>x</title>");
    writeFileSync(path.join(site, "index.html"), "<title>root</title>");
    const json = await runDocsIndex(["--json", "preview", site], env);
    expect(json.code).toBe(0);
    const blobs = JSON.parse(json.stdout).blobs as { path: string; id: string | null; expectedFailure: boolean }[];
    const setup = blobs.find((b) => b.path === "billing/setup.html")!;
    expect(Buffer.from(setup.id!, "base64url").toString()).toMatch(
      /^https:\/\/stdocsdev\.blob\.core\.windows\.net\/\$web\//,
    );
    expect(blobs.find((b) => b.path === "index.html")).toMatchObject({ expectedFailure: true });
    const text = await runDocsIndex(["preview", site], env);
    expect(text.stdout).toMatch(/^index\.html {2}fails as expected \(search\.expected_failures\)/m);
    expect(text.stdout).not.toMatch(/FAILED/);
  });

  it("names the endpoint override and where the endpoint came from", () => {
    expect(resolveSearchEndpoint({ endpoint: "https://a.search.windows.net" }, {}, "config/prod/vars.yml")).toEqual({
      url: "https://a.search.windows.net",
      source: "config/prod/vars.yml",
    });
    expect(
      resolveSearchEndpoint(
        { endpoint: "https://a.search.windows.net" },
        { SEARCH_ENDPOINT: "http://127.0.0.1:1" },
        "config/prod/vars.yml",
      ),
    ).toMatchObject({
      url: "http://127.0.0.1:1",
      source: "SEARCH_ENDPOINT",
      override:
        "SEARCH_ENDPOINT=http://127.0.0.1:1 overrides search.endpoint https://a.search.windows.net of config/prod/vars.yml",
    });
  });

  it("--env prod with SEARCH_ENDPOINT still exported says so before acting", async () => {
    const run = await runDocsIndex(
      ["--env", "prod", "status"],
      { SEARCH_ENDPOINT: "http://127.0.0.1:9", SEARCH_ADMIN_KEY: "local-key", DEPLOY_ENV: "dev" },
      { service: { maxRetries: 0 } },
    );
    expect(run.stderr).toMatch(/note: --env prod overrides DEPLOY_ENV=dev/);
    expect(run.stderr).toMatch(
      /note: SEARCH_ENDPOINT=http:\/\/127\.0\.0\.1:9 overrides search\.endpoint https:\/\/srch-docs-prod\.search\.windows\.net of config\/prod\/vars\.yml/,
    );
    expect(run.stderr).toMatch(
      /status: environment prod \(config\/prod\/vars\.yml\), search http:\/\/127\.0\.0\.1:9 \(from SEARCH_ENDPOINT\)/,
    );
    expect(run.code).toBe(3);
  });

  it("finds the command name in argv without loading any command", () => {
    expect(commandNameIn(["--json", "--env", "prod", "status", "--wait"])).toBe("status");
    expect(commandNameIn(["--vars-file", "x.yml", "url", "a"])).toBe("url");
    expect(commandNameIn(["help", "deploy"])).toBe("deploy");
    expect(commandNameIn(["--version"])).toBeUndefined();
  });

  it("the options skipped with their value when finding the command name are exactly the program's global options that take one", () => {
    const takingValue = globalOptions()
      .filter((o) => o.required || o.optional)
      .map((o) => o.long);
    expect([...GLOBAL_OPTIONS_WITH_VALUE].sort()).toEqual(takingValue.sort());
    for (const option of takingValue) expect(commandNameIn([option!, "plan", "status"])).toBe("status");
  });
});

describe("errors a person can act on", () => {
  it("not signed in: one line naming az login, exit 3", async () => {
    const { out, text } = capture();
    const err = Object.assign(
      new Error("DefaultAzureCredential failed to retrieve a token...\n- EnvironmentCredential ..."),
      {
        name: "AggregateAuthenticationError",
      },
    );
    expect(await reportError(err, { out, env: {} })).toBe(3);
    expect(text()).toBe(`error: ${SIGN_IN_HINT}\n`);
    expect(text()).toMatch(/az login/);
  });

  it("a bug exits 1 with 'internal error'; the stack only with DOCS_INDEX_DEBUG=1", async () => {
    const quiet = capture();
    expect(await reportError(new TypeError("x is not a function"), { out: quiet.out, env: {} })).toBe(1);
    expect(quiet.text()).toMatch(/^error: internal error: x is not a function\n/);
    expect(quiet.text()).toMatch(/DOCS_INDEX_DEBUG=1/);
    expect(quiet.text()).not.toMatch(/at .*\.ts:\d+/);
    const debug = capture();
    expect(
      await reportError(new TypeError("x is not a function"), { out: debug.out, env: { DOCS_INDEX_DEBUG: "1" } }),
    ).toBe(1);
    expect(debug.text()).toMatch(/TypeError: x is not a function\n\s+at /);
  });
});
