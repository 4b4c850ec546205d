// Tests mirror the code: every folder of the receiver (webhook/src), the MCP server (src/mcp), the search core
// (src/search) and shared/ has a test folder holding a test, or a test file, named after it, so the tests of a
// folder are found where its path says. A small synthetic tree proves the check reports a folder without one.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** Code folder → the test folder that mirrors it. */
const MIRRORS: Record<string, string> = {
  "webhook/src": "test/webhook",
  "src/mcp": "test/mcp",
  "src/search": "test/search",
  shared: "test/shared",
};

const isDir = (p: string) => statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
const isFile = (p: string) => statSync(p, { throwIfNoEntry: false })?.isFile() === true;

/** The folder and every folder under it, as paths relative to `root`. */
function foldersUnder(root: string, folder: string): string[] {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true });
  const children = entries.filter((e) => e.isDirectory()).map((e) => `${folder}/${e.name}`);
  return [folder, ...children.flatMap((child) => foldersUnder(root, child))];
}

const holdsATest = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).some((f) => f.endsWith(".test.ts"));

/**
 * The code folders (relative to `root`) with no test named after them: neither `<mirror>/` holding a test file
 * nor `<mirror>.test.ts`, where `<mirror>` is the folder's path with its code root replaced by its test root.
 */
function unmirrored(root: string, mirrors: Record<string, string>): string[] {
  return Object.entries(mirrors).flatMap(([code, tests]) =>
    foldersUnder(root, code).filter((folder) => {
      const mirror = path.join(root, tests + folder.slice(code.length));
      return !(isDir(mirror) && holdsATest(mirror)) && !isFile(`${mirror}.test.ts`);
    }),
  );
}

describe("tests mirror the code", () => {
  it("gives every folder of webhook/src, src/mcp, src/search and shared/ a test folder or file named after it", () => {
    expect(unmirrored(repoRoot, MIRRORS)).toEqual([]);
  });

  it("looks at every folder: the check sees the nested ones", () => {
    const folders = Object.keys(MIRRORS).flatMap((code) => foldersUnder(repoRoot, code));
    expect(folders).toContain("src/search/query/common/io");
    expect(folders).toContain("webhook/src/delivery");
    expect(folders.length).toBeGreaterThan(25);
  });
});

describe("the mirror check (synthetic tree)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tests-mirror-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = [
    "lib/a.ts",
    "lib/queue/b.ts", // mirrored by a folder: spec/queue/b.test.ts
    "lib/rules/c.ts", // mirrored by a file: spec/rules.test.ts
    "lib/rules/deep/d.ts", // not mirrored
    "lib/io/e.ts", // a folder without a test file is no mirror
    "spec/a.test.ts",
    "spec/queue/b.test.ts",
    "spec/rules.test.ts",
    "spec/io/helper.ts",
  ];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), "export {};\n");
  }

  it("reports each folder without a test folder or file named after it, and only those", () => {
    expect(unmirrored(dir, { lib: "spec" }).sort()).toEqual(["lib/io", "lib/rules/deep"]);
  });

  it("reports the code root itself when its test root is missing", () => {
    expect(unmirrored(dir, { lib: "tests" })).toContain("lib");
  });
});
