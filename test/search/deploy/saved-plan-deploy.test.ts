// Saved plans against the local stand-in over HTTP (the SDK unmodified): plan -out, then either a live change
// by another client (the deploy of the file refuses and writes nothing) or none (it makes exactly the planned
// writes). The CLI wiring (docs-index plan -out / deploy <file>) sits on these functions.
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../../local/search-standin/server.js";
import { ConcurrentChangeError } from "../../../src/search/deploy/apply-plan.js";
import { planDeployment } from "../../../src/search/deploy/deployment.js";
import { deploy } from "../../../src/search/deploy/pipeline.js";
import { readService } from "../../../src/search/deploy/read.js";
import { RebuildRefusedError } from "../../../src/search/deploy/refusals.js";
import type { BlueGreenPort } from "../../../src/search/bluegreen/ports.js";
import { createBlueGreenPort } from "../../../src/search/io/bluegreen-port.js";
import type { Definitions } from "../../../src/search/definitions/definitions.js";
import {
  createSavedPlan,
  parseSavedPlan,
  serializeSavedPlan,
  type SavedPlan,
} from "../../../src/search/saved-plans/saved-plan.js";
import { SavedPlanRefusedError, type CurrentTarget } from "../../../src/search/saved-plans/saved-plan-check.js";
import { createSearchManagementPort } from "../../../src/search/io/management-http.js";
import type { SearchManagementPort } from "../../../src/search/service/management-port.js";
import { devDefinitions, withLanguageField, withSearchableSection } from "../../support/plan-fixtures.js";
import type { JsonObject } from "../../../src/search/definitions/json.js";
import { writableIndex } from "../../support/sdk-index.js";
import { deployNoticeText } from "../../../src/search/views/deploy-text.js";

let standIn: SearchStandIn;
let port: SearchManagementPort;
const options = { allowInsecureConnection: true };
const indexClient = () => new SearchIndexClient(standIn.url, new AzureKeyCredential(standIn.apiKey), options);

beforeEach(async () => {
  standIn = await startSearchStandIn();
  const credential = new AzureKeyCredential(standIn.apiKey);
  port = createSearchManagementPort({
    indexClient: new SearchIndexClient(standIn.url, credential, options),
    indexerClient: new SearchIndexerClient(standIn.url, credential, options),
    apiVersion: "2026-04-01",
    allowInsecureConnection: true,
  });
  await deploy({ service: portOver(port) }, { kind: "fresh", files: devDefinitions() });
});

/** The deploy's port over the stand-in, with `management` (a test may race another client in its reads). */
function portOver(management: SearchManagementPort): BlueGreenPort {
  const credential = new AzureKeyCredential(standIn.apiKey);
  return createBlueGreenPort({
    indexClient: new SearchIndexClient(standIn.url, credential, options),
    indexerClient: new SearchIndexerClient(standIn.url, credential, options),
    management,
  });
}

/** `deploy <file>`: the one deploy pipeline with a saved plan. */
function deploySaved(
  management: SearchManagementPort,
  saved: SavedPlan,
  opts: { target: CurrentTarget; allowRebuild?: boolean; dryRun?: boolean; confirmRebuild?: () => Promise<void> },
) {
  return deploy(
    { service: portOver(management), confirm: opts.confirmRebuild },
    { kind: "saved", saved, target: opts.target, allowRebuild: opts.allowRebuild, dryRun: opts.dryRun },
  );
}

afterEach(async () => {
  await standIn.close();
});

/** `docs-index plan -out <file>`, then the file read back as `deploy <file>` reads it. */
async function planOut(definitions: Definitions): Promise<SavedPlan> {
  const read = await readService(portOver(port), definitions);
  const saved = createSavedPlan({
    plan: planDeployment(read, definitions).plan,
    definitions,
    live: read.live,
    target: { environment: "dev", endpoint: standIn.url, api_version: "2026-04-01" },
    toolVersion: "0.1.0",
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "saved-plan-")), "docs-index.plan.json");
  writeFileSync(file, serializeSavedPlan(saved));
  return parseSavedPlan(readFileSync(file, "utf8"), file);
}

const here = () => ({ environment: "dev", endpoint: standIn.url });
const writesSince = (mark: number) =>
  standIn.requests
    .slice(mark)
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);

