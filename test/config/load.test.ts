import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseConfig, resolveConfigLocation } from "../../src/config/load.js";
import { repoRoot } from "../../src/config/repo-root.js";

const minimal = `
environment: test
search:
  endpoint: https://example.search.windows.net
  storage_account_resource_id: /subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/docsacct
  docs_url: https://docs.example.com
`;

function problemsOf(fn: () => unknown): { key: string; expected: string }[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return [...(err as ConfigError).problems];
  }
  throw new Error("expected a ConfigError");
}

describe("config location", () => {
  it("defaults to config/dev/vars.yml", () => {
    expect(resolveConfigLocation({})).toMatchObject({
      env: "dev",
      file: path.join(repoRoot, "config", "dev", "vars.yml"),
      source: "default",
      overrides: [],
    });
  });
  it("lets flags beat the variables and names every override", () => {
    const both = resolveConfigLocation({ DEPLOY_ENV: "staging", VARS_FILE: "/tmp/x.yml" });
    expect(both).toMatchObject({ file: "/tmp/x.yml", source: "VARS_FILE" });
    expect(both.overrides).toEqual([
      expect.stringMatching(/VARS_FILE=\/tmp\/x\.yml is read; DEPLOY_ENV=staging only names/),
    ]);
    const flag = resolveConfigLocation({ DEPLOY_ENV: "dev", VARS_FILE: "/tmp/x.yml" }, { env: "prod" });
    expect(flag).toMatchObject({
      env: "prod",
      file: path.join(repoRoot, "config", "prod", "vars.yml"),
      source: "--env",
    });
    expect(flag.overrides).toEqual([
      "--env prod overrides VARS_FILE=/tmp/x.yml",
      "--env prod overrides DEPLOY_ENV=dev",
    ]);
  });
  it("follows DEPLOY_ENV, and VARS_FILE wins", () => {
    expect(resolveConfigLocation({ DEPLOY_ENV: "prod" }).file).toBe(path.join(repoRoot, "config", "prod", "vars.yml"));
    expect(resolveConfigLocation({ DEPLOY_ENV: "prod", VARS_FILE: "/tmp/x.yml" }).file).toBe("/tmp/x.yml");
  });
  it("rejects an environment name that could escape config/", () => {
    expect(() => resolveConfigLocation({ DEPLOY_ENV: "../etc" })).toThrow(/DEPLOY_ENV/);
  });
});

describe("config validation", () => {
  it("fills the search object names and api-version with their defaults", () => {
    const config = parseConfig(minimal, "vars.yml");
    expect(config.search).toMatchObject({
      index_name: "docs-index",
      datasource_name: "docs-datasource",
      indexer_name: "docs-indexer",
      container: "$web",
      expected_failures: ["index.html", "404.html"],
    });
    expect(config.search.api_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("names the file, the key and what was expected", () => {
    const text = minimal.replace("https://example.search.windows.net", "not a url");
    const err = (() => {
      try {
        parseConfig(text, "config/test/vars.yml");
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err?.message).toMatch(
      /^config\/test\/vars\.yml: search\.endpoint: expected the search service endpoint \(a URL\)/,
    );
  });

  it("rejects misspelled keys instead of ignoring them", () => {
    const problems = problemsOf(() => parseConfig(`${minimal}  index_nmae: x\n`, "f.yml"));
    expect(problems.map((p) => p.key)).toContain("search");
    expect(problems.map((p) => p.expected).join()).toMatch(/index_nmae/);
  });

  it("rejects a storage id that is not a storage account", () => {
    const problems = problemsOf(() =>
      parseConfig(minimal.replace("Microsoft.Storage/storageAccounts", "Microsoft.Web/sites"), "f.yml"),
    );
    expect(problems).toEqual([
      { key: "search.storage_account_resource_id", expected: expect.stringMatching(/storage account resource id/) },
    ]);
  });

  it("reports YAML syntax errors and duplicate keys", () => {
    expect(problemsOf(() => parseConfig("environment: [", "f.yml"))[0]?.key).toBe("(yaml)");
    expect(problemsOf(() => parseConfig("environment: a\nenvironment: b\n", "f.yml"))[0]?.key).toBe("(yaml)");
  });

  it("says which file is missing and how to pick another", () => {
    const problems = problemsOf(() => loadConfig({ DEPLOY_ENV: "nosuchenv" }));
    expect(problems[0]?.expected).toMatch(/not found .*VARS_FILE/);
  });

  it("loads a file named by VARS_FILE", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vars-"));
    const file = path.join(dir, "vars.yml");
    writeFileSync(file, minimal);
    expect(loadConfig({ VARS_FILE: file }).environment).toBe("test");
  });

  it("the committed dev config is valid", () => {
    expect(loadConfig({ DEPLOY_ENV: "dev" }).environment).toBe("dev");
  });
});
