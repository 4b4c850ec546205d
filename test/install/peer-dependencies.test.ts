// `npm ci` prints no ERESOLVE peer warning: every installed TypeSpec package accepts the installed compiler (the
// override in package.json pins @typespec/asset-emitter for this; see the README's quick start).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";

interface Manifest {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
}

const read = (dir: string): Manifest => JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));

/** Every installed @typespec/* package, nested copies included. */
function typespecPackages(nodeModules: string, out: string[] = []): string[] {
  const scope = path.join(nodeModules, "@typespec");
  if (!existsSync(scope)) return out;
  for (const name of readdirSync(scope)) {
    const dir = path.join(scope, name);
    if (!existsSync(path.join(dir, "package.json"))) continue;
    out.push(dir);
    typespecPackages(path.join(dir, "node_modules"), out);
  }
  return out;
}

/** `^x.y.z` and `~x.y.z`, the forms TypeSpec packages use; anything else fails the test by name. */
function satisfies(version: string, range: string): boolean {
  const m = /^([\^~])(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!m) throw new Error(`unsupported range ${range}`);
  const [major, minor, patch] = version.split(".").map(Number) as [number, number, number];
  const [want, wantMinor, wantPatch] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (major !== want) return false;
  if (m[1] === "~") return minor === wantMinor && patch >= wantPatch;
  return minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
}

describe("the installed TypeSpec packages", () => {
  it("each accept the installed @typespec/compiler as their peer", () => {
    const nodeModules = path.join(repoRoot, "node_modules");
    const compiler = read(path.join(nodeModules, "@typespec", "compiler")).version;
    const wants = typespecPackages(nodeModules)
      .map(read)
      .filter((p) => p.peerDependencies?.["@typespec/compiler"])
      .map((p) => ({ pkg: `${p.name}@${p.version}`, range: p.peerDependencies!["@typespec/compiler"]! }));
    expect(wants.some((w) => w.pkg.startsWith("@typespec/asset-emitter@"))).toBe(true);
    expect(wants.filter((w) => !satisfies(compiler, w.range))).toEqual([]);
  });

  it("reads a caret range as npm does", () => {
    expect(satisfies("1.16.0", "^1.16.0")).toBe(true);
    expect(satisfies("1.16.0", "^1.17.0")).toBe(false);
    expect(satisfies("1.17.2", "~1.17.0")).toBe(true);
    expect(satisfies("2.0.0", "^1.16.0")).toBe(false);
  });
});
