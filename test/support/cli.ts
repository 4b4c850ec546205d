// The one CLI harness: runs `docs-index` in-process (runDocsIndex) against the local stand-in, and Azurite when
// given, with fast retries (an unreachable service fails at once), and captures the exit code and both outputs.
// `config: "local"` is what `npm run local -- --keep` prints (config/local/vars.yml); the default is dev's file.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localCliEnv } from "../../local/environment/services.js";
import type { Azurite } from "../../local/azurite.js";
import type { SearchStandIn } from "../../local/search-standin/server.js";
import { runDocsIndex, type CapturedRun } from "../../src/cli/docs-index/in-process.js";
import type { RunOptions } from "../../src/cli/docs-index/program.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../src/search/definitions/definitions.js";
import type { ServiceOptions } from "../../src/search/io/service-options.js";

/** Service options for tests: the production retry rules with millisecond back-off. */
export const FAST_SERVICE: Partial<ServiceOptions> = {
  maxRetries: 2,
  retryDelayMs: 1,
  maxRetryDelayMs: 5,
  requestTimeoutMs: 10_000,
};

export interface CliRun extends CapturedRun {
  /** stdout parsed as JSON (a `--json` run). */
  json(): any;
}

export interface CliTarget {
  standIn: Pick<SearchStandIn, "url" | "apiKey">;
  azurite?: Pick<Azurite, "connectionString">;
  /** Which vars.yml: dev's (default) or the local environment's. */
  config?: "dev" | "local";
}

/** The environment a test's CLI runs with: the target's endpoints and keys (loopback only), no colour. */
export function cliEnv(target: CliTarget): NodeJS.ProcessEnv {
  const { standIn, azurite } = target;
  if (target.config === "local") {
    if (!azurite) throw new Error("the local environment's config needs Azurite");
    return { PATH: process.env.PATH, NO_COLOR: "1", ...localCliEnv(standIn, azurite) };
  }
  return {
    PATH: process.env.PATH,
    NO_COLOR: "1",
    VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml"),
    SEARCH_ENDPOINT: standIn.url,
    SEARCH_ADMIN_KEY: standIn.apiKey,
    ...(azurite ? { DOCS_STORAGE_CONNECTION_STRING: azurite.connectionString } : {}),
  };
}

/** `docs-index <args…>` with `env`. */
export async function runIn(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  options: Omit<RunOptions, "env" | "streams"> = {},
): Promise<CliRun> {
  const run = await runDocsIndex(args, env, { service: FAST_SERVICE, ...options });
  return { ...run, json: () => JSON.parse(run.stdout) };
}

/** `docs-index <args…>` against `standIn` with dev's config. */
export function cli(standIn: CliTarget["standIn"], ...args: string[]): Promise<CliRun> {
  return runIn(cliEnv({ standIn }), args);
}

/**
 * The writes the stand-in received since `mark` (its request log), as `METHOD path`: every request that is not a
 * read (GET, or a query sent as POST to docs/search). A refusal must leave this empty.
 */
export function writesSince(standIn: Pick<SearchStandIn, "requests">, mark: number): string[] {
  return standIn.requests
    .slice(mark)
    .filter((r) => r.method !== "GET" && !(r.method === "POST" && /\/docs\/search/.test(r.path)))
    .map((r) => `${r.method} ${r.path}`);
}

/** A copy of search-definitions/ that a test may edit; returns its directory. */
export function copyDefinitions(edit?: (file: string, json: Record<string, any>) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), "search-definitions-"));
  cpSync(DEFAULT_DEFINITIONS_DIR, dir, { recursive: true });
  if (edit) {
    for (const file of ["docs-index.json", "docs-datasource.json", "docs-indexer.json"]) {
      const p = path.join(dir, file);
      const json = JSON.parse(readFileSync(p, "utf8"));
      edit(file, json);
      writeFileSync(p, JSON.stringify(json, null, 2));
    }
  }
  return dir;
}
