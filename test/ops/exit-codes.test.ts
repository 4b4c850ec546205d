// One definition of the exit codes: the README's table, the program's help and every command's help come from it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES, exitCodeMarkdownTable } from "../../src/cli/exit-codes.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { COMMANDS } from "../../src/cli/docs-index/registry.js";
import { withExitCodeTable } from "../../scripts/readme-exit-codes.js";
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
