// The plan use case on in-memory ports: whether anything would change, when the re-ranking check is asked, and
// the saved plan of `plan -out` (behind the alias, the alias's ETag pinned with the definitions').
import { describe, expect, it } from "vitest";
import { planChanges, savedPlanOf } from "../../../src/search/deploy/plan-changes.js";
import { kindsIn, type Definitions } from "../../../src/search/definitions/definitions.js";
import type { JsonObject } from "../../../src/search/definitions/json.js";
import type { RankingCheck } from "../../../src/search/plan/ranking-changes.js";
import { memoryService, type MemoryService } from "../../support/memory-service.js";
import { devDefinitions, TARGET } from "../../support/plan-fixtures.js";

function deployed(files: Definitions): MemoryService {
  const service = memoryService();
  for (const kind of kindsIn(files)) service.set(kind, String(files[kind]!.name), files[kind]!);
  return service;
}

function withTitleWeight(weight: number): Definitions {
  const files = devDefinitions();
  const profile = (files.index.scoringProfiles as JsonObject[])[0]!;
  ((profile.text as JsonObject).weights as JsonObject).title = weight;
  return files;
}

/** The check port, counting how often the plan asked it (it reads the golden file). */
function rankingCheck() {
  const check: RankingCheck = { status: "would-run", golden: "eval/golden-queries.yml", queries: 3 };
  const asked = { times: 0 };
  return {
    asked,
    port: () => {
      asked.times++;
      return check;
    },
  };
}

describe("planChanges(ports, request)", () => {
  it("nothing changed: changed is false and the ranking check is not asked", async () => {
    const check = rankingCheck();
    const outcome = await planChanges(
      { service: deployed(devDefinitions()).port, rankingCheck: check.port },
      { files: devDefinitions() },
    );
    expect(outcome.changed).toBe(false);
    expect(outcome.reranking).toBeNull();
    expect(outcome.rebuild).toBeNull();
    expect(check.asked.times).toBe(0);
  });

  it("an in-place re-ranking: changed, with the check deploy would run (asked once) and no alternative before the alias", async () => {
    const check = rankingCheck();
    const outcome = await planChanges(
      { service: deployed(devDefinitions()).port, rankingCheck: check.port },
      { files: withTitleWeight(0.1) },
    );
    expect(outcome.changed).toBe(true);
    expect(outcome.reranking).toEqual({
      changes: ["scoringProfiles[docs-default].text.weights.title"],
      check: { status: "would-run", golden: "eval/golden-queries.yml", queries: 3 },
      alternative: null,
    });
    expect(check.asked.times).toBe(1);
  });

  it("savedPlanOf: the definitions' ETags as read; behind the alias the alias's too and the generation as current index", async () => {
    const files = devDefinitions();
    const service = memoryService();
    for (const kind of kindsIn(files)) {
      const name = kind === "index" ? "docs-index-1" : String(files[kind]!.name);
      const definition = kind === "index" ? { ...files.index, name } : files[kind]!;
      service.set(kind, name, kind === "indexer" ? { ...definition, targetIndexName: "docs-index-1" } : definition);
    }
    service.setAlias("docs-index", "docs-index-1");
    const outcome = await planChanges({ service: service.port, rankingCheck: rankingCheck().port }, { files });
    const saved = savedPlanOf(outcome, files, { ...TARGET, api_version: "2026-04-01" }, "0.1.0");
    expect(saved.target).toMatchObject({ index_name: "docs-index", current_index: "docs-index-1" });
    const alias = (await service.port.getAlias("docs-index"))!;
    expect(saved.live).toContainEqual({ kind: "alias", name: "docs-index", etag: alias.etag });
    expect(saved.live).toContainEqual({
      kind: "index",
      name: "docs-index",
      etag: service.get("index", "docs-index-1")!.etag,
    });
  });

  it("savedPlanOf before the alias: no alias pinned", async () => {
    const files = devDefinitions();
    const outcome = await planChanges({ service: deployed(files).port, rankingCheck: rankingCheck().port }, { files });
    const saved = savedPlanOf(outcome, files, { ...TARGET, api_version: "2026-04-01" }, "0.1.0");
    expect(saved.live.map((ref) => ref.kind)).not.toContain("alias");
    expect(saved.target.current_index).toBe("docs-index");
  });
});
