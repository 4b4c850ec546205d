// The breaking-change gate in CI: every contract is checked against its committed baseline here (so `npm test`
// runs contracts:check), plus the gate's behaviour on the real webhook contract and its command line.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readApprovals } from "../../contracts/tooling/src/approvals.js";
import { BaselineError, committedBaseline, gitBaseline, writeBaseline } from "../../contracts/tooling/src/baseline.js";
import { prepareAndCompile } from "../../contracts/tooling/src/build.js";
import { checkContract, renderCheck } from "../../contracts/tooling/src/check.js";
import { compileContract } from "../../contracts/tooling/src/compile.js";
import { fileOfVersion, listContracts, repoRoot, type Contract } from "../../contracts/tooling/src/contracts.js";
import { SourceIndex } from "../../contracts/tooling/src/locate.js";
import { runContractsBuild } from "../../contracts/tooling/src/build-command.js";
import { runContractsCheck } from "../../contracts/tooling/src/check-command.js";
import { writeProviderTsp } from "../../contracts/webhook/src/build.js";

const webhook = listContracts().find((c) => c.name === "webhook")!;
const quiet = () => undefined;

// One compile of each contract (kept for the tests below) serves two gates: the committed openapi/ files are what
// the sources build to, and the sources break nothing against the released baseline.
const compiles = new Map<string, ReturnType<typeof prepareAndCompile>>();
const compiledOnce = (contract: Contract) => {
  if (!compiles.has(contract.name)) compiles.set(contract.name, prepareAndCompile(contract, quiet));
  return compiles.get(contract.name)!;
};

it("every contract builds to its committed openapi/ files and has no breaking change against its baseline (npm run contracts:check)", async () => {
  const contracts = listContracts();
  expect(contracts.map((c) => c.name)).toContain("webhook");
  for (const contract of contracts) {
    const compiled = await compiledOnce(contract);
    for (const [version, document] of compiled.documents) {
      const file = path.join(contract.dir, "openapi", fileOfVersion(version));
      expect(
        existsSync(file) && readFileSync(file, "utf8") === document,
        `${path.relative(repoRoot, file)} is not what the sources build to: run \`npm run contracts:build\` and commit the result`,
      ).toBe(true);
    }
    const baseline = committedBaseline(contract);
    // As contracts:check does: with the contract's approved breaking changes.
    const check = checkContract(
      contract.name,
      baseline.label,
      baseline.documents,
      compiled.documents,
      undefined,
      readApprovals(contract),
    );
    expect(check.ok, renderCheck(check)).toBe(true);
  }
}, 120_000);

describe("the webhook acknowledgement against the committed baseline", () => {
  let copy: Contract;
  const models = readFileSync(path.join(webhook.dir, "models.tsp"), "utf8");
  beforeAll(() => {
    // A copy next to a node_modules link so `import "@platform/typespec"` resolves as in the repo.
    const dir = mkdtempSync(path.join(tmpdir(), "webhook-check-"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    for (const file of ["main.tsp", "problems.tsp", "tspconfig.yaml"])
      cpSync(path.join(webhook.dir, file), path.join(dir, file));
    writeProviderTsp("casepro", "test", dir);
    copy = { name: "webhook", dir };
  });
  afterAll(() => rmSync(copy.dir, { recursive: true, force: true }));

  async function checkWith(modelsTsp: string) {
    writeFileSync(path.join(copy.dir, "models.tsp"), modelsTsp);
    const compiled = await compileContract(copy, quiet);
    const baseline = committedBaseline(webhook);
    return checkContract(
      "webhook",
      baseline.label,
      baseline.documents,
      compiled.documents,
      new SourceIndex(compiled.program, copy.dir),
    );
  }

  it("removing noteId fails, naming the property, the operation and the model's source line", async () => {
    const check = await checkWith(models.replace(/\s*\/\*\* Note id, if applicable\. \*\/\s*noteId\?: int32;/, ""));
    expect(check.ok).toBe(false);
    expect(check.breaking).toHaveLength(1);
    expect(check.breaking[0]).toMatchObject({
      kind: "removed property",
      description: "property `noteId` in Response 200 content (application/json)",
      subject: {
        operation: "POST /api/webhooks",
        operationId: "Webhooks_receive",
        schema: "WebhookResponse",
        property: "noteId",
      },
    });
    expect(check.breaking[0]!.source).toMatch(/^models\.tsp:\d+:1$/);
    expect(renderCheck(check)).toMatch(/✗ removed property: property `noteId` in Response 200/);
  }, 60_000);

  it("adding an optional property passes and lists it as allowed", async () => {
    const check = await checkWith(
      models.replace("orgId?: int32;", "orgId?: int32;\n\n  /** Document id. */\n  documentId?: int32;"),
    );
    expect(check.ok).toBe(true);
    // Whatever the sources already add to the released baseline, plus exactly this property.
    const baseline = committedBaseline(webhook);
    const unchanged = checkContract(
      "webhook",
      baseline.label,
      baseline.documents,
      (await compiledOnce(webhook)).documents,
    );
    const listed = (c: typeof check) => c.allowed.map((a) => `${a.kind}: ${a.description}`);
    expect(listed(check).sort()).toEqual(
      [...listed(unchanged), "addition: property `documentId` in Response 200 content (application/json)"].sort(),
    );
  }, 60_000);
});

describe("baselines", () => {
  it("--update-baseline records the fresh descriptions and drops versions no longer emitted", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "baseline-"));
    try {
      const contract = { name: "tmp", dir };
      writeBaseline(
        contract,
        new Map([
          ["v1", "{}"],
          ["v2", "[]"],
        ]),
      );
      writeBaseline(contract, new Map([["v2", "{ }"]]));
      expect([...committedBaseline(contract).documents]).toEqual([["v2", "{ }"]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("--base reads the contract's openapi/ at a git ref", () => {
    const baseline = gitBaseline(webhook, "HEAD");
    expect(baseline.label).toBe("HEAD (contracts/webhook/openapi/)");
    expect(JSON.parse(baseline.documents.get("v1")!).info.version).toBe("v1");
  });

  it("an unknown ref says how to fetch it", () => {
    expect(() => gitBaseline(webhook, "no-such-ref-xyz")).toThrow(BaselineError);
    expect(() => gitBaseline(webhook, "no-such-ref-xyz")).toThrow(/not a commit in this clone\. Fetch it first/);
  });
});

// runContractsBuild / runContractsCheck are all of contracts/tooling/scripts/{build,check}.ts but setting
// process.exitCode to their result: called in-process.
describe("command lines", () => {
  const run = async (script: "build.ts" | "check.ts", args: string[]) => {
    let stdout = "";
    let stderr = "";
    const streams = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
    };
    const status =
      script === "build.ts" ? await runContractsBuild(args, streams) : await runContractsCheck(args, {}, streams);
    return { status, stdout, stderr };
  };

  it("contracts:build exits 2 on an unknown contract and lists the known ones", async () => {
    const result = await run("build.ts", ["no-such-contract"]);
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/no contract named 'no-such-contract'.*Known contracts: .*webhook/);
  }, 60_000);

  it("contracts:check --base exits 2 on a ref this clone does not have", async () => {
    const result = await run("check.ts", ["--base", "no-such-ref-xyz"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--base no-such-ref-xyz: not a commit in this clone/);
  }, 60_000);
});
