// Definition mistakes the service refuses (src/search/definitions/rules/), end to end against the stand-in: plan
// exits 2 before any read, naming the file, the JSON path, what is expected and the near name; deploy (even
// --allow-rebuild --yes) writes nothing, counted on the stand-in; a saved plan made before a rule is refused by
// show and deploy; the stand-in itself answers the same definitions with the service's 400. Also the wording of
// the schema's findings and of a saved-plan refusal.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { cli, copyDefinitions, writesSince } from "../support/cli.js";
import { loadDefinition } from "../standin/fixtures.js";

let standIn: SearchStandIn;
beforeAll(async () => {
  standIn = await startSearchStandIn();
  // A deployed service, so a mistake in place would plan as "update", "rebuild" or "unchanged".
  expect((await cli(standIn, "deploy")).code).toBe(0);
});
afterAll(async () => standIn?.close());

type Edit = (index: Record<string, any>) => void;
const withIndex = (edit: Edit) => copyDefinitions((file, json) => file === "docs-index.json" && edit(json));
const fileOf = (dir: string) => path.relative(process.cwd(), path.join(dir, "docs-index.json"));
const requestsSince = (mark: number) => standIn.requests.slice(mark).map((r) => `${r.method} ${r.path}`);

const MISTAKES: { name: string; edit: Edit; line: string; not: RegExp }[] = [
  {
    name: "a scoring weight on a field that does not exist (titel: 3)",
    edit: (i) => (i.scoringProfiles[0].text.weights.titel = 3),
    line: 'scoringProfiles[0] (docs-default).text.weights.titel: no field "titel"; expected a searchable text field: title, description, content, app, tags (did you mean "title"?)',
    not: /update/,
  },
  {
    name: "an analyzer typo (docs_english_identifierz)",
    edit: (i) => (i.fields[1].indexAnalyzer = "docs_english_identifierz"),
    line: 'fields[1] (title).indexAnalyzer: no analyzer "docs_english_identifierz"; expected a predefined analyzer of api-version 2026-04-01 or one defined in the index\'s "analyzers" (docs_english_identifiers) (did you mean "docs_english_identifiers"?)',
    not: /rebuild/,
  },
  {
    name: "a duplicated field",
    edit: (i) => i.fields.push({ ...i.fields[4] }),
    line: 'fields[12] (path).name: the field name "path" is used again (first at fields[4] (path)); expected each field name once',
    not: /unchanged/,
  },
  {
    name: "a weight of -3",
    edit: (i) => (i.scoringProfiles[0].text.weights.app = -3),
    line: "scoringProfiles[0] (docs-default).text.weights.app: the weight is -3; expected a positive number",
    not: /update/,
  },
];

describe.each(MISTAKES)("$name", ({ edit, line, not }) => {
  let dir: string;
  beforeAll(() => {
    dir = withIndex(edit);
  });

  it("plan exits 2 before any read, naming the file, the path, the expectation (and the rule's source)", async () => {
    const mark = standIn.requests.length;
    const run = await cli(standIn, "plan", "--definitions", dir);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`error: ${fileOf(dir)}: ${line}`);
    expect(run.stderr).toMatch(
      /nothing was read or written\. Rules broken, with their sources .*https:\/\/learn\.microsoft\.com\//,
    );
    expect(run.stdout).toBe("");
    expect(run.stdout + run.stderr).not.toMatch(not);
    expect(requestsSince(mark)).toEqual([]);
  });

  it("plan -out writes no plan; --detailed-exitcode exits 1 (any error); --json is the usage error document", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "rules-")), "p.json");
    expect((await cli(standIn, "plan", "-out", out, "--definitions", dir)).code).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect((await cli(standIn, "plan", "--detailed-exitcode", "--definitions", dir)).code).toBe(1);
    const json = await cli(standIn, "--json", "plan", "--definitions", dir);
    expect(json.json().error).toMatchObject({ code: "usage", exit_code: 2, message: expect.stringContaining(line) });
  });

  it("deploy --allow-rebuild --yes writes nothing (and reads nothing)", async () => {
    const before = structuredClone(standIn.state.indexes.get("docs-index")!.definition);
    const mark = standIn.requests.length;
    const run = await cli(standIn, "deploy", "--allow-rebuild", "--yes", "--definitions", dir);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(line);
    expect(writesSince(standIn, mark)).toEqual([]);
    expect(requestsSince(mark)).toEqual([]);
    expect(standIn.state.indexes.get("docs-index")!.definition).toEqual(before);
  });
});

