// The one deploy pipeline through the CLI against the stand-in: what is confirmed is what is applied (a change
// by another client after the prompt fails on the ETag of the one read, nothing written), and every command
// reads each live object once (GETs counted at the stand-in).
import { AzureKeyCredential, SearchIndexClient } from "@azure/search-documents";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { runCli } from "../../src/cli/docs-index/program.js";
import { FAST_SERVICE } from "../support/cli.js";
import { cli, copyDefinitions } from "../support/cli.js";
import { writableIndex } from "../support/sdk-index.js";

let standIn: SearchStandIn;
const started: SearchStandIn[] = [];
beforeEach(async () => {
  standIn = await startSearchStandIn();
  started.push(standIn);
});
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

const edit = (change: (fields: { name: string; searchable?: boolean; [k: string]: unknown }[], json: any) => void) =>
  copyDefinitions((file, json) => {
    if (file === "docs-index.json") change(json.fields, json);
  });
const searchableSection = () => edit((fields) => void (fields.find((f) => f.name === "section")!.searchable = true));
const heavierTitle = () => edit((_f, json) => void (json.scoringProfiles[0].text.weights.title = 7));
// A query is a POST that writes nothing (an in-place scoring change is evaluated before and after the write).
const writesSince = (mark: number) =>
  standIn.requests
    .slice(mark)
    .filter((r) => r.method !== "GET" && !r.path.endsWith("/docs/search"))
    .map((r) => `${r.method} ${r.path} ${r.status}`);

/** The GETs since `mark` of each definition object, and of the alias (its lookup included). */
function definitionGets(mark: number): Record<string, number> {
  const counts: Record<string, number> = { index: 0, datasource: 0, indexer: 0, alias: 0 };
  for (const r of standIn.requests.slice(mark)) {
    if (r.method !== "GET") continue;
    if (/^\/indexes\/docs-index(-\d+)?$/.test(r.path)) counts.index!++;
    else if (r.path === "/datasources/docs-datasource") counts.datasource!++;
    else if (r.path === "/indexers/docs-indexer") counts.indexer!++;
    else if (/^\/aliases\/docs-index$/.test(r.path)) counts.alias!++;
  }
  return counts;
}

describe("the confirmed plan is the applied plan", () => {
  it("a change by another client between the confirmation prompt and the write: exit 4 (ETag conflict), nothing written", async () => {
    expect((await cli(standIn, "deploy")).code).toBe(0);
    standIn.state.documents.get("docs-index")!.set("k", { id: "k" });
    const other = new SearchIndexClient(standIn.url, new AzureKeyCredential(standIn.apiKey), {
      allowInsecureConnection: true,
    });
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    let stderr = "";
    let changedByOther: unknown;
    const stderrStream = new Writable({
      write(chunk, _e, callback) {
        stderr += String(chunk);
        // At the prompt, another client changes the index the plan read; then the operator confirms.
        if (stderr.includes('Type "yes" to continue') && changedByOther === undefined) {
          changedByOther = null;
          void (async () => {
            const index = await other.getIndex("docs-index");
            index.scoringProfiles![0]!.textWeights!.weights.title = 9;
            changedByOther = await other.createOrUpdateIndex(writableIndex(index));
            stdin.write("yes\n");
          })();
        }
        callback();
      },
    });
    const mark = standIn.requests.length;
    const code = await runCli(
      ["node", "docs-index", "deploy", "--allow-rebuild", "--definitions", searchableSection()],
      {
        env: { DEPLOY_ENV: "dev", SEARCH_ENDPOINT: standIn.url, SEARCH_ADMIN_KEY: standIn.apiKey, NO_COLOR: "1" },
        streams: { stdout: new PassThrough(), stderr: stderrStream },
        stdin,
        service: FAST_SERVICE,
      },
    );
    expect(changedByOther).toBeTruthy();
    expect(code, stderr).toBe(4);
    expect(stderr).toMatch(/index docs-index was changed on the service after it was read \(ETag mismatch, HTTP 412\)/);
    expect(stderr).toMatch(/Nothing was changed/);
    // The other client's write, then our drop refused on If-Match; nothing of ours was applied.
    expect(writesSince(mark)).toEqual(["PUT /indexes/docs-index 200", "DELETE /indexes/docs-index 412"]);
    const live = standIn.state.indexes.get("docs-index")!.definition as any;
    expect(live.scoringProfiles[0].text.weights.title).toBe(9);
    expect(live.fields.find((f: { name: string }) => f.name === "section").searchable).toBe(false);
    expect(standIn.state.documents.get("docs-index")!.size).toBe(1);
  });
});

describe("each live object is read once per command", () => {
  it("plan, deploy (in place) and deploy <saved plan>: one GET each of the index, the datasource, the indexer and the alias", async () => {
    expect((await cli(standIn, "deploy")).code).toBe(0);
    const definitions = heavierTitle();
    const once = { index: 1, datasource: 1, indexer: 1, alias: 1 };

    let mark = standIn.requests.length;
    expect((await cli(standIn, "plan", "--definitions", definitions)).code).toBe(0);
    expect(definitionGets(mark)).toEqual(once);

    const file = path.join(mkdtempSync(path.join(tmpdir(), "pipeline-")), "docs-index.plan.json");
    mark = standIn.requests.length;
    expect((await cli(standIn, "plan", "--definitions", definitions, "-out", file)).code).toBe(0);
    expect(definitionGets(mark)).toEqual(once);

    mark = standIn.requests.length;
    const applied = await cli(standIn, "deploy", file, "--definitions", definitions);
    expect(applied.code, applied.stderr).toBe(0);
    expect(definitionGets(mark)).toEqual(once);
    expect(writesSince(mark)).toEqual(["PUT /indexes/docs-index 200", "POST /indexers/docs-indexer/run 202"]);

    mark = standIn.requests.length;
    expect((await cli(standIn, "deploy", "--definitions", searchableSection(), "--allow-rebuild", "--yes")).code).toBe(
      0,
    );
    expect(definitionGets(mark)).toEqual(once);
  });
});
