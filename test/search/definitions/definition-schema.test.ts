// Typos are refused before they reach the service: plan, deploy and `definitions:format --check` validate each
// definition file against the service's JSON Schema (schemas/azure-search/, api-version 2026-04-01) with unknown
// properties refused and the nearest known name suggested; the stand-in answers such a PUT with the service's 400.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../../local/search-standin/server.js";
import { repoRoot } from "../../../src/config/repo-root.js";
import { implicitAttributeProblems } from "../../../src/search/definitions/field-attributes.js";
import { describeLocation } from "../../../src/search/definitions/schema-problems.js";
import { closestName } from "../../../src/text/closest-name.js";
import { definitionSchema } from "../../../src/search/io/definition-schema.js";
import { readFileSync } from "node:fs";
import { cli, copyDefinitions } from "../../support/cli.js";
import { runDefinitionsFormat } from "../../../src/cli/definitions-format/command.js";
import { textSink } from "../../../src/cli/docs-index/in-process.js";

let standIn: SearchStandIn;
let typos: string;
beforeAll(async () => {
  standIn = await startSearchStandIn();
  typos = copyDefinitions((file, json) => {
    if (file === "docs-index.json") {
      const field = json.fields[3];
      field.serchable = field.searchable;
      delete field.searchable;
    }
    if (file === "docs-indexer.json") {
      json.shedule = json.schedule ?? { interval: "PT1H" };
      delete json.schedule;
    }
  });
});
afterAll(async () => standIn?.close());

const FIELD_3 = "content"; // search-definitions/docs-index.json fields[3]
const expectedLines = (dir: string) => [
  `${path.relative(process.cwd(), path.join(dir, "docs-index.json"))}: fields[3] (${FIELD_3}): unknown property "serchable" (did you mean "searchable"?)`,
  `${path.relative(process.cwd(), path.join(dir, "docs-indexer.json"))}: unknown property "shedule" (did you mean "schedule"?)`,
];

describe("unknown properties in the definition files", () => {
  it("plan and deploy refuse them with exit 2, naming file, place, property and the likely name; nothing is written", async () => {
    for (const command of ["plan", "deploy"]) {
      const mark = standIn.requests.length;
      const run = await cli(standIn, command, "--definitions", typos);
      expect(run.code, run.stderr).toBe(2);
      for (const line of expectedLines(typos)) expect(run.stderr).toContain(line);
      expect(standIn.requests.length).toBe(mark);
    }
  });

  it("plan --detailed-exitcode refuses them with exit 1 (Terraform: 1 is any error)", async () => {
    const run = await cli(standIn, "plan", "--detailed-exitcode", "--definitions", typos);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unknown property "shedule"');
  });

  it("npm run definitions:format -- --check refuses them (exit 1)", () => {
    // runDefinitionsFormat's result is the exit code of scripts/definitions-format.ts.
    const stderr = textSink();
    const code = runDefinitionsFormat(["--check", "--definitions", typos], {
      stdout: textSink().stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(1);
    for (const line of expectedLines(typos).map((l) => l.replace(/^.*?: /, ""))) expect(stderr.text()).toContain(line);
  });

  it("the stand-in answers a PUT with an unknown property with the service's 400", async () => {
    const index = JSON.parse(
      JSON.stringify((await import("../../standin/fixtures.js")).loadDefinition("docs-index.json")),
    );
    index.fields[3].serchable = true;
    const response = await fetch(`${standIn.url}/indexes/docs-index?api-version=2026-04-01`, {
      method: "PUT",
      headers: { "api-key": standIn.apiKey, "content-type": "application/json" },
      body: JSON.stringify(index),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject({
      code: "InvalidRequestParameter",
      message: expect.stringMatching(
        /^The request is invalid\. Details: The property 'serchable' does not exist on type '.*IndexField'\. Make sure to only use property names that are defined by the type\.$/,
      ),
    });
    expect(standIn.state.indexes.has("docs-index")).toBe(false);
  });
});

describe("the message parts", () => {
  it("suggests only a close name", () => {
    expect(closestName("serchable", ["searchable", "sortable"])).toBe("searchable");
    expect(closestName("shedule", ["schedule", "parameters"])).toBe("schedule");
    expect(closestName("colour", ["searchable", "schedule"])).toBeUndefined();
  });
  it("names an array element by index and by its name", () => {
    const doc = { fields: [{ name: "id" }, { name: "region" }], scoringProfiles: [{ text: {} }] };
    expect(describeLocation(doc, "/fields/1")).toBe("fields[1] (region)");
    expect(describeLocation(doc, "/scoringProfiles/0/text")).toBe("scoringProfiles[0].text");
    expect(describeLocation(doc, "")).toBe("");
  });
  it("a field that leaves attributes out is told what to write for each", () => {
    const [problem] = implicitAttributeProblems({ fields: [{ name: "region", type: "Edm.String", filterable: true }] });
    expect(problem).toContain(
      'add "key": false, "retrievable": true, "stored": true, "searchable": false, "sortable": false, "facetable": false, "analyzer": null, "searchAnalyzer": null, "indexAnalyzer": null, "normalizer": null, "synonymMaps": []',
    );
  });
});

describe("the field template in docs/search-deploy.md", () => {
  it("is a field every check accepts: all attributes explicit, nothing the schema does not know", async () => {
    const doc = readFileSync(path.join(repoRoot, "docs", "search-deploy.md"), "utf8");
    const block = /A new simple field to copy[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block).toBeDefined();
    const field = JSON.parse(block!.replace(/^ {2}/gm, ""));
    const index = JSON.parse(readFileSync(path.join(repoRoot, "search-definitions", "docs-index.json"), "utf8"));
    index.fields.push(field);
    expect(implicitAttributeProblems(index)).toEqual([]);
    expect(definitionSchema().validate("index", index)).toEqual([]);
  });
});
