// The relevance gate of a blue/green deploy, through the CLI against the stand-in over Azurite: `deploy
// --blue-green` of a title weight of 0.1 fails verification on relevance (exit 1, the alias unchanged, the
// query named); the unchanged weights pass and swap. Both plans change nothing that needs a rebuild. Before
// migrate-to-alias --blue-green is refused. Without --blue-green the same weight is written in place, with the
// golden queries evaluated before and after the write (reported, never blocking).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { DEFINITION_FILES, DEPLOY_ORDER, readRawDefinitions } from "../../src/search/definitions/definitions.js";
import { copyKnowledgeDefinitions } from "../../local/environment/root-era-definitions.js";
import { localCliEnv } from "../../local/environment/services.js";
import { FAST_SERVICE } from "../support/cli.js";
import { startBlueGreenWorld, type BlueGreenWorld } from "../support/bluegreen-world.js";
import { page, upload } from "../standin/indexer-helpers.js";
import { composePlanComment } from "../../src/ci/plan-comment.js";

let world: BlueGreenWorld;
let env: NodeJS.ProcessEnv;
const FAST = ["--propagation-wait", "0.2", "--poll-interval", "0.05"];
const cli = (...args: string[]) => runDocsIndex(args, env, { service: FAST_SERVICE });
const aliasTarget = async () => (await world.indexes.getAlias("docs-index")).indexes[0];
const GOLDEN = `queries:
  - id: refunds
    query: refunds
    mode: keyword
    relevant:
      - { url: "payments/guides/refunds.html", grade: 2 }
`;

/** search-definitions/ with the title weight given, and the golden file in eval/. */
function definitions(titleWeight: number): string {
  const raw = structuredClone(readRawDefinitions());
  const profiles = raw.index.scoringProfiles as { text: { weights: Record<string, number> } }[];
  profiles[0]!.text.weights.title = titleWeight;
  const dir = mkdtempSync(path.join(tmpdir(), "gate-definitions-"));
  for (const kind of DEPLOY_ORDER)
    writeFileSync(path.join(dir, DEFINITION_FILES[kind]), `${JSON.stringify(raw[kind], null, 2)}\n`);
  copyKnowledgeDefinitions(dir); // the local config has agentic retrieval on
  mkdirSync(path.join(dir, "eval"));
  writeFileSync(path.join(dir, "eval", "golden-queries.yml"), GOLDEN);
  return dir;
}

beforeAll(async () => {
  world = await startBlueGreenWorld();
  // A page that says "refunds" more often than the refunds guide, but not in its title.
  await upload(
    world.container,
    "payments/guides/overview.html",
    page("Overview", "Refunds, payouts and refunds", "Refunds refunds refunds: issue refunds."),
    "text/html",
  );
  env = { PATH: process.env.PATH, NO_COLOR: "1", ...localCliEnv(world.standIn, world.azurite) };
  expect((await cli("deploy", "--wait", "--poll-interval", "0.05")).code).toBe(0);
}, 60_000);
afterAll(async () => {
  await world?.close();
});

describe("deploy --blue-green: the relevance gate", () => {
  it("needs the alias: refused (exit 4, nothing written) before migrate-to-alias; a saved plan is a usage error", async () => {
    const refused = await cli("deploy", "--blue-green", ...FAST);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain("docs-index is not an alias yet; nothing was changed");
    const saved = await cli("deploy", "--blue-green", path.join(tmpdir(), "no-such-plan.json"));
    expect(saved.code).toBe(2);
    expect(saved.stderr).toContain("--blue-green applies to the definitions, not to a saved plan");
    expect((await cli("migrate-to-alias", "--yes", ...FAST)).code).toBe(0);
  }, 30_000);

  it("a title weight of 0.1 fails verification on relevance: exit 1, alias unchanged, the query named", async () => {
    const before = await aliasTarget();
    const run = await cli("--json", "deploy", "--blue-green", "--definitions", definitions(0.1), ...FAST);
    expect(run.code, run.stderr).toBe(1);
    expect(await aliasTarget()).toBe(before);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({ failed: "verification", aliasUnchanged: true, serving: before });
    const relevance = doc.verification.checks.find((c: { name: string }) => c.name === "relevance");
    expect(relevance.ok).toBe(false);
    expect(relevance.detail).toMatch(/^mean nDCG@10 dropped by .*worse: refunds 1\.000 → 0\.\d{3}$/);
  }, 30_000);

  it("the unchanged weights pass and swap, though the plan has nothing to rebuild", async () => {
    const before = await aliasTarget();
    const run = await cli("deploy", "--blue-green", "--definitions", definitions(5), ...FAST);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ok {3}relevance: mean nDCG@10 1\.000 \(live\) → 1\.000 \(new\)/);
    // No confirmation here, yet the plan is shown before the build (its outcome shows the steps instead).
    expect(run.stderr).toMatch(/^index docs-index: .*\n[^]*^Plan: [^]*create-generation: /m);
    expect(await aliasTarget()).not.toBe(before);
  }, 30_000);
});

