// Runs the docs-index CLI in-process against a stand-in and captures its output.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { runCli } from "../../src/cli/docs-index/program.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../src/search/definitions.js";
import type { SearchStandIn } from "../../local/search-standin/server.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(): Writable & { text: string } {
  const w = new Writable({
    write(chunk, _enc, cb) {
      w.text += String(chunk);
      cb();
    },
  }) as Writable & { text: string };
  w.text = "";
  return w;
}

export async function cli(standIn: SearchStandIn, ...args: string[]): Promise<CliRun> {
  const stdout = sink();
  const stderr = sink();
  const env = { PATH: process.env.PATH, DEPLOY_ENV: "dev", SEARCH_ENDPOINT: standIn.url, SEARCH_ADMIN_KEY: standIn.apiKey, NO_COLOR: "1" };
  const code = await runCli(["node", "docs-index", ...args], env, { stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
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
