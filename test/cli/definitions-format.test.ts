// `npm run definitions:format` parses its options like docs-index (commander): --help with usage, an unknown flag
// refused (exit 2), a folder argument; a file that is not valid JSON is named with its position (exit 2, no stack
// trace), as `plan` names it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDefinitionsFormat } from "../../src/cli/definitions-format/command.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { textSink } from "../../src/cli/docs-index/in-process.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of search-definitions/, changed by `edit`. */
function copy(edit: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "defs-format-"));
  dirs.push(dir);
  cpSync(path.join(repoRoot, "search-definitions"), dir, { recursive: true });
  edit(dir);
  return dir;
}

function run(...args: string[]) {
  const stdout = textSink();
  const stderr = textSink();
  const code = runDefinitionsFormat(args, { stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** docs-datasource.json with a syntax error on line 8. */
const brokenJson = (dir: string) => {
  const file = path.join(dir, "docs-datasource.json");
  const lines = readFileSync(file, "utf8").split("\n");
  lines[7] = `${lines[7]!.replace(/,$/, "")} oops,`;
  writeFileSync(file, lines.join("\n"));
};

describe("npm run definitions:format", () => {
  it("--help prints the usage, the folder argument, the options and the exit codes (exit 0)", () => {
    const res = run("--help");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Usage: npm run definitions:format -- \[options\] \[dir\]/);
    expect(res.stdout).toContain("--check");
    expect(res.stdout).toMatch(/Exit codes:\n {2}0 /);
  });

  it("refuses an unknown flag with exit 2 and writes nothing", () => {
    const res = run("--chek");
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^error: unknown option '--chek'/);
    expect(res.stderr).toContain("(Did you mean --check?)");
  });

  it("takes the folder as an argument: --check reports a file not in canonical form (exit 1), then formats it", () => {
    const dir = copy((d) => {
      const file = path.join(d, "docs-indexer.json");
      writeFileSync(file, JSON.stringify(JSON.parse(readFileSync(file, "utf8"))));
    });
    const checked = run(dir, "--check");
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/docs-indexer\.json: not in canonical form/);
    const formatted = run(dir);
    expect(formatted.code).toBe(0);
    expect(formatted.stderr).toMatch(/docs-indexer\.json: rewritten/);
    expect(run(dir, "--check").code).toBe(0);
  });

  it("refuses two different folders (argument and --definitions) with exit 2", () => {
    const res = run(copy(), "--definitions", copy());
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^error: two folders given/);
  });

  it("names a missing folder's first file with exit 2", () => {
    const res = run(path.join(copy(), "nope"));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^error: .*nope\/docs-index\.json: not found$/m);
  });

  it("reports invalid JSON as plan does (file and position, exit 2), with no stack trace and nothing written", () => {
    const dir = copy((d) => {
      brokenJson(d);
      writeFileSync(path.join(d, "docs-indexer.json"), "{}");
    });
    // What scripts/definitions-format.ts runs (its exit code is this function's result): before, a raw
    // DefinitionError stack trace.
    const result = run(dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: \S*docs-datasource\.json: not valid JSON \(.*line 8 column \d+\)\)$/m);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).not.toContain("DefinitionError");
    expect(readFileSync(path.join(dir, "docs-indexer.json"), "utf8")).toBe("{}"); // every file parsed before a write
  });

  it("--check refuses a definition that breaks a rule of the service, as plan does (exit 1)", () => {
    const dir = copy((d) => {
      const file = path.join(d, "docs-index.json");
      const index = JSON.parse(readFileSync(file, "utf8"));
      index.scoringProfiles[0].text.weights.titel = 3;
      writeFileSync(file, JSON.stringify(index, null, 2) + "\n");
    });
    const result = run("--check", dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'docs-index.json: scoringProfiles[0] (docs-default).text.weights.titel: no field "titel"; expected a searchable text field',
    );
    expect(result.stderr).toContain('(did you mean "title"?)');
  });

  it("--check passes the reviewed definitions (no rule broken on the files as written, placeholders and all)", () => {
    const result = run("--check", copy());
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });
});
