// docs/first-deploy.md names commands, workflow inputs, pipeline variables, configuration keys, resource names and
// stack outputs; each must exist where the runbook says it does, so a rename in the code or the pipelines fails
// here instead of in someone's first deploy.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/docs-index/registry.js";
import { configSchema } from "../../src/config/schema.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { schemaAt } from "../../src/config/schema-keys.js";

const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");
const doc = read("docs/first-deploy.md");
const pkg = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
const deployYml = read(".github/workflows/deploy.yml");
const prYml = read(".github/workflows/pull-request.yml");
const azureYml = read("pipelines/azure-pipelines.yml");
const azurePrYml = read("pipelines/pull-request-stage.yml");
const prodVars = parse(read("config/prod/vars.yml")) as Record<string, unknown>;

/** The zod schema at a dotted path (`webhook_app.gateway_auth.client_id`), or undefined. */
const schemaAtKey = (dotted: string) => schemaAt(configSchema, dotted.split("."));

const valueAt = (dotted: string) =>
  dotted.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], prodVars);

const CONFIG_SECTIONS = "azure|backend|search|search_service|apim|webhook_app|docs_storage|provider|mcp";
const configKeys = [
  ...new Set([...doc.matchAll(new RegExp(`\`((?:${CONFIG_SECTIONS})\\.[\\w.]+)\``, "g"))].map((m) => m[1]!)),
];

describe("docs/first-deploy.md", () => {
  it("is linked from the README", () => {
    expect(read("README.md")).toContain("(docs/first-deploy.md)");
  });

  it("names only npm scripts that exist in package.json", () => {
    const named = [...doc.matchAll(/npm run (?:--silent )?([\w:-]+)/g)].map((m) => m[1]!);
    expect(named).toContain("synth");
    for (const name of named) expect(pkg.scripts, `npm run ${name}`).toHaveProperty(name);
  });

  it("names only docs-index commands the CLI registers", () => {
    const named = [...doc.matchAll(/(?:npx )?docs-index ([a-z-]+)/g)].map((m) => m[1]!).filter((n) => n !== "mcp");
    expect(named).toEqual(expect.arrayContaining(["preflight", "backfill", "status"]));
    const registered = COMMANDS.map((c) => c.name);
    for (const name of named) expect(registered, `docs-index ${name}`).toContain(name);
  });

  it("names the deploy workflow's inputs and the Azure pipeline's parameters as the files declare them", () => {
    const inputs = Object.keys(parse(deployYml).on.workflow_dispatch.inputs);
    for (const m of doc.matchAll(/gh workflow run deploy\.yml[^\n]*/g))
      for (const f of m[0].matchAll(/-f (\w+)=/g)) expect(inputs, f[0]).toContain(f[1]);
    expect(doc).toMatch(/gh workflow run deploy\.yml .*-f fresh_plan=true/);
    const parameters = (parse(azureYml).parameters as { name: string }[]).map((p) => p.name);
    for (const m of doc.matchAll(/--parameters ([^\n`)]+)/g))
      for (const p of m[1]!.matchAll(/(\w+)=/g)) expect(parameters, p[1]).toContain(p[1]);
  });

  it("names every Azure variable the workflows read, and only those", () => {
    const read = new Set([...`${deployYml}\n${prYml}`.matchAll(/vars\.(AZURE_\w+)/g)].map((m) => m[1]!));
    const named = new Set([...doc.matchAll(/\b(AZURE_[A-Z_]+)\b/g)].map((m) => m[1]!));
    expect([...named].sort()).toEqual([...read].sort());
    expect([...read].sort()).toEqual([
      "AZURE_CLIENT_ID",
      "AZURE_PLAN_CLIENT_ID",
      "AZURE_SUBSCRIPTION_ID",
      "AZURE_TENANT_ID",
    ]);
  });

  it("names the Azure Pipelines service connections as the pipelines build them", () => {
    expect(azureYml).toContain("azureServiceConnection: docs-platform-${{ parameters.deployEnv }}");
    expect(doc).toContain("`docs-platform-prod`");
    expect(azurePrYml).toContain("azureSubscription: docs-platform-plan-${{ environment }}");
    expect(doc).toContain("`docs-platform-plan-prod`");
  });

  it("gives the federated-credential subjects the jobs sign in with (environment jobs; the plan job on pull_request)", () => {
    const jobs = parse(deployYml).jobs as Record<string, { environment?: string; steps?: { uses?: string }[] }>;
    for (const [name, job] of Object.entries(jobs))
      if (job.steps?.some((s) => s.uses?.startsWith("azure/login")) || name === "infrastructure")
        expect(job.environment, name).toBe("${{ inputs.environment || 'dev' }}");
    expect(doc).toContain("repo:<owner>/<repo>:environment:prod");
    expect(prYml).toContain("repo:<owner>/<repo>:pull_request");
    expect(doc).toContain("repo:<owner>/<repo>:pull_request");
  });

  it(`names only configuration keys the schema has (${configKeys.length} keys)`, () => {
    expect(configKeys.length).toBeGreaterThan(15);
    for (const key of configKeys) expect(schemaAtKey(key), key).toBeDefined();
    expect(schemaAtKey("azure.no_such_key")).toBeUndefined();
  });

  it("uses config/prod/vars.yml's values where a command is annotated with its key", () => {
    const annotated = [...doc.matchAll(/--name (\S+)[^\n]*# ([\w.]+(?:, [\w.]+)*)/g)];
    expect(annotated.length).toBeGreaterThanOrEqual(4);
    for (const m of annotated) {
      const [first] = m[2]!.split(", ");
      expect(valueAt(first!), `${m[1]} # ${first}`).toBe(m[1]);
    }
  });

  it("registers the resource providers docs/infrastructure.md says the landing zone registers", () => {
    const infra = read("docs/infrastructure.md");
    const listed = /zone registers ([^.]+(?:\.[A-Z][^.]*)*)\./.exec(infra.replace(/\n/g, " "))![1]!;
    const expected = [...listed.matchAll(/`(Microsoft\.\w+)`/g)].map((m) => m[1]!).sort();
    const registered = /for ns in ([^;]+); do/.exec(doc)![1]!.trim().split(/\s+/).sort();
    expect(registered).toEqual(expected);
  });

  it("names only stack outputs the stacks declare", () => {
    const sources = readdirSync(path.join(repoRoot, "stacks"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => read(`stacks/${f}`))
      .join("\n");
    const outputs = new Set([...sources.matchAll(/new TerraformOutput\(this, "(\w+)"/g)].map((m) => m[1]!));
    const named = [...doc.matchAll(/output `(\w+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const name of named) expect(outputs, name).toContain(name);
  });

  it("keeps a marked place for the hosted MCP server's Entra registration", () => {
    expect(doc).toMatch(/<!-- first-deploy:mcp-registrations -->[\s\S]+<!-- \/first-deploy:mcp-registrations -->/);
  });
});