describe("a saved plan made before a rule", () => {
  let planFile: string;
  beforeAll(async () => {
    planFile = path.join(mkdtempSync(path.join(tmpdir(), "rules-")), "docs-index.plan.json");
    expect((await cli(standIn, "plan", "-out", planFile)).code).toBe(0);
    // As an older docs-index, which did not check the weights, would have saved it.
    const saved = JSON.parse(readFileSync(planFile, "utf8"));
    saved.definitions.index.scoringProfiles[0].text.weights.titel = 3;
    writeFileSync(planFile, JSON.stringify(saved, null, 2));
  });

  it("show exits 2 naming the plan's file and the path inside it", async () => {
    const run = await cli(standIn, "show", planFile);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `${planFile}: definitions.index.scoringProfiles[0] (docs-default).text.weights.titel: no field "titel"`,
    );
    expect(run.stderr).toContain('(did you mean "title"?)');
  });

  it("deploy <file> exits 2 and writes nothing", async () => {
    const mark = standIn.requests.length;
    const run = await cli(standIn, "deploy", planFile);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("definitions.index.scoringProfiles[0] (docs-default).text.weights.titel");
    expect(writesSince(standIn, mark)).toEqual([]);
  });
});

describe("the stand-in refuses the same definitions with the service's 400", () => {
  const put = (what: string, body: unknown) =>
    fetch(`${standIn.url}/${what}?api-version=2026-04-01`, {
      method: "PUT",
      headers: { "api-key": standIn.apiKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("an index with a scoring function on a field of the wrong type", async () => {
    const index = loadDefinition("docs-index.json", { INDEX_NAME: "rules-index" }) as any;
    index.scoringProfiles[0].functions = [
      { type: "freshness", fieldName: "path", boost: 2, freshness: { boostingDuration: "P30D" } },
    ];
    const response = await put("indexes/rules-index", index);
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toEqual({
      code: "InvalidRequestParameter",
      message: expect.stringMatching(
        /^The request is invalid\. Details: scoringProfiles\[0\] \(docs-default\)\.functions\[0\] \(freshness\)\.fieldName: .*expected an Edm\.DateTimeOffset field/,
      ),
    });
    expect(standIn.state.indexes.has("rules-index")).toBe(false);
  });

  it("an indexer mapping to a field the index does not have", async () => {
    const indexer = loadDefinition("docs-indexer.json", { INDEXER_NAME: "rules-indexer" }) as any;
    indexer.fieldMappings[4].targetFieldName = "titel";
    const response = await put("indexers/rules-indexer", indexer);
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.message).toMatch(
      /fieldMappings\[4\]\.targetFieldName: no index field "titel"/,
    );
    expect(standIn.state.indexers.has("rules-indexer")).toBe(false);
  });
});

describe("the schema's findings, worded plainly", () => {
  it("a type name off the list: the allowed names and the near one, no regex", async () => {
    const dir = withIndex((i) => (i.fields[4].type = "Edm.Integer64"));
    const run = await cli(standIn, "plan", "--definitions", dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${fileOf(dir)}: fields[4] (path).type: "Edm.Integer64" is not one of the allowed values; expected Edm.String, Edm.Int32, Edm.Int64`,
    );
    expect(run.stderr).toContain('or Collection(<one of them>) (did you mean "Edm.Int64"?)');
    expect(run.stderr).not.toMatch(/must match pattern|\^Collection/);
  });

  it("a weight given as a string: named plainly, without the nullable branch's 'must be null'", async () => {
    const dir = withIndex((i) => (i.scoringProfiles[0].text.weights.app = "2"));
    const run = await cli(standIn, "plan", "--definitions", dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${fileOf(dir)}: scoringProfiles[0] (docs-default).text.weights.app: "2" is a string; expected a number (write 2, without quotes)`,
    );
    expect(run.stderr).not.toMatch(/must be null|must be number/);
  });
});

describe("a saved plan that no longer applies", () => {
  it("prints its reasons once: the error line; the result is the plan that was refused", async () => {
    const planFile = path.join(mkdtempSync(path.join(tmpdir(), "rules-")), "p.json");
    const dir = withIndex((i) => (i.scoringProfiles[0].text.weights.title = 6));
    expect((await cli(standIn, "plan", "-out", planFile, "--definitions", dir)).code).toBe(0);
    const other = withIndex((i) => (i.scoringProfiles[0].text.weights.title = 7));
    const mark = standIn.requests.length;
    const run = await cli(standIn, "deploy", planFile, "--definitions", other);
    expect(run.code).toBe(4);
    const output = run.stdout + run.stderr;
    expect(output.split("nothing was changed").length - 1, output).toBe(1);
    expect(run.stderr).toMatch(/error: the saved plan was not applied; nothing was changed:\n {2}- /);
    expect(run.stdout).toMatch(/^Saved plan for environment dev/);
    expect(run.stdout).toMatch(/index docs-index: update \(in place\)/);
    expect(run.stderr).toContain("the index definition in this checkout differs from the one in the saved plan");
    expect(writesSince(standIn, mark)).toEqual([]);
  });
});
