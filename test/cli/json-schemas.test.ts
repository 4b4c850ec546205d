// Every `--json` document validates against its schema in schemas/docs-index/ (real outputs of every command,
// against the stand-in and Azurite), and every schema is exercised.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { ACCOUNT_ROOT, startHarness, type Harness } from "../support/ops-world.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { FAST_SERVICE } from "../support/cli.js";
import { SAVED_PLAN_FORMAT_VERSION } from "../../src/search/saved-plans/saved-plan.js";

const SCHEMA_DIR = path.join(repoRoot, "schemas", "docs-index");
const ajv = new Ajv2020.default({ allErrors: true, strict: true });
addFormats.default(ajv);
const validators = new Map(
  readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith(".schema.json"))
    .map((f) => [
      f.replace(".schema.json", ""),
      ajv.compile(JSON.parse(readFileSync(path.join(SCHEMA_DIR, f), "utf8"))),
    ]),
);
const validated = new Set<string>();

let h: Harness;
let site: string;

beforeAll(async () => {
  h = await startHarness({ azurite: true });
  const container = h.container();
  await container.createIfNotExists();
  for (const p of ["billing/index.html", "billing/guides/setup.html", "index.html"])
    await container.getBlockBlobClient(p).upload("<title>Billing</title>", 22);
  await h.search.uploadDocuments([
    { id: base64Encode(`${ACCOUNT_ROOT}/gone/old.html`), title: "Gone", app: "gone", repo: "gone" },
  ]);
  site = mkdtempSync(path.join(tmpdir(), "docs-site-"));
  mkdirSync(path.join(site, "billing"));
  writeFileSync(path.join(site, "billing", "index.html"), "<title>x</title>");
  writeFileSync(path.join(site, "index.html"), "<title>root</title>");
});
afterAll(async () => h?.close());

async function validate(schema: string, ...args: string[]) {
  return validateIn(h.env, schema, ...args);
}

async function validateIn(env: NodeJS.ProcessEnv, schema: string, ...args: string[]) {
  const run = await runDocsIndex(["--json", ...args], env, { service: FAST_SERVICE });
  expect(run.stdout, `${args.join(" ")}: ${run.stderr}`).not.toBe("");
  const doc = JSON.parse(run.stdout);
  // show prints the saved plan's document, which carries the saved plan's own format (docs/saved-plans.md);
  // query and retrieve print the MCP tools' answer (format 2.0).
  const expected =
    schema === "show" ? SAVED_PLAN_FORMAT_VERSION : schema === "query" || schema === "retrieve" ? "2.0" : "1.0";
  expect(doc.format_version).toBe(expected);
  const validate = validators.get(schema)!;
  expect(validate(doc), `${schema}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  validated.add(schema);
  return { run, doc };
}

describe("--json documents match schemas/docs-index/", () => {
  it("plan, deploy --wait, status, coverage, snapshot, query, eval, orphans", async () => {
    await validate("plan", "plan");
    const deployed = await validate("deploy", "deploy", "--wait", "--poll-interval", "0.05");
    expect(deployed.doc.status).not.toBeNull();
    await validate("status", "status");
    await validate("coverage", "coverage");
    await validate("snapshot", "snapshot");
    await validate("query", "query", "billing");
    const golden = path.join(mkdtempSync(path.join(tmpdir(), "golden-")), "golden.yml");
    writeFileSync(
      golden,
      'queries:\n  - { id: billing, query: billing, mode: keyword, relevant: [{ url: "billing/guides/setup.html", grade: 2 }] }\n',
    );
    await validate("eval", "eval", "--golden", golden);
    await validate("orphans", "orphans");
  });
  it("backfill", async () => {
    await validate("backfill", "backfill", "--yes", "--poll-interval", "0.05");
  });
  it("preview, url, preflight", async () => {
    await validate("preview", "preview", site);
    await validate("url", "url", "billing/guides/setup.html");
    await validate("preflight", "preflight");
  });
  it("plan -out, then show <file> (a saved plan)", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "saved-plan-")), "plan.json");
    await validate("plan", "plan", "-out", file);
    await validate("show", "show", file);
  });
  it("a failing command prints one error document: a usage error, a refusal, a bad option", async () => {
    const usage = await validate("error", "url", "");
    expect(usage.doc.error).toMatchObject({ code: "usage", exit_code: 2 });
    expect(usage.run.code).toBe(2);
    const refused = await validate("error", "backfill");
    expect(refused.doc.error).toMatchObject({ code: "refused", exit_code: 4 });
    expect(refused.run.stderr).toContain(`error: ${refused.doc.error.message.split("\n")[0]}`);
    const badOption = await validate("error", "status", "--no-such-option");
    expect(badOption.doc.error).toMatchObject({ code: "usage", message: expect.stringMatching(/--no-such-option/) });
    expect(badOption.run.stderr.split("\n").length).toBeLessThan(5);
  });
  it("retrieve, and status and snapshot with the knowledge source (agentic retrieval on)", async () => {
    const put = (url: string, body: unknown) =>
      fetch(`${h.standIn.url}${url}?api-version=2026-04-01`, {
        method: "PUT",
        headers: { "api-key": h.standIn.apiKey, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const source = { kind: "searchIndex", searchIndexParameters: { searchIndexName: "docs-index" } };
    expect((await put("/knowledgesources('docs-knowledge-source')", source)).status).toBe(201);
    const base = { knowledgeSources: [{ name: "docs-knowledge-source" }] };
    expect((await put("/knowledgebases('docs-knowledge-base')", base)).status).toBe(201);
    const vars = path.join(mkdtempSync(path.join(tmpdir(), "agentic-vars-")), "vars.yml");
    const dev = readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8");
    writeFileSync(vars, dev.replace("agentic_retrieval: false", "agentic_retrieval: true"));
    const env = { ...h.env, VARS_FILE: vars };
    await validateIn(env, "retrieve", "retrieve", "billing");
    expect((await validateIn(env, "status", "status")).doc.knowledgeSource.current).toBe(true);
    expect((await validateIn(env, "snapshot", "snapshot")).doc.knowledgeSource.index).toBe("docs-index");
  });

  it("every schema was exercised", () => {
    // migrate-to-alias needs a crawl over Azurite first: test/cli/bluegreen.test.ts validates its output.
    validated.add("migrate-to-alias");
    expect([...validated].sort()).toEqual([...validators.keys()].sort());
  });
});
