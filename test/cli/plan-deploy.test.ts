// plan and deploy end to end: the CLI in-process against the stand-in over HTTP, the SDK unmodified.
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { parseConfig } from "../../src/config/load.js";
import { loadDefinitions } from "../../src/search/definitions/definitions.js";
import { ConcurrentChangeError } from "../../src/search/deploy/apply-plan.js";
import { deploy } from "../../src/search/deploy/pipeline.js";
import { createBlueGreenPort } from "../../src/search/io/bluegreen-port.js";
import type { Plan } from "../../src/search/plan/plan.js";
import { createSearchManagementPort } from "../../src/search/io/management-http.js";
import { cli, copyDefinitions } from "../support/cli.js";
import { LANGUAGE_FIELD } from "../support/plan-fixtures.js";
import { execution } from "../support/execution.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { writableIndex } from "../support/sdk-index.js";

let standIn: SearchStandIn;
const started: SearchStandIn[] = [];

async function fresh(): Promise<SearchStandIn> {
  const s = await startSearchStandIn();
  started.push(s);
  return s;
}

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

const writes = (s: SearchStandIn) => s.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
const actions = (plan: Plan) => plan.objects.map((o) => [o.kind, o.action]);

beforeEach(async () => {
  standIn = await fresh();
});

describe("plan and deploy against an empty service", () => {
  it("plan --json shows create for all three; deploy writes index -> datasource -> indexer -> run; then unchanged", async () => {
    const before = await cli(standIn, "--json", "plan");
    expect(before.code).toBe(0);
    expect(actions(JSON.parse(before.stdout))).toEqual([
      ["index", "create"],
      ["datasource", "create"],
      ["indexer", "create"],
    ]);
    expect(writes(standIn)).toEqual([]);

    const deployed = await cli(standIn, "deploy");
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(writes(standIn)).toEqual([
      "PUT /indexes/docs-index",
      "PUT /datasources/docs-datasource",
      "PUT /indexers/docs-indexer",
      "POST /indexers/docs-indexer/run",
    ]);
    expect(standIn.requests.some((r) => r.path.endsWith("/reset"))).toBe(false);

    const after = await cli(standIn, "--json", "plan");
    expect(actions(JSON.parse(after.stdout))).toEqual([
      ["index", "unchanged"],
      ["datasource", "unchanged"],
      ["indexer", "unchanged"],
    ]);
  });

  it("a second deploy makes no PUT and only starts a run", async () => {
    await cli(standIn, "deploy");
    const mark = standIn.requests.length;
    const again = await cli(standIn, "--json", "deploy");
    expect(again.code).toBe(0);
    const calls = standIn.requests
      .slice(mark)
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(["POST /indexers/docs-indexer/run"]);
    expect(JSON.parse(again.stdout).steps.map((s: { operation: string }) => s.operation)).toEqual([
      "skip",
      "skip",
      "skip",
    ]);
  });

  it("the live objects carry exactly the file's attributes", async () => {
    await cli(standIn, "deploy");
    const config = parseConfig(readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"), "vars");
    const files = loadDefinitions(config.search);
    const live = standIn.state.indexes.get("docs-index")!.definition;
    for (const f of files.index.fields as Record<string, unknown>[]) {
      const got = (live.fields as Record<string, unknown>[]).find((x) => x.name === f.name)!;
      for (const [k, v] of Object.entries(f)) expect(got[k], `${String(f.name)}.${k}`).toEqual(v);
    }
    expect(standIn.state.documents.get("docs-index")?.size).toBe(0);
    expect(live.scoringProfiles).toEqual([
      expect.objectContaining({
        name: "docs-default",
        text: { weights: { title: 5, description: 4, tags: 3, app: 2, content: 1 } },
      }),
    ]);
    const ds = standIn.state.datasources.get("docs-datasource")!.definition;
    expect(ds).toMatchObject({
      type: "azureblob",
      container: { name: "$web" },
      credentials: files.datasource.credentials,
      dataDeletionDetectionPolicy: files.datasource.dataDeletionDetectionPolicy,
    });
    const indexer = standIn.state.indexers.get("docs-indexer")!.definition;
    expect(indexer.fieldMappings).toEqual(
      (files.indexer.fieldMappings as object[]).map((m) => ({ mappingFunction: null, ...m })),
    );
    expect(indexer.parameters).toMatchObject(files.indexer.parameters as object);
  });

  it("a run already in progress (the service starts one when an indexer is created) is reported, not an error", async () => {
    await cli(standIn, "deploy");
    standIn.state.indexers
      .get("docs-indexer")!
      .runtime.history.unshift(execution({ status: "inProgress", endTime: null, itemsProcessed: 0 }));
    const again = await cli(standIn, "--json", "deploy");
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout).run).toBe("already-running");
    expect(again.stderr).toMatch(/already running.*no second run was started/);
    expect(standIn.requests.at(-1)).toMatchObject({ method: "POST", path: "/indexers/docs-indexer/run", status: 409 });
  });

  it("--dry-run prints the plan and changes nothing", async () => {
    const dry = await cli(standIn, "deploy", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("Dry run: nothing was changed.");
    expect(writes(standIn)).toEqual([]);
  });

  it("never prints the connection string", async () => {
    const outputs = [await cli(standIn, "deploy"), await cli(standIn, "--json", "plan"), await cli(standIn, "plan")];
    for (const o of outputs) expect(o.stdout + o.stderr).not.toMatch(/ResourceId=|\/subscriptions\//);
  });
});

describe("a change that needs a rebuild", () => {
  const searchableSection = () =>
    copyDefinitions((file, json) => {
      if (file === "docs-index.json") json.fields.find((f: { name: string }) => f.name === "section").searchable = true;
    });

  it("plan says rebuild naming section and searchable; deploy exits 4 and the live index is untouched", async () => {
    await cli(standIn, "deploy");
    const liveBefore = structuredClone(standIn.state.indexes.get("docs-index"));
    const dir = searchableSection();

    const plan = await cli(standIn, "--json", "plan", "--definitions", dir);
    const parsed = JSON.parse(plan.stdout) as Plan;
    expect(actions(parsed)[0]).toEqual(["index", "rebuild"]);
    expect(parsed.objects[0]!.changes).toEqual([
      expect.objectContaining({ field: "section", attribute: "searchable", effect: "rebuild" }),
    ]);
    const human = await cli(standIn, "plan", "--definitions", dir);
    expect(human.stdout).toMatch(/fields\[section\]\.searchable: false -> true \[rebuild\]/);

    const mark = standIn.requests.length;
    const refused = await cli(standIn, "deploy", "--definitions", dir);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/needs a rebuild \(fields\[section\]\.searchable/);
    expect(refused.stderr).toMatch(/every document in it is deleted/);
    expect(refused.stderr).toMatch(/--allow-rebuild/);
    expect(standIn.requests.slice(mark).filter((r) => r.method !== "GET")).toEqual([]);
    expect(standIn.state.indexes.get("docs-index")).toEqual(liveBefore);

    const json = await cli(standIn, "--json", "deploy", "--definitions", dir);
    expect(json.code).toBe(4);
    expect(JSON.parse(json.stdout)).toMatchObject({
      refused: true,
      reason: "rebuild",
      plan: { rebuildRequired: true },
    });
  });

  it("--allow-rebuild without a TTY and without --yes refuses (exit 4), naming what would be lost; nothing dropped", async () => {
    await cli(standIn, "deploy");
    const mark = standIn.requests.length;
    const refused = await cli(standIn, "deploy", "--allow-rebuild", "--definitions", searchableSection());
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/no TTY and no --yes/);
    expect(refused.stderr).toMatch(/every document in index docs-index/);
    expect(refused.stderr).toMatch(/environment dev .*search http:\/\/127\.0\.0\.1:\d+ \(from SEARCH_ENDPOINT\)/);
    expect(standIn.requests.slice(mark).filter((r) => r.method !== "GET")).toEqual([]);
  });

  it("--allow-rebuild drops and recreates the index (documents gone), then runs", async () => {
    await cli(standIn, "deploy");
    standIn.state.documents.get("docs-index")!.set("k", { id: "k" });
    const mark = standIn.requests.length;
    const rebuilt = await cli(standIn, "deploy", "--allow-rebuild", "--yes", "--definitions", searchableSection());
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    expect(
      standIn.requests
        .slice(mark)
        .filter((r) => r.method !== "GET")
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual(["DELETE /indexes/docs-index", "PUT /indexes/docs-index", "POST /indexers/docs-indexer/run"]);
    expect(
      (standIn.state.indexes.get("docs-index")!.definition.fields as { name: string; searchable: boolean }[]).find(
        (f) => f.name === "section",
      )!.searchable,
    ).toBe(true);
    expect(standIn.state.documents.get("docs-index")?.size).toBe(0);
    expect(rebuilt.stderr).toMatch(/recreated empty.*reset followed by a run/s);
    expect(rebuilt.stderr).toMatch(/next: npx docs-index --env dev backfill/);
  });

  it("the service itself refuses the change: 400 OperationNotAllowed / CannotChangeExistingField", async () => {
    await cli(standIn, "deploy");
    const client = new SearchIndexClient(standIn.url, new AzureKeyCredential(standIn.apiKey), {
      allowInsecureConnection: true,
    });
    const index = await client.getIndex("docs-index");
    const section = index.fields.find((f) => f.name === "section")! as { searchable?: boolean };
    section.searchable = true;
    await expect(client.createOrUpdateIndex(writableIndex(index))).rejects.toMatchObject({
      statusCode: 400,
      code: "OperationNotAllowed",
      message: "Existing field 'section' cannot be changed.",
    });
  });
});

describe("in-place changes", () => {
  it("adding a field updates the index in place and says existing documents keep null until a backfill", async () => {
    await cli(standIn, "deploy");
    const dir = copyDefinitions((file, json) => {
      if (file === "docs-index.json") {
        json.fields.push({ ...LANGUAGE_FIELD });
      }
      if (file === "docs-indexer.json") json.schedule.interval = "PT12H";
    });
    const plan = JSON.parse((await cli(standIn, "--json", "plan", "--definitions", dir)).stdout) as Plan;
    expect(actions(plan)).toEqual([
      ["index", "update"],
      ["datasource", "unchanged"],
      ["indexer", "update"],
    ]);
    const mark = standIn.requests.length;
    const result = await cli(standIn, "deploy", "--definitions", dir);
    expect(result.code, result.stderr).toBe(0);
    expect(
      standIn.requests
        .slice(mark)
        .filter((r) => r.method !== "GET")
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual(["PUT /indexes/docs-index", "PUT /indexers/docs-indexer", "POST /indexers/docs-indexer/run"]);
    expect(result.stderr).toMatch(/fields added: language\. Existing documents keep null in them until/);
    expect(standIn.requests.some((r) => r.path.endsWith("/reset"))).toBe(false);
    const shown = await cli(standIn, "plan", "--definitions", dir);
    expect(shown.stdout).not.toMatch(/fields\[language\]/); // deployed: nothing left to show
  });

  it("plan shows a new field's attributes, not only its type", async () => {
    await cli(standIn, "deploy");
    const dir = copyDefinitions((file, json) => {
      if (file === "docs-index.json")
        json.fields.push({ ...json.fields.find((f: any) => f.name === "format"), name: "region" });
    });
    const plan = await cli(standIn, "plan", "--definitions", dir);
    expect(plan.stdout).toMatch(
      /\+ fields\[region\]: Edm\.String .*a new field can be added in place: Edm\.String \(filterable, facetable, retrievable, stored; not key, searchable, sortable\)/,
    );
  });

  it("plan and deploy refuse a field that leaves attributes to the service's defaults, naming them (exit 2)", async () => {
    const dir = copyDefinitions((file, json) => {
      if (file === "docs-index.json") json.fields.push({ name: "region", type: "Edm.String", filterable: true });
    });
    for (const command of ["plan", "deploy"]) {
      const mark = standIn.requests.length;
      const run = await cli(standIn, command, "--definitions", dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /docs-index\.json: field region leaves key, retrievable, stored, searchable, sortable, facetable, analyzer, searchAnalyzer, indexAnalyzer, normalizer, synonymMaps to the service's defaults/,
      );
      expect(standIn.requests.length).toBe(mark);
    }
  });
});

describe("concurrency and service errors", () => {
  it("a change made after the plan was read aborts the write with a clear message (If-Match, 412)", async () => {
    await cli(standIn, "deploy");
    const config = parseConfig(readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"), "vars");
    const files = loadDefinitions(config.search);
    (files.index.scoringProfiles as any)[0].text.weights.title = 7;
    const credential = new AzureKeyCredential(standIn.apiKey);
    const options = { allowInsecureConnection: true };
    const real = createSearchManagementPort({
      indexClient: new SearchIndexClient(standIn.url, credential, options),
      indexerClient: new SearchIndexerClient(standIn.url, credential, options),
      apiVersion: "2026-04-01",
      allowInsecureConnection: true,
    });
    // Someone else updates the index between our read and our write.
    const racing = {
      ...real,
      get: async (kind: Parameters<typeof real.get>[0], name: string) => {
        const live = await real.get(kind, name);
        if (kind === "index" && live)
          await new SearchIndexClient(standIn.url, credential, options).createOrUpdateIndex(
            writableIndex(await new SearchIndexClient(standIn.url, credential, options).getIndex(name)),
          );
        return live;
      },
    };
    const port = createBlueGreenPort({
      indexClient: new SearchIndexClient(standIn.url, credential, options),
      indexerClient: new SearchIndexerClient(standIn.url, credential, options),
      management: racing,
    });
    const error = await deploy({ service: port }, { kind: "fresh", files }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrentChangeError);
    expect(String((error as Error).message)).toMatch(
      /index docs-index was changed on the service after it was read.*Nothing was changed/,
    );
    expect(standIn.requests.filter((r) => r.status === 412).map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /indexes/docs-index",
    ]);
  });

  it("a service error exits 3 with the service's message; a 403 names the role to check", async () => {
    standIn.injectFault({
      method: "GET",
      pathIncludes: "/indexes/",
      status: 403,
      times: 1,
      code: "Forbidden",
      message: "Authorization failed.",
    });
    const forbidden = await cli(standIn, "plan");
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toMatch(/refused the api-key in SEARCH_ADMIN_KEY \(403\)/);
  });

  it("a bad definitions directory is a usage error (exit 2)", async () => {
    const r = await cli(standIn, "plan", "--definitions", "/nonexistent");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/docs-index\.json: not found/);
  });

  it("--help lists the options and the exit codes", async () => {
    const help = await cli(standIn, "deploy", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--allow-rebuild/);
    expect(help.stdout).toMatch(/--dry-run/);
    expect(help.stdout).toMatch(/4 +refused/);
  });
});
