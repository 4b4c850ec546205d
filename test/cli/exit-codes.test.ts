// One definition of the exit codes: the README's table, the program's help and every command's help come from it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  EXIT_CODES,
  exitCodeMarkdownTable,
  exitCodeOf,
  exitCodeSummary,
  errorCodeOfExit,
  OUTCOMES,
  type OutcomeKind,
} from "../../src/cli/exit-codes.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { COMMANDS } from "../../src/cli/docs-index/registry.js";
import { withExitCodeTable, withMcpExitCodeTable } from "../../scripts/readme-exit-codes.js";
import { repoRoot } from "../../src/config/repo-root.js";

const env = { DEPLOY_ENV: "dev", NO_COLOR: "1" };

describe("exit codes", () => {
  it("the README's table is generated from src/cli/exit-codes.ts (npm run docs:exit-codes)", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain(exitCodeMarkdownTable());
    expect(withExitCodeTable(readme)).toBe(readme);
  });
  it("the program's help lists every code", async () => {
    const help = await runDocsIndex(["--help"], env);
    expect(help.code).toBe(0);
    for (const { code } of EXIT_CODES) expect(help.stdout).toMatch(new RegExp(`\\b${code} [a-z]`));
  });
  it.each(COMMANDS.map((c) => c.name))("%s --help lists only defined codes, with what they mean", async (name) => {
    const help = await runDocsIndex([name, "--help"], env);
    expect(help.code).toBe(0);
    const block = help.stdout.split("Exit codes:\n")[1] ?? "";
    const codes = [...block.matchAll(/^ {2}(\d+) +\S/gm)].map((m) => Number(m[1]));
    expect(codes.length).toBeGreaterThan(1);
    for (const code of codes) expect(EXIT_CODES.map((c) => c.code)).toContain(code);
  });
});

describe("the outcome-to-exit mapper (src/cli/exit-codes.ts)", () => {
  const kinds = Object.keys(OUTCOMES) as OutcomeKind[];

  it("maps every outcome to a documented code, and every documented code is some outcome's", () => {
    expect(Object.fromEntries(kinds.map((k) => [k, exitCodeOf(k)]))).toEqual({
      ok: 0,
      "check-failed": 1,
      changes: 2,
      usage: 2,
      "service-error": 3,
      refused: 4,
      timeout: 5,
      interrupted: 130,
      internal: 1,
    });
    expect(new Set(kinds.map((k) => exitCodeOf(k)))).toEqual(new Set(EXIT_CODES.map((c) => c.code)));
  });

  it("--detailed-exitcode: 0 no changes, 2 changes, 1 for every error (as Terraform)", () => {
    const detailed = Object.fromEntries(kinds.map((k) => [k, exitCodeOf(k, { detailed: true })]));
    expect(detailed).toEqual({
      ok: 0,
      changes: 2,
      "check-failed": 1,
      usage: 1,
      "service-error": 1,
      refused: 1,
      timeout: 1,
      interrupted: 1,
      internal: 1,
    });
  });

  it("the --json error document's code follows the exit code (never `changes`)", () => {
    expect([1, 2, 3, 4, 5, 130, 99].map(errorCodeOfExit)).toEqual([
      "check_failed",
      "usage",
      "service_error",
      "refused",
      "timeout",
      "interrupted",
      "error",
    ]);
  });

  it("the program's summary names every code once", () => {
    expect(exitCodeSummary()).toBe(`Exit codes: ${EXIT_CODES.map((c) => `${c.code} ${c.short}`).join(", ")}.`);
  });

  it("docs/mcp.md's table is generated from the mcp command's --help meanings (npm run docs:exit-codes)", async () => {
    const doc = readFileSync(path.join(repoRoot, "docs", "mcp.md"), "utf8");
    expect(withMcpExitCodeTable(doc)).toBe(doc);
    const help = await runDocsIndex(["mcp", "--help"], env);
    const inHelp = [...(help.stdout.split("Exit codes:\n")[1] ?? "").matchAll(/^ {2}(\d+) +\S/gm)].map((m) => m[1]);
    const inDoc = [...doc.matchAll(/^\| (\d+) \| /gm)].map((m) => m[1]);
    expect(inDoc).toEqual(inHelp);
  });

  it("no exit number is written outside the mapper: src/, stacks/main.ts (synth.ts) and scripts/ end through exitCodeOf", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = path.join(dir, name);
        return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
      });
    const sources = [
      ...files(path.join(repoRoot, "src")),
      ...files(path.join(repoRoot, "scripts")),
      path.join(repoRoot, "stacks", "main.ts"),
      path.join(repoRoot, "stacks", "synth.ts"),
    ]
      // The mapper itself; the local environment's runner, whose exit codes are its steps' (not a CLI command's).
      .filter(
        (f) => !f.endsWith(path.join("src", "cli", "exit-codes.ts")) && !f.endsWith(path.join("scripts", "local.ts")),
      );
    const numbered =
      /process\.exit\(\s*\d|process\.exitCode\s*=\s*\d|\bExitCode\.|return\s+(?:0|1|2|3|4|5|130)\s*;\s*\/\/\s*exit/;
    const offenders = sources.filter((f) => numbered.test(readFileSync(f, "utf8")));
    expect(offenders.map((f) => path.relative(repoRoot, f))).toEqual([]);
  });
});
