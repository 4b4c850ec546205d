import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Testing } from "cdktf";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config/load.js";
import { buildStacks } from "../../stacks/app.js";
import { requireStackConfig } from "../../stacks/config/stack-config.js";
import { MissingOpenApiError, readOpenApiV1 } from "../../stacks/webhook/openapi.js";
import { synthReport } from "../../stacks/synth-report.js";
import { runSynth } from "../../stacks/synth.js";
import { exitCodeOf } from "../../src/cli/exit-codes.js";
import { DEV_FILE, devConfig, fixtureOpenApi } from "./harness.js";
import { repoRoot } from "../../src/config/repo-root.js";

const devText = readFileSync(path.join(repoRoot, DEV_FILE), "utf8");
const FILE = "config/test/vars.yml";

function problems(text: string): { key: string; expected: string }[] {
  try {
    parseConfig(text, FILE);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message.startsWith(`${FILE}: `)).toBe(true);
    return [...(err as ConfigError).problems];
  }
  throw new Error("expected a ConfigError");
}

const replace = (from: string | RegExp, to: string) => {
  const next = devText.replace(from, to);
  expect(next).not.toBe(devText);
  return next;
};

describe("api_policy_type", () => {
  it("accepts the lowercase provider name and the empty string", () => {
    expect(parseConfig(devText, FILE).api_policy_type).toBe("casepro");
    expect(parseConfig(replace("api_policy_type: casepro", 'api_policy_type: ""'), FILE).api_policy_type).toBe("");
  });

  for (const bad of ["CasePro", "other", "standard"]) {
    it(`rejects ${JSON.stringify(bad)} naming the file, the key and the allowed values`, () => {
      const p = problems(replace("api_policy_type: casepro", `api_policy_type: ${bad}`));
      expect(p).toEqual([{ key: "api_policy_type", expected: expect.stringContaining(`got "${bad}"`) }]);
      expect(p[0]!.expected).toMatch(
        /expected "" \(the standard corporate identity-provider policy\) or "casepro" \(provider\.name/,
      );
    });
  }

  it("rejects a non-string value", () => {
    expect(problems(replace("api_policy_type: casepro", "api_policy_type: 1"))[0]?.key).toBe("api_policy_type");
  });

  it("allows only the empty string when no provider is configured", () => {
    const text = replace(/\nprovider:\n( {2}.*\n)+/, "\n");
    expect(problems(text)).toEqual([
      {
        key: "api_policy_type",
        expected: 'expected "" (the standard corporate identity-provider policy), got "casepro"',
      },
    ]);
  });

  it("is checked again at synth time (a config built in code cannot slip through)", () => {
    const config = devConfig();
    config.api_policy_type = "bogus";
    expect(() => buildStacks(config, { file: FILE, openApiJson: fixtureOpenApi, app: Testing.app() })).toThrow(
      /^config\/test\/vars\.yml: api_policy_type: expected "" .* or "casepro" .*, got "bogus"$/,
    );
  });
});

describe("infrastructure keys", () => {
  it("lists every section the stacks need when they are missing", () => {
    const config = parseConfig(
      "environment: test\nsearch:\n  endpoint: https://x.search.windows.net\n  storage_account_resource_id: /subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/docs\n  docs_url: https://docs.example.com\n",
      FILE,
    );
    try {
      requireStackConfig(config, FILE);
      throw new Error("expected a ConfigError");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.map((p) => p.key)).toEqual([
        "azure",
        "backend",
        "docs_storage",
        "search_service",
        "app_name",
        "api_policy_type",
        "provider",
        "apim",
        "webhook_app",
      ]);
      expect((err as ConfigError).message).toMatch(
        /^config\/test\/vars\.yml: azure: required to synthesize the stacks/,
      );
    }
  });

  const cases: [string, string | RegExp, string, string, RegExp][] = [
    [
      "soft delete under 7 days",
      "blob_soft_delete_days: 7",
      "blob_soft_delete_days: 3",
      "docs_storage.blob_soft_delete_days",
      /at least 7 days/,
    ],
    ["the free search SKU", "sku: basic", "sku: free", "search_service.sku", /basic, standard/],
    ["an odd partition count", "partitions: 1", "partitions: 5", "search_service.partitions", /1, 2, 3, 4, 6 or 12/],
    [
      "a non-GUID deploy principal",
      "deploy_principal_object_id: 22222222-2222-2222-2222-222222222222",
      "deploy_principal_object_id: deployer",
      "search_service.deploy_principal_object_id",
      /GUID/,
    ],
    [
      "an http identity server",
      "identity_url: https://identity.casepro.example.com",
      "identity_url: http://identity.casepro.example.com",
      "provider.identity_url",
      /https URL/,
    ],
    [
      "a policy expression as audience",
      "audience: provider-v2-webhooks",
      'audience: "@(context.Request.Url)"',
      "provider.audience",
      /must not start with @/,
    ],
    [
      "a named value in the scope",
      "required_scope: provider-v2-webhooks-access",
      'required_scope: "{{secret}}"',
      "provider.required_scope",
      /\{\{/,
    ],
    ["an uppercase provider name", "name: casepro", "name: CasePro", "provider.name", /lowercase provider name/],
    ["an app name with a slash", "app_name: webhooks", "app_name: web/hooks", "app_name", /lowercase app name/],
    [
      "a backend key prefix with a trailing slash",
      "key_prefix: docs-platform/dev",
      "key_prefix: docs-platform/dev/",
      "backend.key_prefix",
      /no leading or trailing/,
    ],
    [
      "an empty app role list",
      "  app_roles:\n    - App.Write",
      "  app_roles: []",
      "webhook_app.app_roles",
      /at least one app role/,
    ],
    [
      "a bad storage account name",
      "storage_account: stexpwebhooksdev",
      "storage_account: st-webhooks",
      "webhook_app.storage_account",
      /3-24 lowercase/,
    ],
    [
      "a misspelled key",
      "  replicas: 1",
      "  replicas: 1\n  replica: 2",
      "search_service.replica",
      /^unknown key \(did you mean "replicas"\?\)$/,
    ],
    [
      "the docs account in another subscription",
      "subscription_id: 00000000-0000-0000-0000-000000000000",
      "subscription_id: 99999999-0000-0000-0000-000000000000",
      "search.storage_account_resource_id",
      /azure\.subscription_id/,
    ],
    [
      "Azurite's account as the docs account of a deployable file",
      "storageAccounts/stdocsdev",
      "storageAccounts/devstoreaccount1",
      "search.storage_account_resource_id",
      /devstoreaccount1 is Azurite's local account/,
    ],
    [
      "Azurite's account as the function's storage",
      "storage_account: stexpwebhooksdev",
      "storage_account: devstoreaccount1",
      "webhook_app.storage_account",
      /Azurite's local account/,
    ],
    [
      "a function app without its gateway app registration",
      /\n {2}gateway_auth:\n.*\n.*\n/,
      "\n",
      "webhook_app.gateway_auth",
      /expected object/,
    ],
    [
      "a gateway app registration id that is not a GUID",
      "client_id: 55555555-5555-5555-5555-555555555555",
      "client_id: func-exp-webhooks",
      "webhook_app.gateway_auth.client_id",
      /GUID/,
    ],
    [
      "the standard policy without client application ids",
      /api_policy_type: casepro\n([\s\S]*)corporate_client_app_ids:\n {4}- .*\n/,
      'api_policy_type: ""\n$1corporate_client_app_ids: []\n',
      "apim.corporate_client_app_ids",
      /at least one client application id with api_policy_type ""/,
    ],
    [
      "a search endpoint that is not the configured service",
      "endpoint: http://127.0.0.1:8443",
      "endpoint: https://other.search.windows.net",
      "search.endpoint",
      /srch-docs-dev\.search\.windows\.net/,
    ],
  ];
  for (const [what, from, to, key, message] of cases) {
    it(`rejects ${what} (${key})`, () => {
      const found = problems(replace(from, to));
      expect(found).toContainEqual({ key, expected: expect.stringMatching(message) });
      // Only that key (an uppercase provider name also makes api_policy_type "casepro" unknown: both are reported).
      expect(found.every((p) => p.key === key || (key === "provider.name" && p.key === "api_policy_type"))).toBe(true);
    });
  }

  it("rejects duplicate query identity labels", () => {
    const text = replace(
      "  query_identities:\n",
      "  query_identities:\n    - name: docs-agent\n      object_id: 44444444-4444-4444-4444-444444444444\n",
    );
    expect(problems(text)).toEqual([
      { key: "search_service.query_identities.1.name", expected: 'duplicate label "docs-agent"' },
    ]);
  });

  it("fills the provider and table defaults", () => {
    const text = replace(/ {2}audience: .*\n {2}required_scope: .*\n {2}scope_claim: .*\n/, "").replace(
      "  idempotency_table: webhookdeliveries\n",
      "",
    );
    const config = parseConfig(text, FILE);
    expect(config.provider).toMatchObject({
      audience: "provider-v2-webhooks",
      required_scope: "provider-v2-webhooks-access",
      scope_claim: "scope",
    });
    expect(config.webhook_app?.idempotency_table).toBe("webhookdeliveries");
  });

  it("config/local/vars.yml (search section only) may name Azurite's account: it deploys nothing", () => {
    const file = "config/local/vars.yml";
    const local = parseConfig(readFileSync(path.join(repoRoot, file), "utf8"), file);
    expect(local.search.storage_account_resource_id).toMatch(/storageAccounts\/devstoreaccount1$/);
    expect(local.azure).toBeUndefined();
    expect(() => requireStackConfig(local, file)).toThrow(/azure: required to synthesize the stacks/);
  });

  it("the dev file names no Azurite account", () => {
    expect(devText).not.toMatch(/devstoreaccount1/);
  });

  it("the commented prod example parses once its placeholders are real", () => {
    const prod = path.join(repoRoot, "config", "prod", "vars.yml");
    expect(existsSync(prod)).toBe(true);
    const config = parseConfig(readFileSync(prod, "utf8"), "config/prod/vars.yml");
    expect(() => requireStackConfig(config, "config/prod/vars.yml")).not.toThrow();
    expect(config.search_service?.sku).not.toBe("basic");
  });
});

describe("the contract's OpenAPI v1", () => {
  it("fails synth with a message that says to run npm run contracts:build when the file is missing", () => {
    expect(() => readOpenApiV1(path.join(tmpdir(), "no-such-dir", "openapi.v1.json"))).toThrow(MissingOpenApiError);
    expect(() => readOpenApiV1(path.join(tmpdir(), "no-such-dir", "openapi.v1.json"))).toThrow(
      /not found.*run `npm run contracts:build` first/,
    );
  });

  it("rejects a file that is not an OpenAPI document", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
    writeFileSync(path.join(dir, "a.json"), "{");
    writeFileSync(path.join(dir, "b.json"), '{"swagger":"2.0"}');
    expect(() => readOpenApiV1(path.join(dir, "a.json"))).toThrow(/not valid JSON/);
    expect(() => readOpenApiV1(path.join(dir, "b.json"))).toThrow(/not an OpenAPI 3 document/);
  });
});

describe("what synth says it did", () => {
  const current = { environment: "prod", configFile: "config/prod/vars.yml" };
  const stackDirs = ["cdktf.out/stacks/docs-storage"];
  it("names the environment, its config file and each stack written", () => {
    expect(synthReport({ current, previous: undefined, outdir: "cdktf.out", stackDirs })).toEqual([
      "synth: environment prod (config/prod/vars.yml)",
      "  wrote cdktf.out/stacks/docs-storage",
    ]);
  });
  it("says when it replaced another environment's output, and how to keep both", () => {
    const previous = { environment: "dev", configFile: "config/dev/vars.yml" };
    expect(synthReport({ current, previous, outdir: "cdktf.out", stackDirs }).at(-1)).toBe(
      "note: this replaced the dev synth in cdktf.out (from config/dev/vars.yml); set CDKTF_OUTDIR=cdktf.out-prod to keep each environment's output apart",
    );
    expect(synthReport({ current, previous: current, outdir: "cdktf.out", stackDirs })).toHaveLength(2);
  });
});

// runSynth is all of stacks/main.ts but its exit (exitCodeOf of the outcome), so it runs here without a process.
describe("npm run synth (runSynth, stacks/synth.ts)", () => {
  const run = async (env: NodeJS.ProcessEnv) => {
    let stdout = "";
    let stderr = "";
    const outcome = await runSynth(
      { ...process.env, ...env },
      { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } },
    );
    return { code: exitCodeOf(outcome), stdout, stderr };
  };

  it("writes cdktf.out/stacks/<id>/cdk.tf.json for the three stacks", async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), "synth-"));
    const r = await run({
      CDKTF_OUTDIR: outdir,
      WEBHOOK_OPENAPI_FILE: path.join(repoRoot, "test/stacks/fixtures/openapi.v1.json"),
      DEPLOY_ENV: "dev",
      VARS_FILE: "",
    });
    expect(r.code).toBe(0);
    for (const id of ["docs-storage", "docs-search", "webhook"]) {
      expect(existsSync(path.join(outdir, "stacks", id, "cdk.tf.json"))).toBe(true);
      expect(existsSync(path.join(outdir, "stacks", id, "versions.tf"))).toBe(true);
      expect(r.stdout).toContain(`  wrote ${path.join(outdir, "stacks", id)}\n`);
    }
    expect(r.stdout).toMatch(/^synth: environment dev \(config\/dev\/vars\.yml\)$/m);
    expect(JSON.parse(readFileSync(path.join(outdir, "synth-environment.json"), "utf8"))).toEqual({
      environment: "dev",
      configFile: "config/dev/vars.yml",
    });
  });

  it("exits 2 naming the file, the key and the allowed values for a bad api_policy_type", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vars-"));
    const file = path.join(dir, "vars.yml");
    writeFileSync(file, devText.replace("api_policy_type: casepro", "api_policy_type: okta"));
    const r = await run({
      VARS_FILE: file,
      CDKTF_OUTDIR: path.join(dir, "out"),
      WEBHOOK_OPENAPI_FILE: path.join(repoRoot, "test/stacks/fixtures/openapi.v1.json"),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/synth failed: .*vars\.yml: api_policy_type: expected "" .* or "casepro" .*, got "okta"/);
    expect(existsSync(path.join(dir, "out"))).toBe(false);
  });
});
