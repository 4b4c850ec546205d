import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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

  it("refuses mcp.public_hosts without mcp.auth, naming the file and the key (no exposure without validation)", () => {
    expect(() =>
      parseConfig(`${minimal}mcp:\n  public_hosts: [docs-mcp.example.com]\n`, "config/test/vars.yml"),
    ).toThrow(/^config\/test\/vars\.yml: mcp\.public_hosts: expected an mcp\.auth section with public_hosts/);
  });

  it("leaves agentic retrieval off unless switched on, and names its objects like the others", () => {
    expect(parseConfig(minimal, "vars.yml").search).toMatchObject({
      agentic_retrieval: false,
      knowledge_source_name: "docs-knowledge-source",
      knowledge_base_name: "docs-knowledge-base",
    });
    expect(problemsOf(() => parseConfig(`${minimal}  agentic_retrieval: "yes"\n`, "f.yml"))).toEqual([
      { key: "search.agentic_retrieval", expected: "expected true or false" },
    ]);
  });

  it("refuses agentic retrieval while the search stack turns the semantic ranker off", () => {
    const service = (ranker: string) => `${minimal}  agentic_retrieval: true
search_service:
  name: example
  sku: basic
  semantic_ranker: ${ranker}
  deploy_principal_object_id: 22222222-2222-2222-2222-222222222222
`;
    expect(problemsOf(() => parseConfig(service("disabled"), "config/test/vars.yml"))).toEqual([
      {
        key: "search.agentic_retrieval",
        expected: expect.stringMatching(/semantic_ranker is "disabled".*needs the semantic ranker/),
      },
    ]);
    expect(parseConfig(service("free"), "f.yml").search.agentic_retrieval).toBe(true);
    expect(
      parseConfig(service("disabled").replace("agentic_retrieval: true", "agentic_retrieval: false"), "f.yml"),
    ).toBeTruthy();
  });

  it("rejects misspelled keys instead of ignoring them, with a did-you-mean as definition typos get", () => {
    // More than `search: Unrecognized key: "index_nmae"`: the key meant.
    const problems = problemsOf(() => parseConfig(`${minimal}  index_nmae: x\n`, "f.yml"));
    expect(problems).toContainEqual({ key: "search.index_nmae", expected: 'unknown key (did you mean "index_name"?)' });
  });

  it("suggests the key of the section the typo is in, at any depth, and lists the keys when none is close", () => {
    const file = `${minimal}serch_service:\n  name: x\n`;
    expect(problemsOf(() => parseConfig(file, "f.yml"))).toContainEqual({
      key: "serch_service",
      expected: 'unknown key (did you mean "search_service"?)',
    });
    const prod = readFileSync(path.join(repoRoot, "config", "prod", "vars.yml"), "utf8");
    const nested = prod.replace(/^( {4})client_id:/m, "$1clientid:");
    expect(problemsOf(() => parseConfig(nested, "vars.yml"))).toContainEqual({
      key: "webhook_app.gateway_auth.clientid",
      expected: 'unknown key (did you mean "client_id"?)',
    });
    const far = problemsOf(() => parseConfig(`${minimal}  zzz: 1\n`, "f.yml")).find((p) => p.key === "search.zzz");
    expect(far?.expected).toMatch(/^unknown key; expected one of: endpoint, .*index_name/);
  });

  it("a misspelt section is one did-you-mean line, not also the section's 'expected object, received undefined'", () => {
    const file = readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8").replace(/^search:/m, "serch:");
    expect(problemsOf(() => parseConfig(file, "vars.yml"))).toEqual([
      { key: "serch", expected: 'unknown key (did you mean "search"?)' },
    ]);
    // A section that is simply missing still says so.
    const missing = problemsOf(() => parseConfig(file.replace(/^serch:/m, "other_section:"), "vars.yml"));
    expect(missing).toContainEqual({ key: "search", expected: expect.stringMatching(/expected object/) });
  });

  it("the ConfigError message names the file, the key and the suggestion on one line", () => {
    expect(() => parseConfig(`${minimal}  indexer_nam: x\n`, "config/dev/vars.yml")).toThrow(
      'config/dev/vars.yml: search.indexer_nam: unknown key (did you mean "indexer_name"?)',
    );
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
    expect(problems[0]?.expected).toMatch(/not found.*VARS_FILE/);
  });

  it("--env with an unknown environment names the environments that exist, and does not blame DEPLOY_ENV", () => {
    const [problem] = problemsOf(() => loadConfig({ DEPLOY_ENV: "dev" }, { env: "prd" }));
    expect(problem?.expected).toMatch(/there is no environment "prd" \(--env prd\); environments: dev, local, prod/);
    expect(problem?.expected).not.toMatch(/DEPLOY_ENV/);
  });

  it("a YAML error shows the excerpt with its caret, not a dangling `at line 3, column 13:`", () => {
    const [problem] = problemsOf(() => parseConfig("environment: dev\nsearch:\n  endpoint: a: b\n", "f.yml"));
    expect(problem?.expected).toMatch(/^Nested mappings are not allowed in compact mappings \(line 3, column 13\)\n/);
    expect(problem?.expected).toContain("    endpoint: a: b\n");
    expect(problem?.expected).toMatch(/\^$/);
    expect(problem?.expected).not.toMatch(/:\s*$/m);
  });

  it("an empty vars.yml says so and what it must hold, not raw schema text", () => {
    for (const text of ["", "# nothing yet\n"]) {
      expect(problemsOf(() => parseConfig(text, "f.yml"))).toEqual([
        { key: "(file)", expected: expect.stringMatching(/^the file is empty .*`environment` and `search`/) },
      ]);
    }
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
