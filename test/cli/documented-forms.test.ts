// The forms the docs and pipelines tell people to type: a `--json` run through `npm run` must be `npm run --silent`
// (npm prints its `> script` banner on stdout otherwise, and `| jq` fails on it), and `npx docs-index` must run
// the linked bin (node_modules/.bin/docs-index, declared by a workspace, not the root package: npm 11's npx
// re-installs the root package on every call when the root declares the bin asked for).
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";

function files(dir: string): string[] {
  const full = path.join(repoRoot, dir);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (statSync(full).isFile()) return [dir];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(md|ya?ml)$/.test(f))
    .map((f) => path.join(dir, f));
}

const DOCUMENTS = [
  "README.md",
  "docs",
  "pipelines",
  ".github/workflows",
  "config/README.md",
  "webhook/README.md",
  "schemas",
].flatMap(files);

/** `npm run <script> -- … --json` (a JSON document meant for a program) without `--silent`. */
export function noisyJsonRuns(text: string): string[] {
  return text.split("\n").filter((line) => /\bnpm run (?!--silent\b|-s\b)[\w:-]+ -- [^#]*--json/.test(line));
}

describe("documented forms", () => {
  it("the check finds `npm run <x> -- … --json |` without --silent, and passes the silent form", () => {
    expect(noisyJsonRuns("npm run local -- --json | jq .steps")).toHaveLength(1);
    expect(noisyJsonRuns("npm run webhook-deliveries -- list --state failed --json")).toHaveLength(1);
    expect(noisyJsonRuns("npm run --silent local -- --json | jq .steps")).toEqual([]);
    expect(noisyJsonRuns("npm run local -- --keep   # then --json elsewhere")).toEqual([]);
  });

  it("every `npm run … --json` in the README, docs/ and pipelines is `npm run --silent …`", () => {
    expect(DOCUMENTS.length).toBeGreaterThan(5);
    const found = DOCUMENTS.flatMap((file) =>
      noisyJsonRuns(readFileSync(path.join(repoRoot, file), "utf8")).map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("`npx docs-index` resolves to the bin linked from the workspace, and the root package declares none", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(pkg.bin).toBeUndefined();
    const linked = realpathSync(path.join(repoRoot, "node_modules", ".bin", "docs-index"));
    expect(linked).toBe(path.join(repoRoot, "packages", "docs-index-bin", "docs-index.js"));
    expect(readFileSync(linked, "utf8")).toContain('import "../../dist/cli/docs-index.js"');
  });
});
