// The pipeline templates may only name commands that exist: npm scripts in package.json, binaries installed in
// node_modules/.bin, docs-index subcommands the CLI registers, and the synthesized stacks in dependency order.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { OPTIONAL_STACK_IDS, STACK_IDS } from "../../stacks/app.js";
import { repoRoot } from "../../src/config/repo-root.js";

const TEMPLATES = {
  github: ".github/workflows/deploy.yml",
  azure: "pipelines/azure-pipelines.yml",
};

const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
const scripts: Record<string, string> = pkg.scripts;
/** The project's own commands (package.json bin), which npx runs from the project too. */
const ownBins: Record<string, string> = pkg.bin ?? {};

/** Every shell snippet of a template: GitHub `run`, Azure `script` and AzureCLI `inlineScript`, in document order. */
function shellSnippets(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => shellSnippets(n, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if ((key === "run" || key === "script" || key === "inlineScript") && typeof value === "string") out.push(value);
      else shellSnippets(value, out);
    }
  }
  return out;
}

function commandsOf(file: string): string[] {
  const doc = parse(readFileSync(path.join(repoRoot, file), "utf8"));
  return shellSnippets(doc)
    .flatMap((s) => s.split("\n"))
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
}

async function docsIndexCommands(): Promise<string[]> {
  const { stdout } = await runDocsIndex(["--help"], {});
  const section = stdout.split(/^Commands:$/m)[1] ?? "";
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!);
}

