// The repository root: the nearest folder above this module holding package.json (this file runs from
// src/config/ under tsx and from dist/cli/ once built). No dependencies, so the CLI can read it before loading
// the config's validators.
import { existsSync } from "node:fs";
import path from "node:path";

export const repoRoot = findRepoRoot(import.meta.dirname);

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, "..", "..");
  }
}
