// The pull-request plan flow, as far as it can be tested without GitHub or Azure DevOps: every npm script, file,
// docs-index subcommand and option the workflows name exists; each stack is planned and shown; the saved plan
// the pull request uploads is the artifact (same name, same file) the deploy on merge downloads and applies.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { STACK_IDS } from "../../stacks/app.js";
import { repoRoot } from "../../src/config/repo-root.js";

const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts;
const load = (file: string) => parse(readFileSync(path.join(repoRoot, file), "utf8"));
const pullRequest = load(".github/workflows/pull-request.yml");
const deploy = load(".github/workflows/deploy.yml");
const azure = load("pipelines/azure-pipelines.yml");
const azurePullRequest = load("pipelines/pull-request-stage.yml");

/** Every shell snippet under `node`: GitHub `run`, Azure `script` and AzureCLI `inlineScript`. */
function shellSnippets(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => shellSnippets(n, out));
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if ((key === "run" || key === "script" || key === "inlineScript") && typeof value === "string") out.push(value);
      else shellSnippets(value, out);
    }
  return out;
}

/** Shell lines, with `>-` folded commands already on one line. */
const linesOf = (node: unknown) =>
  shellSnippets(node)
    .flatMap((s) => s.split("\n"))
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));

/** Every `uses:` of a workflow. */
function actionsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => actionsOf(n, out));
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node)) {
      if (key === "uses" && typeof value === "string") out.push(value);
      else actionsOf(value, out);
    }
  return out;
}

const prStage = azurePullRequest.stages.find((s: { stage: string }) => s.stage === "PullRequest");
const searchStage = azure.stages.find((s: { stage: string }) => s.stage === "SearchIndex");
const searchJob = deploy.jobs["search-index"];
const TEMPLATES: [string, unknown][] = [
  ["pull-request.yml", pullRequest],
  ["deploy.yml (search-index job)", searchJob],
  ["pull-request-stage.yml (PullRequest stage)", prStage],
  ["azure-pipelines.yml (SearchIndex stage)", searchStage],
];

/** `npx docs-index <sub> …` invocations, as argument lists. */
function docsIndexCalls(lines: string[]): string[][] {
  return lines.flatMap((l) =>
    [...l.matchAll(/npx docs-index ([^;&|>]+)/g)].map((m) => m[1]!.trim().split(/\s+/).filter(Boolean)),
  );
}

async function help(args: string[]): Promise<string> {
  const { stdout } = await runDocsIndex([...args, "--help"], {});
  return stdout;
}

describe.each(TEMPLATES)("%s", (_name, node) => {
  const lines = linesOf(node);

  it("names only npm scripts that exist, each of whose files exists", () => {
    const named = lines.flatMap((l) => [...l.matchAll(/\bnpm run (?:--[\w-]+ )*([\w:.-]+)/g)].map((m) => m[1]!));
    for (const script of named) {
      expect(scripts, `npm run ${script}`).toHaveProperty([script]);
      for (const file of scripts[script]!.matchAll(
        /(?<![\w/])((?:[\w-]+\/)*(?:scripts|stacks|bench)\/[\w/.-]+\.ts)\b/g,
      ))
        expect(existsSync(path.join(repoRoot, file[1]!)), file[1]).toBe(true);
    }
  });

  it("runs docs-index subcommands and options that the CLI registers", async () => {
    const calls = docsIndexCalls(lines);
    expect(calls.length).toBeGreaterThan(0);
    const registered = await help([]);
    for (const [sub, ...args] of calls) {
      expect(new RegExp(`^ {2}${sub}\\b`, "m").test(registered), `docs-index ${sub}`).toBe(true);
      const options = await help([sub!]);
      for (const option of args.filter((a) => a.startsWith("-"))) {
        // Terraform's single-dash spelling (-out) is accepted as well as --out.
        const present = new RegExp(`(^|[\\s,])${option.replace(/^-(?=\w)/, "-?-")}\\b`, "m").test(options);
        expect(present, `docs-index ${sub} ${option}`).toBe(true);
      }
    }
  });
});

