// "A command only wires" as a test: ESLint with the repository's own config (eslint.config.js, the rules
// `npm run lint` applies to every command file) reports each way a command could compute a verdict, build a --json
// document or sort errors, on excerpts of what commands held before their use cases and views took it.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const commands = "src/cli/docs-index/commands";
let eslint: ESLint;

/** The thin-command rule's messages for `code` as the command file `name`, each as `line: message`. */
async function findings(code: string, name = "fixture.ts"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, commands, name) });
  return result!.messages
    .filter((m) => m.ruleId === "no-restricted-syntax")
    .map((m) => `${m.line}: ${m.message.split(":")[0]}`);
}

const DOCUMENT = "A command builds no --json document";
const VERDICT = "A command computes no verdict";
const ERRORS = "A command does not sort errors";

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

describe("a command file may not", () => {
  it("build the --json document (deploy's result, as it was written in the command)", async () => {
    const code = [
      "ctx.out.result(",
      "  { plan: planDocument(d.plan, d.blueGreen), dryRun: outcome.dryRun, status: verdict, next },",
      "  () => renderDeployOutcome(outcome, ctx.out.color),",
      ");",
      "showResult(ctx.out, { document: { ...report, index }, text: () => '' });",
      "ctx.out.info(JSON.stringify(jsonDocument(pinned), null, 2));",
    ].join("\n");
    expect(await findings(code)).toEqual([
      `1: ${DOCUMENT}`,
      `5: ${DOCUMENT}`,
      `5: ${DOCUMENT}`,
      `6: ${DOCUMENT}`,
      `6: ${DOCUMENT}`,
    ]);
  });

  it("compute a verdict (deploy's, status's and orphans' as they were)", async () => {
    const code = [
      "async function run() {",
      "  const verdict = outcome.status;",
      "  if (pager.incomplete.length > 0) return 'check-failed';",
      "  if (opts.delete) return deletion && deletion.failed.length > 0 ? 'check-failed' : 'ok';",
      "  const knowledgeOk = !knowledgeSource || knowledgeSource.current;",
      "  if (opts.detailedExitcode) return checked(!outcome.changed);",
      "  return verdict ? verdictOutcome(verdict) : checked(knowledgeOk);",
      "}",
    ].join("\n");
    expect(await findings(code)).toEqual([
      `3: ${VERDICT}`,
      `3: ${VERDICT}`,
      `4: ${VERDICT}`,
      `4: ${VERDICT}`,
      `6: ${VERDICT}`,
      `7: ${VERDICT}`,
    ]);
  });

  it("pick the result of a failure by its class (deploy's refusals, as they were)", async () => {
    const code = [
      "const view =",
      "  err instanceof SavedPlanRefusedError && request.kind === 'saved'",
      "    ? refusedSavedPlanView(err.refusals, request.saved, ctx.out.color)",
      "    : err instanceof RebuildRefusedError ? refusedRebuildView(err.plan, null, ctx.out.color) : undefined;",
    ].join("\n");
    expect(await findings(code)).toEqual([`2: ${ERRORS}`, `4: ${ERRORS}`]);
  });

  it("but may show its view and map the use case's own verdict", async () => {
    const code = [
      "async function run() {",
      "  showResult(ctx.out, deployResult(outcome, { environment, colors: ctx.out.color }));",
      "  if (outcome.kind === 'refused') throw new CliError(refusal.message, 'refused', refusal.hint);",
      "  if (args.detailedExitcode) return planned(outcome.changed, args.detailedExitcode);",
      "  return checked(outcome.passed);",
      "}",
    ].join("\n");
    expect(await findings(code)).toEqual([]);
  });
});
