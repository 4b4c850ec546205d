// The architecture as a test: dependency-cruiser's API checks the tree against .dependency-cruiser.cjs (the same
// rules `npm run lint:arch` applies), and a small synthetic tree proves that every rule reports what it forbids.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const configFile = path.join(repoRoot, ".dependency-cruiser.cjs");
const baselineFile = path.join(repoRoot, ".dependency-cruiser-known-violations.json");

async function cruiseTree(baseDir: string, extra: ICruiseOptions = {}): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(configFile);
  const result = await cruise(["."], { ...options, ...extra, baseDir });
  if (typeof result.output === "string") throw new Error("expected a cruise result object, got a report");
  return result.output;
}

const describeViolation = (v: IViolation) =>
  v.type === "cycle"
    ? `${v.rule.name}: ${[v.from, ...(v.cycle ?? []).map((c) => c.name)].join(" → ")}`
    : `${v.rule.name}: ${v.from} → ${v.to}`;

describe("the repository's imports follow .dependency-cruiser.cjs", () => {
  let result: ICruiseResult;
  const known: IViolation[] = JSON.parse(readFileSync(baselineFile, "utf8"));

  beforeAll(async () => {
    // dependency-cruiser's own cache (by file content): a repeat run re-reads only the files that changed.
    const cache = {
      folder: path.join(repoRoot, "node_modules", ".cache", "dependency-cruiser"),
      strategy: "content" as const,
    };
    result = await cruiseTree(repoRoot, { knownViolations: known, cache });
  });

  it("cruises the whole tree: product, shared rules, tooling, tests, the webhook app and the TypeSpec packages", () => {
    const cruised = new Set(result.modules.map((m) => m.source.split("/")[0]));
    const folders = [
      "src",
      "shared",
      "local",
      "scripts",
      "bench",
      "test",
      "stacks",
      "webhook",
      "typespec",
      "contracts",
    ];
    for (const folder of folders) {
      expect(cruised, folder).toContain(folder);
    }
  });

  it("has no violation other than the known ones in the baseline", () => {
    const errors = result.summary.violations.filter((v) => v.rule.severity === "error");
    expect(errors.map(describeViolation)).toEqual([]);
  });

  it("has no stale entry in the baseline (a fixed violation is removed with `npm run lint:arch:baseline`)", () => {
    const found = result.summary.violations.map((v) => `${v.rule.name} ${v.from} ${v.to}`);
    const stale = known.filter((k) => !found.includes(`${k.rule.name} ${k.from} ${k.to}`));
    expect(stale.map(describeViolation)).toEqual([]);
  });
});