describe("pull-request.yml", () => {
  const testLines = linesOf(pullRequest.jobs.test);
  const planLines = linesOf(pullRequest.jobs.plan);
  const planSteps = pullRequest.jobs.plan.steps as Record<string, any>[];

  it("runs on pull requests into main; the test job installs, tests, checks the contracts, synthesizes, in order", () => {
    expect(pullRequest.on.pull_request.branches).toEqual(["main"]);
    const at = (re: RegExp) => testLines.findIndex((l) => re.test(l));
    const order = [
      at(/^npm ci\b/),
      at(/^npm test$/),
      at(/^npm run contracts:check -- --base "origin\/\$\{\{ github\.base_ref \}\}"$/),
      at(/^npm run synth$/),
    ];
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(pullRequest.jobs.test.steps[0]).toMatchObject({ uses: "actions/checkout@v4", with: { "fetch-depth": 0 } });
  });

  it("plans every environment the deploy can target, not for forks (no OIDC token there)", () => {
    expect(pullRequest.jobs.plan.strategy.matrix.environment).toEqual(["dev", "prod"]);
    for (const env of pullRequest.jobs.plan.strategy.matrix.environment)
      expect(existsSync(path.join(repoRoot, "config", env, "vars.yml")), env).toBe(true);
    expect(pullRequest.jobs.plan.if).toBe("github.event.pull_request.head.repo.full_name == github.repository");
    expect(pullRequest.jobs.plan.permissions).toEqual({
      contents: "read",
      "id-token": "write",
      "pull-requests": "write",
    });
  });

  it("plans and shows every synthesized stack, in dependency order, without taking the state lock", () => {
    expect(planLines).toContain(`for stack in ${STACK_IDS.join(" ")}; do`);
    expect(planLines).toEqual(
      expect.arrayContaining([
        'terraform -chdir="cdktf.out/stacks/$stack" init -input=false',
        'terraform -chdir="cdktf.out/stacks/$stack" plan -input=false -lock=false -out=tfplan',
        'terraform -chdir="cdktf.out/stacks/$stack" show -no-color tfplan > ".plans/$stack.txt"',
      ]),
    );
  });

  it("saves the docs-index plan, renders that file as markdown, and composes one comment from every plan", () => {
    const saved = ".plans/saved/docs-index.plan.json";
    const at = (re: RegExp) => planLines.findIndex((l) => re.test(l));
    const planOut = at(new RegExp(`^npx docs-index plan -out ${saved}$`));
    const show = at(new RegExp(`^npx docs-index show ${saved} --markdown > .plans/docs-index-plan.md$`));
    const compose = at(/^npm run plan:comment -- compose /);
    expect([planOut, show, compose].every((i) => i >= 0)).toBe(true);
    expect(planOut).toBeLessThan(show);
    expect(show).toBeLessThan(compose);
    const composed = planLines[compose]!;
    expect([...composed.matchAll(/--terraform ([\w-]+)=\.plans\/([\w-]+)\.txt/g)].map((m) => [m[1], m[2]])).toEqual(
      STACK_IDS.map((id) => [id, id]),
    );
    expect(composed).toContain("--docs-index .plans/docs-index-plan.md");
    expect(composed).toContain("--out .plans/comment.md");
  });

  it("keeps one comment per environment, updated in place, and uploads the saved plan as the artifact", () => {
    const sticky = planSteps.find((s) => String(s.uses).startsWith("marocchino/sticky-pull-request-comment@"))!;
    expect(sticky.with).toEqual({ header: "docs-platform-plan-${{ matrix.environment }}", path: ".plans/comment.md" });
    const upload = planSteps.find((s) => s.uses === "actions/upload-artifact@v4" && /plan\.json$/.test(s.with.path))!;
    expect(upload.with).toMatchObject({
      name: "docs-index-plan-${{ env.DEPLOY_ENV }}",
      path: ".plans/saved/docs-index.plan.json",
      "if-no-files-found": "error",
    });
    expect(pullRequest.jobs.plan.env.DEPLOY_ENV).toBe("${{ matrix.environment }}");
  });

  it("writes its plans where git ignores them, so a plan made by hand is not committed by accident", () => {
    const written = [...new Set(planLines.join("\n").match(/\.plans\/[\w./-]+/g) ?? [])];
    expect(written).toContain(".plans/saved/docs-index.plan.json");
    // --no-index: the rules of .gitignore, whether or not the file exists or is tracked.
    const ignored = execFileSync("git", ["check-ignore", "--no-index", ...written, "docs-index.plan.json"], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    expect(ignored.trim().split("\n").sort()).toEqual([...written, "docs-index.plan.json"].sort());
  });

  it("pins every action to a major version", () => {
    for (const uses of [...actionsOf(pullRequest), ...actionsOf(deploy)])
      expect(uses).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
  });
});

describe("deploy.yml applies the pull request's saved plan", () => {
  const steps = searchJob.steps as Record<string, any>[];
  const lines = linesOf(searchJob);

  it("finds the merged pull request's last successful pull-request.yml run and downloads its saved plan", () => {
    const find = steps.find((s) => s.id === "saved")!;
    expect(find.uses).toBe("actions/github-script@v7");
    expect(find.if).toBe("${{ !inputs.fresh_plan }}");
    expect(find.with.script).toContain("listPullRequestsAssociatedWithCommit");
    expect(find.with.script).toContain("workflow_id: 'pull-request.yml'");
    expect(existsSync(path.join(repoRoot, ".github/workflows/pull-request.yml"))).toBe(true);
    const download = steps.find((s) => s.uses === "actions/download-artifact@v4")!;
    expect(download.with).toMatchObject({
      name: "docs-index-plan-${{ env.DEPLOY_ENV }}",
      "run-id": "${{ steps.saved.outputs.run_id }}",
      path: ".deploy/plan",
    });
    expect(deploy.permissions).toMatchObject({ actions: "read", "pull-requests": "read" });
  });

  it("deploys exactly that file; plans afresh only when the fresh_plan input says so", () => {
    expect(deploy.on.workflow_dispatch.inputs.fresh_plan).toMatchObject({ type: "boolean", default: false });
    expect(lines).toContain("npx docs-index deploy --wait .deploy/plan/docs-index.plan.json");
    const fresh = steps.find((s) => /docs-index plan\b/.test(String(s.run)))!;
    expect(fresh.if).toBe("${{ inputs.fresh_plan }}");
    expect(fresh.run).toBe("npx docs-index plan -out .deploy/plan/docs-index.plan.json");
    expect(lines.filter((l) => /docs-index deploy\b/.test(l))).toEqual([
      "npx docs-index deploy --wait .deploy/plan/docs-index.plan.json",
    ]);
  });
});

describe("azure-pipelines.yml", () => {
  it("a pull request runs only the PullRequest stage; the run on main only the deploy stages", () => {
    expect(azure.pr.branches.include).toEqual(["main"]);
    expect(azure.stages.at(-1)).toEqual({
      template: "pull-request-stage.yml",
      parameters: { planEnvironments: "${{ parameters.planEnvironments }}" },
    });
    expect(prStage).toMatchObject({ dependsOn: [], condition: "eq(variables['Build.Reason'], 'PullRequest')" });
    expect(azure.stages[0]).toMatchObject({
      stage: "Build",
      condition: "ne(variables['Build.Reason'], 'PullRequest')",
    });
  });

  it("the test job checks the contracts against the pull request's target branch, with its history fetched", () => {
    const test = prStage.jobs.find((j: Record<string, unknown>) => j.job === "test");
    expect(test.steps[0]).toEqual({ checkout: "self", fetchDepth: 0 });
    expect(linesOf(test)).toContain(
      'npm run contracts:check -- --base "origin/${SYSTEM_PULLREQUEST_TARGETBRANCH#refs/heads/}"',
    );
  });

  it("the test job scans and validates the synthesized stacks as the GitHub workflow does, after synthesizing", () => {
    const githubTest = linesOf(pullRequest.jobs.test);
    const azureTest = linesOf(prStage.jobs.find((j: Record<string, unknown>) => j.job === "test"));
    const gate = [
      'python -m pip install --quiet --disable-pip-version-check "checkov==3.3.13"',
      "checkov --config-file .checkov.yaml -d cdktf.out",
      `for stack in ${STACK_IDS.join(" ")}; do`,
      'terraform -chdir="cdktf.out/stacks/$stack" init -backend=false -input=false',
      'terraform -chdir="cdktf.out/stacks/$stack" validate',
    ];
    for (const lines of [githubTest, azureTest]) {
      const at = gate.map((l) => lines.indexOf(l));
      expect(
        at.every((i) => i >= 0),
        lines.join("\n"),
      ).toBe(true);
      expect(at).toEqual([...at].sort((a, b) => a - b));
      expect(lines.indexOf("npm run synth")).toBeLessThan(at[0]!);
    }
  });

  it("plans every stack and the search definitions per environment, publishing the saved plan the deploy downloads", () => {
    const lines = linesOf(prStage);
    expect(lines).toContain(`for stack in ${STACK_IDS.join(" ")}; do`);
    expect(lines).toContain('terraform -chdir="cdktf.out/stacks/$stack" show -no-color tfplan > ".plans/$stack.txt"');
    expect(lines).toContain("npx docs-index plan -out .plans/saved/docs-index.plan.json");
    expect(lines.some((l) => l.startsWith("npm run plan:comment -- post-azure-devops --environment"))).toBe(true);
    const jobs = prStage.jobs.find((j: Record<string, unknown>) =>
      Object.keys(j)[0]!.startsWith("${{ each environment"),
    );
    const job = Object.values(jobs)[0] as Record<string, any>[];
    const publish = job[0]!.steps.find((s: Record<string, string>) => s.publish === ".plans/saved");
    expect(publish.artifact).toBe("docs-index-plan-${{ environment }}");
    expect(azure.parameters.find((p: { name: string }) => p.name === "planEnvironments").default).toEqual([
      "dev",
      "prod",
    ]);

    const download = JSON.stringify(searchStage).match(/"artifactName":"([^"]+)"/)![1];
    expect(download).toBe("docs-index-plan-$(DEPLOY_ENV)");
    expect(linesOf(searchStage)).toContain('npx docs-index deploy --wait "$saved"');
  });
});