describe("deploy without --blue-green: an in-place ranking change is evaluated before and after the write", () => {
  it("the plan calls a title weight 5 → 0.1 a re-ranking, names the check deploy runs and --blue-green: text, --json, --markdown, show and the pull-request comment", async () => {
    const dir = definitions(0.1);
    const path_ = "scoringProfiles[docs-default].text.weights.title";
    const plan = await cli("plan", "--definitions", dir, "--detailed-exitcode");
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(`  ~ ${path_}: 5 -> 0.1 [in place, re-ranks] scoring profiles`);
    expect(plan.stdout).toMatch(
      /^Re-ranking: scoringProfiles\[docs-default\]\.text\.weights\.title changes the ranking of the documents already indexed, in place: consumers see it at once\.$/m,
    );
    expect(plan.stdout).toMatch(
      /^ {2}relevance check: deploy evaluates the golden query of .*eval\/golden-queries\.yml before and after the write/m,
    );
    expect(plan.stdout).toMatch(/^ {2}to verify it before consumers see it: docs-index deploy --blue-green /m);
    expect(JSON.parse((await cli("--json", "plan", "--definitions", dir)).stdout).reranking).toMatchObject({
      changes: [path_],
      check: { status: "would-run", queries: 1 },
      alternative: "docs-index deploy --blue-green",
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "rerank-plan-")), "plan.json");
    expect((await cli("plan", "--definitions", dir, "-out", file)).code).toBe(0);
    const shown = await cli("show", file, "--markdown");
    expect(shown.stdout).toBe((await cli("plan", "--definitions", dir, "--markdown")).stdout.replace(/\n$/, "") + "\n");
    const comment = composePlanComment({ environment: "local", terraform: [], docsIndexMarkdown: shown.stdout });
    expect(comment).toContain(
      "> [!IMPORTANT]\n> **Re-ranking in place:** `scoringProfiles[docs-default].text.weights.title`",
    );
    expect(comment).toMatch(
      /> Relevance check: deploy evaluates the golden query of .*golden-queries\.yml before and after the write/,
    );
    expect(comment).toContain("> To verify it before consumers see it: `docs-index deploy --blue-green`");
    expect(comment).toMatch(
      /\| `scoringProfiles\[docs-default\]\.text\.weights\.title` \| {2}\| `5` → `0\.1` \| in place, \*\*re-ranks\*\* \|/,
    );
  }, 30_000);

  it("a title weight of 0.1: --dry-run says the eval would run; the deploy writes it, prints both figures and the regressed query, exit 0", async () => {
    const dir = definitions(0.1);
    const dry = await cli("deploy", "--dry-run", "--definitions", dir);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      /relevance: would evaluate .*golden-queries\.yml before and after the write: in-place ranking change \(scoringProfiles\[docs-default\]\.text\.weights\.title\)/,
    );

    const run = await cli("deploy", "--definitions", dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("update: index docs-index");
    expect(run.stdout).toContain("  before the write: recall@5 1.000, MRR 1.000, nDCG@10 1.000 over 1 queries");
    expect(run.stdout).toMatch(
      / {2}after the write: {2}recall@5 1\.000, MRR 0\.\d{3}, nDCG@10 0\.\d{3} over 1 queries/,
    );
    expect(run.stdout).toMatch(/ {2}worse: refunds: nDCG@10 1\.000 → 0\.\d{3}/);
    expect(run.stdout).toContain("  verdict: REGRESSION");
    expect(run.stderr).toMatch(/warning: the ranking regressed beyond the tolerance \(0\.05\).*deploy --blue-green/);
  }, 30_000);

  it("--json carries both evals (valid against deploy.schema.json); the weight restored passes; --no-eval and no golden file: not evaluated", async () => {
    const ajv = new Ajv2020.default({ allErrors: true, strict: true });
    addFormats.default(ajv);
    const schema = JSON.parse(readFileSync(path.join(repoRoot, "schemas", "docs-index", "deploy.schema.json"), "utf8"));
    const validate = ajv.compile(schema);
    const restored = await cli("--json", "deploy", "--definitions", definitions(5));
    expect(restored.code, restored.stderr).toBe(0);
    const doc = JSON.parse(restored.stdout);
    expect(validate(doc), ajv.errorsText(validate.errors)).toBe(true);
    expect(doc.rankingEval).toMatchObject({
      status: "evaluated",
      changes: ["scoringProfiles[docs-default].text.weights.title"],
      before: { index: { name: "docs-index" }, queries: 1 },
      after: { overall: { ndcg10: 1 } },
      comparison: { worse: [], regressions: [] },
      regressed: false,
    });
    expect(doc.rankingEval.before.overall.ndcg10).toBeLessThan(1);
    expect(restored.stderr).not.toContain("regressed");

    const skipped = await cli("deploy", "--no-eval", "--definitions", definitions(0.1));
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(skipped.stdout).toContain(
      "relevance: not evaluated (--no-eval): in-place ranking change (scoringProfiles[docs-default].text.weights.title)",
    );
    expect(skipped.stderr).not.toContain("golden queries on");

    const noGolden = definitions(5);
    rmSync(path.join(noGolden, "eval"), { recursive: true });
    const unevaluated = await cli("deploy", "--definitions", noGolden);
    expect(unevaluated.code, unevaluated.stderr).toBe(0);
    expect(unevaluated.stdout).toMatch(
      /^relevance: not evaluated \(no golden queries at .*eval\/golden-queries\.yml\): in-place ranking change \(scoringProfiles\[docs-default\]\.text\.weights\.title\)$/m,
    );
  }, 30_000);
});
