// docs-index plan -out / deploy <file> / show <file>, in-process against the stand-in over HTTP. A live change by
// another client after plan -out: deploy <file> exits 4 and writes nothing. Without one: exactly the planned writes.
import { AzureKeyCredential, SearchIndexClient } from "@azure/search-documents";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { LANGUAGE_FIELD } from "../support/plan-fixtures.js";
import { cli, copyDefinitions } from "../support/cli.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { writableIndex } from "../support/sdk-index.js";

let standIn: SearchStandIn;
let dir: string;
let planFile: string;

beforeEach(async () => {
  standIn = await startSearchStandIn();
  expect((await cli(standIn, "deploy")).code).toBe(0);
  dir = copyDefinitions((file, json) => {
    if (file === "docs-index.json") json.fields.push(structuredClone(LANGUAGE_FIELD));
  });
  // In a folder that does not exist yet, as the deploy workflow's fresh plan writes it.
  planFile = path.join(mkdtempSync(path.join(tmpdir(), "saved-plan-")), "plan", "docs-index.plan.json");
});
afterEach(async () => standIn.close());

const writesSince = (mark: number) =>
  standIn.requests
    .slice(mark)
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);

describe("plan -out, then deploy <file>", () => {
  it("without a live change: exactly the planned writes (PUT the index, start one run)", async () => {
    const planned = await cli(standIn, "plan", "-out", planFile, "--definitions", dir);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.stderr).toContain(
      `saved plan written to ${planFile}; apply exactly it with: npx docs-index --env dev deploy ${planFile}`,
    );
    expect(JSON.parse(readFileSync(planFile, "utf8"))).toMatchObject({
      format_version: "1.1",
      target: { environment: "dev", endpoint: standIn.url },
    });
    const mark = standIn.requests.length;
    const deployed = await cli(standIn, "deploy", planFile, "--definitions", dir);
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(writesSince(mark)).toEqual(["PUT /indexes/docs-index", "POST /indexers/docs-indexer/run"]);
    expect(deployed.stdout).toMatch(/update: index docs-index/);
    const fields = standIn.state.indexes.get("docs-index")!.definition.fields as { name: string }[];
    expect(fields.map((f) => f.name)).toContain("language");
  });

  it("after a live change by another client: exit 4, every reason named, nothing written", async () => {
    expect((await cli(standIn, "plan", "-out", planFile, "--definitions", dir)).code).toBe(0);
    const client = new SearchIndexClient(standIn.url, new AzureKeyCredential(standIn.apiKey), {
      allowInsecureConnection: true,
    });
    const index = await client.getIndex("docs-index");
    index.scoringProfiles![0]!.textWeights!.weights.title = 9;
    await client.createOrUpdateIndex(writableIndex(index));
    const before = structuredClone(standIn.state.indexes.get("docs-index"));

    const mark = standIn.requests.length;
    const refused = await cli(standIn, "deploy", planFile, "--definitions", dir);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/index docs-index changed on the service after the plan \(ETag .+ -> .+\)/);
    expect(refused.stderr).toMatch(/nothing was changed/);
    expect(writesSince(mark)).toEqual([]);
    expect(standIn.state.indexes.get("docs-index")).toEqual(before);

    const json = await cli(standIn, "--json", "deploy", planFile, "--definitions", dir);
    expect(json.code).toBe(4);
    const ajv = new Ajv2020.default({ allErrors: true, strict: true });
    addFormats.default(ajv);
    const schema = JSON.parse(readFileSync(path.join(repoRoot, "schemas/docs-index/deploy.schema.json"), "utf8"));
    const valid = ajv.compile(schema);
    expect(valid(JSON.parse(json.stdout)), ajv.errorsText(valid.errors)).toBe(true);
    expect(JSON.parse(json.stdout)).toMatchObject({
      format_version: "1.0",
      refused: true,
      reason: "saved-plan",
      refusals: [{ reason: "etag", kind: "index", name: "docs-index" }],
    });
    expect(writesSince(mark)).toEqual([]);
  });

  it("another environment's plan, other definitions in the checkout, an older format: exit 4 or 2, nothing written", async () => {
    expect((await cli(standIn, "plan", "--out", planFile, "--definitions", dir)).code).toBe(0);
    const mark = standIn.requests.length;
    // The checkout's definitions are not the plan's (search-definitions/ lacks the new field).
    const other = await cli(standIn, "deploy", planFile);
    expect(other.code).toBe(4);
    expect(other.stderr).toMatch(/the index definition in this checkout differs from the one in the saved plan/);
    const doc = JSON.parse(readFileSync(planFile, "utf8"));
    writeFileSync(planFile, JSON.stringify({ ...doc, target: { ...doc.target, environment: "prod" } }));
    const prod = await cli(standIn, "deploy", planFile, "--definitions", dir);
    expect(prod.code).toBe(4);
    expect(prod.stderr).toMatch(/the plan is for environment prod; this run targets dev/);
    writeFileSync(planFile, JSON.stringify({ ...doc, format_version: "0.9" }));
    const old = await cli(standIn, "deploy", planFile, "--definitions", dir);
    expect(old.code).toBe(4);
    expect(old.stderr).toMatch(/an older format \(format_version 0\.9/);
    writeFileSync(planFile, "{}");
    const junk = await cli(standIn, "deploy", planFile);
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/not a docs-index saved plan/);
    expect(writesSince(mark)).toEqual([]);
  });

  it("a rebuild in the saved plan still needs --allow-rebuild", async () => {
    const rebuild = copyDefinitions((file, json) => {
      if (file === "docs-index.json") json.fields.find((f: { name: string }) => f.name === "section").searchable = true;
    });
    expect((await cli(standIn, "plan", "-out=" + planFile, "--definitions", rebuild)).code).toBe(0);
    const mark = standIn.requests.length;
    const refused = await cli(standIn, "deploy", planFile, "--definitions", rebuild);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/needs a rebuild/);
    expect(writesSince(mark)).toEqual([]);
    const rebuilt = await cli(standIn, "deploy", planFile, "--definitions", rebuild, "--allow-rebuild", "--yes");
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(writesSince(mark)).toEqual([
      "DELETE /indexes/docs-index",
      "PUT /indexes/docs-index",
      "POST /indexers/docs-indexer/run",
    ]);
  });
});

describe("show <file> and plan --markdown", () => {
  it("human, --json (the file's document) and --markdown (the pull-request view)", async () => {
    const md = await cli(standIn, "plan", "-out", planFile, "--markdown", "--definitions", dir);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^### docs-index plan\n/);
    expect(md.stdout).toContain("| `language` |  | added `Edm.String` | in place |");
    const human = await cli(standIn, "show", planFile);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^Saved plan for environment dev, endpoint http:\/\/127\.0\.0\.1:\d+\n/);
    expect(human.stdout).toContain("+ fields[language]");
    const json = await cli(standIn, "--json", "show", planFile);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(readFileSync(planFile, "utf8")));
    const shown = await cli(standIn, "show", planFile, "--markdown");
    expect(shown.stdout.trimEnd()).toBe(md.stdout.trimEnd());
    const both = await cli(standIn, "--json", "show", planFile, "--markdown");
    expect(both.code).toBe(2);
    const missing = await cli(standIn, "show", path.join(dir, "nope.json"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.json: not found/);
  });
});