for (const [name, file] of Object.entries(TEMPLATES)) {
  describe(`${name} pipeline (${file})`, () => {
    const lines = commandsOf(file);

    it("runs CI's own commands (.ci/run: clean install, then the test suite) before building anything", () => {
      const ci = readFileSync(path.join(repoRoot, ".ci", "run"), "utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => /^npm\b/.test(l));
      expect(ci).toEqual(["npm ci --no-audit --no-fund", "npm test"]);
      const firstBuild = lines.findIndex((l) => /^npm run /.test(l));
      expect(lines.slice(0, firstBuild)).toEqual(ci);
    });

    it("names only npm scripts that exist in package.json", () => {
      const named = lines.flatMap((l) => [
        ...[...l.matchAll(/\bnpm run ([\w:.-]+)/g)].map((m) => m[1]!),
        ...(/^npm test\b/.test(l) ? ["test"] : []),
      ]);
      expect(named).toEqual(expect.arrayContaining(["test", "contracts:build", "synth", "webhook:build"]));
      const missing = named.filter((s) => !(s in scripts));
      expect(missing).toEqual([]);
    });

    it("uses npx only for binaries installed in node_modules/.bin or the project's own bin", () => {
      for (const l of lines)
        for (const m of l.matchAll(/\bnpx ([\w@/.-]+)/g))
          expect(existsSync(path.join(repoRoot, "node_modules", ".bin", m[1]!)) || m[1]! in ownBins, m[1]).toBe(true);
    });

    it("runs install, test, contracts build, synth in that order", () => {
      const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
      const order = [at(/^npm ci\b/), at(/^npm test\b/), at(/npm run contracts:build\b/), at(/npm run synth\b/)];
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    });

    it("plans and applies every synthesized stack with plain terraform, in dependency order", () => {
      const steps = lines
        .map((l) => /^terraform -chdir="?\S*?stacks\/([\w-]+)"? (init|plan|apply)\b/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => `${m[1]} ${m[2]}`);
      expect(steps).toEqual(
        [...STACK_IDS, ...OPTIONAL_STACK_IDS].flatMap((id) => [`${id} init`, `${id} plan`, `${id} apply`]),
      );
    });

    it("applies exactly the plan it wrote (terraform apply of the saved -out file)", () => {
      const planned = new Map<string, string>();
      for (const l of lines) {
        const plan = /^terraform -chdir=(\S+) plan .*-out=(\S+)/.exec(l);
        if (plan) planned.set(plan[1]!, plan[2]!);
        const apply = /^terraform -chdir=(\S+) apply (.*)$/.exec(l);
        if (apply) expect(apply[2]!.split(" ").at(-1), l).toBe(planned.get(apply[1]!));
      }
      expect(planned.size).toBe(STACK_IDS.length + OPTIONAL_STACK_IDS.length);
    });

    it("stores no secret: signs in by federation, names no client secret or password", () => {
      const text = readFileSync(path.join(repoRoot, file), "utf8");
      expect(text).not.toMatch(/client[-_]?secret|CLIENT_SECRET|--password|ARM_ACCESS_KEY|secrets\./i);
    });

    it("runs docs-index preflight, plan, then deploy --wait (which applies the status verdict), with registered subcommands", async () => {
      const subcommands = lines.flatMap((l) =>
        [...l.matchAll(/npx docs-index (?:--[\w-]+ )*([a-z-]+)/g)].map((m) => m[1]!),
      );
      expect(subcommands).toEqual(["preflight", "plan", "deploy"]);
      expect(lines.some((l) => /^npx docs-index deploy --wait\b/.test(l))).toBe(true);
      // The deploy never drops documents: no rebuild, no reset (a backfill is a manual, confirmed operation).
      expect(lines.filter((l) => /--allow-rebuild|\bbackfill\b|\breset\b/.test(l))).toEqual([]);
      const registered = await docsIndexCommands();
      for (const s of subcommands) expect(registered, s).toContain(s);
    });

    it("zips a fresh webhook build from an emptied staging folder (no file of an earlier build or run ships)", () => {
      const at = (text: string) => lines.indexOf(text);
      const steps = [
        at("npm run webhook:build"),
        at("rm -rf .deploy/webhook .deploy/webhook.zip"),
        at("cp -r webhook/host.json webhook/package.json webhook/dist .deploy/webhook/"),
        at("(cd .deploy/webhook && zip -qr ../webhook.zip .)"),
      ];
      expect(steps.every((i) => i >= 0)).toBe(true);
      expect([...steps].sort((a, b) => a - b)).toEqual(steps);
      expect(scripts["webhook:build"]).toBe("node scripts/webhook-build.mjs");
    });

    it("builds the MCP package fresh, zips it, and deploys it after the docs-mcp stack only where it is synthesized", () => {
      const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
      const build = at(/^npm run mcp:build$/);
      const zip = at(/^\(cd \.deploy\/mcp && zip -qr \.\.\/mcp\.zip \.\)$/);
      expect(build).toBeGreaterThan(-1);
      expect(zip).toBeGreaterThan(build);
      expect(scripts["mcp:build"]).toBe("node scripts/mcp-build.mjs");
      const apply = at(/terraform -chdir=\S*docs-mcp"? apply /);
      const deploy = lines.findIndex((l, i) => i > apply && /--src \S*mcp\.zip/.test(l));
      expect(apply).toBeGreaterThan(zip);
      expect(deploy).toBeGreaterThan(apply);
      const text = readFileSync(path.join(repoRoot, file), "utf8");
      expect(text).toMatch(/docs-mcp/);
      expect(text).toMatch(/mcp_function_app_name|mcpFunctionAppName/);
    });

    it("deploys the webhook package after the stacks (zip deploy to the function app)", () => {
      const apply = lines.findLastIndex((l) => /terraform .* apply /.test(l));
      const zip = lines.findIndex((l) => /az functionapp deployment source config-zip/.test(l));
      expect(zip).toBeGreaterThan(apply);
    });
  });
}

describe("npm ci's engine warnings (README, Quick start)", () => {
  const files = [...Object.values(TEMPLATES), ".github/workflows/pull-request.yml", "pipelines/pull-request-stage.yml"];
  const text = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

  it("every pipeline installs with Node 22, which satisfies engines, so CI shows no EBADENGINE and a new warning stands out", () => {
    expect(pkg.engines.node).toBe(">=22.12");
    for (const file of files) {
      const versions = [...text(file).matchAll(/(?:node-version|versionSpec):\s*"?([\w.]+)"?/g)]
        .map((m) => m[1]!)
        .filter((v) => !v.startsWith("3.")); // Python (checkov)
      expect(versions.length, file).toBeGreaterThan(0);
      for (const v of versions) expect(["22", "22.x"], `${file}: ${v}`).toContain(v);
    }
  });

  it("nothing in the repository silences npm's warnings (no .npmrc loglevel), and the README says why they appear on Node 20", () => {
    const npmrc = path.join(repoRoot, ".npmrc");
    if (existsSync(npmrc)) expect(readFileSync(npmrc, "utf8")).not.toMatch(/loglevel/);
    const readme = text("README.md");
    expect(readme).toMatch(/on Node 20 it prints about 190 lines of `npm warn EBADENGINE`/);
    expect(readme).toContain("npm ci --no-audit --no-fund --loglevel=error");
  });
});
