// What every docs-index command gets (src/cli/context.ts), at the unit level: the credential rule for the search
// endpoint (searchAuth), the storage connection string's loopback rule, and where the target and its parts come
// from (createContext). One check runs the command in-process, for the exit code and stderr a user sees.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createContext, searchAuth } from "../../src/cli/context.js";
import { runDocsIndex, textSink } from "../../src/cli/docs-index/in-process.js";
import { CliError } from "../../src/cli/exit-codes.js";
import { createOutput } from "../../src/cli/output.js";
import { ConfigError } from "../../src/config/load.js";
import { repoRoot } from "../../src/config/repo-root.js";
import type { ServiceOptions } from "../../src/search/io/service-options.js";

const SERVICE: ServiceOptions = {
  requestTimeoutMs: 1_000,
  maxRetries: 0,
  retryDelayMs: 1,
  maxRetryDelayMs: 1,
  slowNoticeMs: 1_000,
};

function context(env: NodeJS.ProcessEnv) {
  const out = createOutput(false, { stdout: textSink().stream, stderr: textSink().stream });
  return createContext(out, env, {}, SERVICE);
}

/** What `fn` threw (fails the test when it threw nothing). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error");
}

describe("searchAuth: the credential for the search endpoint", () => {
  it("explains how to reach the local stand-in when an http endpoint has no admin key (a usage error)", () => {
    const err = thrown(() => searchAuth("http://127.0.0.1:8443", {}));
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).outcome).toBe("usage");
    expect((err as CliError).message).toMatch(/plain-http \(local\) endpoint and SEARCH_ADMIN_KEY is not set/);
    expect((err as CliError).hint).toMatch(/npm run local -- --keep/);
  });

  it("refuses an admin key for a non-local endpoint, without naming the key", () => {
    const err = thrown(() =>
      searchAuth("https://srch-docs.search.windows.net", { SEARCH_ADMIN_KEY: "s3cret-admin-key" }),
    ) as CliError;
    expect(err).toBeInstanceOf(CliError);
    expect(err.outcome).toBe("usage");
    expect(err.message).toMatch(
      /SEARCH_ADMIN_KEY is set but https:\/\/srch-docs\.search\.windows\.net is not a local endpoint/,
    );
    expect(`${err.message} ${err.hint}`).not.toContain("s3cret-admin-key");
  });

  it("takes the admin key for a loopback endpoint, and the Azure identity for an https one", () => {
    expect(searchAuth("http://127.0.0.1:8443", { SEARCH_ADMIN_KEY: "k" })).toEqual({ kind: "admin-key", key: "k" });
    expect(searchAuth("https://srch-docs.search.windows.net", {})).toEqual({ kind: "identity" });
  });
});

describe("createContext: the target and where each part came from", () => {
  it("reads the endpoint from the environment's vars.yml, or from SEARCH_ENDPOINT naming the override", () => {
    const dev = context({ DEPLOY_ENV: "dev" });
    expect(dev.target).toMatchObject({
      environment: "dev",
      configFile: path.join("config", "dev", "vars.yml"),
      endpoint: "http://127.0.0.1:8443",
    });
    expect(dev.target.endpointSource).toContain("config/dev/vars.yml");
    const overridden = context({ DEPLOY_ENV: "dev", SEARCH_ENDPOINT: "https://srch-other.search.windows.net/" });
    expect(overridden.endpoint).toBe("https://srch-other.search.windows.net");
    expect(overridden.target.endpointSource).toBe("SEARCH_ENDPOINT");
    expect(overridden.target.overrides.join(" ")).toContain("SEARCH_ENDPOINT");
  });

  it("refuses a SEARCH_ENDPOINT that is not a URL (a usage error)", () => {
    const err = thrown(() => context({ DEPLOY_ENV: "dev", SEARCH_ENDPOINT: "srch-docs" })) as CliError;
    expect(err).toBeInstanceOf(CliError);
    expect(err.outcome).toBe("usage");
    expect(err.message).toBe('SEARCH_ENDPOINT is not a URL: "srch-docs"');
  });

  it("takes DOCS_STORAGE_CONNECTION_STRING for Azurite only; otherwise the account from vars.yml", () => {
    const azurite = context({
      DEPLOY_ENV: "dev",
      DOCS_STORAGE_CONNECTION_STRING: "DefaultEndpointsProtocol=http;BlobEndpoint=http://127.0.0.1:10000/acct/;",
    });
    expect(azurite.target).toMatchObject({
      blobEndpoint: "http://127.0.0.1:10000/acct",
      blobSource: "DOCS_STORAGE_CONNECTION_STRING",
    });
    const remote = thrown(() =>
      context({
        DEPLOY_ENV: "dev",
        DOCS_STORAGE_CONNECTION_STRING: "BlobEndpoint=https://stdocs.blob.core.windows.net;",
      }),
    ) as CliError;
    expect(remote.outcome).toBe("usage");
    expect(remote.message).toMatch(/DOCS_STORAGE_CONNECTION_STRING is for Azurite only/);
    const prod = context({ VARS_FILE: path.join(repoRoot, "config", "prod", "vars.yml") });
    expect(prod.target.blobEndpoint).toMatch(/^https:\/\/\w+\.blob\.core\.windows\.net$/);
    expect(prod.target.blobSource).toBe("config/prod/vars.yml (search.storage_account_resource_id)");
  });

  it("names the file of a config that cannot be read", () => {
    const err = thrown(() => context({ VARS_FILE: "/nonexistent/vars.yml" }));
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toMatch(/vars\.yml: \(file\): not found/);
  });
});

describe("the command's view of these refusals", () => {
  it("an invalid config and a refused credential are usage errors (exit 2) on stderr, naming the file or the fix, never the key", async () => {
    const config = await runDocsIndex(["status"], { VARS_FILE: "/nonexistent/vars.yml" });
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/vars\.yml: \(file\): not found/);
    const key = await runDocsIndex(["status"], { DEPLOY_ENV: "dev" });
    expect(key.code).toBe(2);
    expect(key.stderr).toMatch(/plain-http \(local\) endpoint and SEARCH_ADMIN_KEY is not set/);
    expect(key.stderr).toMatch(/npm run local -- --keep/);
    const remote = await runDocsIndex(["status"], {
      DEPLOY_ENV: "dev",
      SEARCH_ENDPOINT: "https://srch-docs.search.windows.net",
      SEARCH_ADMIN_KEY: "s3cret-admin-key",
    });
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(
      /SEARCH_ADMIN_KEY is set but https:\/\/srch-docs\.search\.windows\.net is not a local/,
    );
    expect(remote.stderr).not.toContain("s3cret-admin-key");
  });
});