describe("deploy <saved plan> against the stand-in", () => {
  it("without a live change: exactly the planned writes (PUT the index, start a run), and the field is live", async () => {
    const saved = await planOut(withLanguageField());
    expect(saved.plan.objects.map((o) => o.action)).toEqual(["update", "unchanged", "unchanged"]);
    const mark = standIn.requests.length;
    const result = await deploySaved(port, saved, { target: here() });
    expect(writesSince(mark)).toEqual(["PUT /indexes/docs-index", "POST /indexers/docs-indexer/run"]);
    expect(result.steps.map((s) => s.operation)).toEqual(["update", "skip", "skip"]);
    expect(result.notices.map(deployNoticeText).join("\n")).toMatch(/fields added: language/);
    const fields = standIn.state.indexes.get("docs-index")!.definition.fields as JsonObject[];
    expect(fields.map((f) => f.name)).toContain("language");
  });

  it("after a live change by another client: refused naming the object and both ETags; nothing written", async () => {
    const saved = await planOut(withLanguageField());
    const index = await indexClient().getIndex("docs-index");
    index.scoringProfiles![0]!.textWeights!.weights.title = 9;
    await indexClient().createOrUpdateIndex(writableIndex(index));
    const liveAfterChange = structuredClone(standIn.state.indexes.get("docs-index"));

    const mark = standIn.requests.length;
    const error = await deploySaved(port, saved, { target: here() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SavedPlanRefusedError);
    expect((error as SavedPlanRefusedError).refusals).toEqual([
      expect.objectContaining({ reason: "etag", kind: "index", name: "docs-index", planned: saved.live[0]!.etag }),
    ]);
    expect((error as Error).message).toMatch(
      /index docs-index changed on the service after the plan \(ETag .* -> .*\)/,
    );
    expect((error as Error).message).toMatch(/nothing was changed/);
    expect(writesSince(mark)).toEqual([]);
    expect(standIn.state.indexes.get("docs-index")).toEqual(liveAfterChange);
  });

  it("another environment or endpoint: refused before any write", async () => {
    const saved = await planOut(withLanguageField());
    const mark = standIn.requests.length;
    const error = await deploySaved(port, saved, {
      target: { environment: "prod", endpoint: "https://srch-docs-prod.search.windows.net" },
    }).catch((e: unknown) => e);
    expect((error as SavedPlanRefusedError).refusals.map((r) => r.reason)).toEqual(["environment", "endpoint"]);
    expect(writesSince(mark)).toEqual([]);
  });

  it("a rebuild in the saved plan still needs allowRebuild; with it: drop, recreate, run", async () => {
    const saved = await planOut(withSearchableSection());
    expect(saved.rebuild).toEqual({ strategy: "drop-and-recreate" });
    const mark = standIn.requests.length;
    await expect(deploySaved(port, saved, { target: here() })).rejects.toBeInstanceOf(RebuildRefusedError);
    expect(writesSince(mark)).toEqual([]);
    // A declined confirmation stops it before any write.
    const declined = deploySaved(port, saved, {
      target: here(),
      allowRebuild: true,
      confirmRebuild: async () => {
        throw new Error("not confirmed");
      },
    });
    await expect(declined).rejects.toThrow("not confirmed");
    expect(writesSince(mark)).toEqual([]);
    let asked = 0;
    await deploySaved(port, saved, { target: here(), allowRebuild: true, confirmRebuild: async () => void asked++ });
    expect(asked).toBe(1);
    expect(writesSince(mark)).toEqual([
      "DELETE /indexes/docs-index",
      "PUT /indexes/docs-index",
      "POST /indexers/docs-indexer/run",
    ]);
  });

  it("a blue/green rebuild this docs-index cannot carry out is refused, not done another way", async () => {
    const saved = await planOut(withSearchableSection());
    saved.rebuild = { strategy: "blue-green", next_index: "docs-index-2" };
    const mark = standIn.requests.length;
    const error = await deploySaved(port, saved, { target: here(), allowRebuild: true }).catch((e: unknown) => e);
    expect((error as SavedPlanRefusedError).refusals.map((r) => r.reason)).toEqual(["strategy"]);
    expect(writesSince(mark)).toEqual([]);
  });

  it("dry run: every check, no write", async () => {
    const saved = await planOut(withLanguageField());
    const mark = standIn.requests.length;
    expect(await deploySaved(port, saved, { target: here(), dryRun: true })).toMatchObject({ dryRun: true });
    expect(writesSince(mark)).toEqual([]);
  });

  it("a change landing between the check and the write fails on If-Match (412), not applied over it", async () => {
    const saved = await planOut(withLanguageField());
    // Another client updates the index right after the check read the indexer (the last object read).
    const racing: SearchManagementPort = {
      ...port,
      get: async (kind, name) => {
        const live = await port.get(kind, name);
        if (kind === "indexer")
          await indexClient().createOrUpdateIndex(writableIndex(await indexClient().getIndex("docs-index")));
        return live;
      },
    };
    const error = await deploySaved(racing, saved, { target: here() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConcurrentChangeError);
    expect(standIn.requests.filter((r) => r.status === 412).map((r) => `${r.method} ${r.path}`)).toEqual([
      "PUT /indexes/docs-index",
    ]);
    const fields = standIn.state.indexes.get("docs-index")!.definition.fields as JsonObject[];
    expect(fields.map((f) => f.name)).not.toContain("language");
  });
});