describe("every rule reports what it forbids (synthetic tree)", () => {
  // One small tree with one forbidden import per rule and a few allowed ones; each case names the violation it
  // must produce, and nothing else may be reported.
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }),
    // allowed: the CLI imports the core and the adapters; the core imports the core; adapters import the core
    "src/cli/context.ts": 'import { plan } from "../search/plan.js";\nexport const context = { plan };\n',
    "src/cli/docs-index/commands/plan.ts":
      'import { load } from "../../../search/io/search-io.js";\nexport { load };\n',
    "src/search/io/search-io.ts": 'import { normalise } from "../normalise.js";\nexport const load = normalise;\n',
    "src/search/normalise.ts": "export const normalise = (x: string) => x.trim();\n",
    // forbidden: the core imports the CLI
    "src/search/plan.ts": 'import type { Format } from "../cli/format.js";\nexport const plan = (f?: Format) => f;\n',
    "src/cli/format.ts": "export type Format = 'json' | 'text';\n",
    // forbidden: the core imports an adapter
    "src/search/deploy.ts": 'import { load } from "./io/search-io.js";\nexport const deploy = load;\n',
    // forbidden: the core imports a renderer; allowed: a renderer imports the core
    "src/search/views/plan-text.ts": 'import { normalise } from "../normalise.js";\nexport const text = normalise;\n',
    "src/search/report.ts": 'import { text } from "./views/plan-text.js";\nexport const report = text;\n',
    // forbidden: an adapter imports the CLI
    "src/search/io/blob-io.ts": 'import { context } from "../../cli/context.js";\nexport const blobs = context;\n',
    // forbidden: a command imports a sibling command
    "src/cli/docs-index/commands/deploy.ts": 'import { load } from "./plan.js";\nexport const deploy = load;\n',
    // forbidden: src imports local tooling, scripts, benchmarks and tests
    "src/gateway/policy.ts":
      'import "../../local/standin.js";\nimport "../../scripts/run.js";\nimport "../../bench/b.js";\nimport "../../test/t.js";\n',
    "local/standin.ts": "export const standIn = 1;\n",
    "scripts/run.ts": "export const run = 1;\n",
    "bench/b.ts": "export const b = 1;\n",
    "test/t.ts": "export const t = 1;\n",
    // forbidden: webhook imports the rest of the repository; allowed: its own files and Node built-ins
    "webhook/src/handler.ts":
      'import { readFileSync } from "node:fs";\nimport { parse } from "./parse.js";\nimport { normalise } from "../../src/search/normalise.js";\nexport const h = [readFileSync, parse, normalise];\n',
    "webhook/src/parse.ts": "export const parse = JSON.parse;\n",
    // allowed: webhook and src import shared/; forbidden: shared/ imports anything but its own files and built-ins
    "webhook/src/settings.ts": 'import { isLocal } from "../../shared/local.js";\nexport const s = isLocal;\n',
    "src/config/schema.ts": 'import { isLocal } from "../../shared/local.js";\nexport const c = isLocal;\n',
    "shared/local.ts":
      'import { isIP } from "node:net";\nimport { parse } from "../webhook/src/parse.js";\nexport const isLocal = [isIP, parse];\n',
    // allowed: the local emulation imports the receiver; forbidden: the receiver imports the emulation
    "local/webhook/dev-server.ts": 'import { parse } from "../../webhook/src/parse.js";\nexport const serve = parse;\n',
    "webhook/src/runtime.ts": 'import { serve } from "../../local/webhook/dev-server.js";\nexport const r = serve;\n',
    // allowed: the queue uses the store and both the delivery message; forbidden: the store imports the queue
    "webhook/src/delivery/message.ts": "export type Message = { v: 1 };\n",
    "webhook/src/queue/consumer.ts":
      'import type { Store } from "../idempotency/store.js";\nimport type { Message } from "../delivery/message.js";\nexport type C = [Store, Message];\n',
    "webhook/src/idempotency/store.ts":
      'import type { Message } from "../delivery/message.js";\nimport { poison } from "../queue/names.js";\nexport type Store = Message;\nexport const p = poison;\n',
    "webhook/src/queue/names.ts": 'export const poison = "q-poison";\n',
    // forbidden: a folder cycle without a module cycle (alpha/one -> beta/two, beta/three -> alpha/four)
    "src/alpha/one.ts": 'import { two } from "../beta/two.js";\nexport const one = two;\n',
    "src/alpha/four.ts": "export const four = 4;\n",
    "src/beta/two.ts": "export const two = 2;\n",
    "src/beta/three.ts": 'import { four } from "../alpha/four.js";\nexport const three = four;\n',
    // forbidden: a cycle made of type-only imports
    "local/server.ts": 'import type { Route } from "./route.js";\nexport interface Context { routes: Route[] }\n',
    "local/route.ts": 'import type { Context } from "./server.js";\nexport interface Route { ctx: Context }\n',
  };
  const expected = [
    "core-not-to-cli: src/search/plan.ts → src/cli/format.ts",
    "core-not-to-adapters: src/search/deploy.ts → src/search/io/search-io.ts",
    "adapters-not-to-cli: src/search/io/blob-io.ts → src/cli/context.ts",
    "core-not-to-views: src/search/report.ts → src/search/views/plan-text.ts",
    "cli-commands-not-to-siblings: src/cli/docs-index/commands/deploy.ts → src/cli/docs-index/commands/plan.ts",
    "src-not-to-tooling: src/gateway/policy.ts → local/standin.ts",
    "src-not-to-tooling: src/gateway/policy.ts → scripts/run.ts",
    "src-not-to-tooling: src/gateway/policy.ts → bench/b.ts",
    "src-not-to-tooling: src/gateway/policy.ts → test/t.ts",
    "webhook-self-contained: webhook/src/handler.ts → src/search/normalise.ts",
    "shared-imports-nothing: shared/local.ts → webhook/src/parse.ts",
    "webhook-not-to-local-emulation: webhook/src/runtime.ts → local/webhook/dev-server.ts",
    "webhook-store-not-to-queue: webhook/src/idempotency/store.ts → webhook/src/queue/names.ts",
  ];
  let dir: string;
  let reported: string[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "arch-rules-"));
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const result = await cruiseTree(dir);
    reported = result.summary.violations.map(describeViolation);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports src/search/plan.ts importing from src/cli/ (the functional core never imports the CLI)", () => {
    expect(reported).toContain("core-not-to-cli: src/search/plan.ts → src/cli/format.ts");
  });

  it.each(expected)("reports %s", (violation) => {
    expect(reported).toContain(violation);
  });

  it("reports a cycle made only of type imports", () => {
    expect(reported.filter((r) => r.startsWith("no-circular:"))).toEqual([
      "no-circular: local/route.ts → local/server.ts → local/route.ts",
    ]);
  });

  it("reports a cycle between two folders of src/ even when no module cycle exists", () => {
    // (the other forbidden imports of this tree make folder cycles of their own: src/cli <-> src/search)
    expect(reported.filter((r) => r.startsWith("no-folder-cycles:") && r.includes("src/alpha")).sort()).toEqual([
      "no-folder-cycles: src/alpha → src/beta → src/alpha",
      "no-folder-cycles: src/beta → src/alpha → src/beta",
    ]);
  });

  it("reports nothing else: the CLI may import the core and adapters, webhook its own files, shared/ and built-ins", () => {
    const cycles = /^no-(circular|folder-cycles):/;
    expect(reported.filter((r) => !cycles.test(r)).sort()).toEqual([...expected].sort());
  });
});
