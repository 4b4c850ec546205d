// Runs the docs-index CLI in-process against a stand-in and captures its output.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runDocsIndex, type CapturedRun } from "../../src/cli/docs-index/in-process.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../src/search/definitions/definitions.js";
import type { SearchStandIn } from "../../local/search-standin/server.js";
import { FAST_SERVICE } from "../ops/fast-service.js";

export type CliRun = CapturedRun;

export async function cli(standIn: SearchStandIn, ...args: string[]): Promise<CliRun> {
  const env = {
    PATH: process.env.PATH,
    DEPLOY_ENV: "dev",
    SEARCH_ENDPOINT: standIn.url,
    SEARCH_ADMIN_KEY: standIn.apiKey,
    NO_COLOR: "1",
  };
  return runDocsIndex(args, env, { service: FAST_SERVICE });
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
