// Where contracts:check reads the previous descriptions from: the committed baseline (contracts/<name>/baseline/,
// the default, so CI works on a fresh clone) or the contract's openapi/ folder at a git ref (`--base`, for pull
// requests). Both hold openapi.<version>.json files.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileOfVersion, repoRoot, versionOfFile, type Contract } from "./contracts.js";
import { writeIfChanged } from "./files.js";

const GIT_TIMEOUT_MS = 30_000;

export class BaselineError extends Error {
  override name = "BaselineError";
}

function baselineDir(contract: Contract): string {
  return path.join(contract.dir, "baseline");
}

export interface Baseline {
  label: string;
  documents: Map<string, string>;
}

/** contracts/<name>/baseline/openapi.<version>.json; empty when the folder does not exist. */
export function committedBaseline(contract: Contract): Baseline {
  const dir = baselineDir(contract);
  const documents = new Map<string, string>();
  if (existsSync(dir)) {
    for (const file of readdirSync(dir).sort()) {
      const version = versionOfFile(file);
      if (version !== undefined) documents.set(version, readFileSync(path.join(dir, file), "utf8"));
    }
  }
  return { label: `the committed baseline (${path.relative(repoRoot, dir)})`, documents };
}

function git(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync("git", args, {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: GIT_TIMEOUT_MS,
    maxBuffer: 64 << 20,
  });
  if (result.error) throw new BaselineError(`git ${args[0]} failed: ${result.error.message}`);
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Fails with a clear message when `ref` is not a commit in this clone. */
export function verifyRef(ref: string): void {
  if (ref.startsWith("-")) throw new BaselineError(`--base takes a git ref, got '${ref}'`);
  const { status } = git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (status !== 0) {
    throw new BaselineError(
      `--base ${ref}: not a commit in this clone. Fetch it first (e.g. \`git fetch origin main\`; in GitHub Actions ` +
        "use actions/checkout with fetch-depth: 0).",
    );
  }
}

/** The contract's openapi/openapi.<version>.json files as they are at `ref` (empty when it did not exist yet). */
export function gitBaseline(contract: Contract, ref: string): Baseline {
  verifyRef(ref);
  const folder = path.relative(repoRoot, path.join(contract.dir, "openapi")).split(path.sep).join("/");
  const listed = git(["ls-tree", "--name-only", `${ref}:${folder}`]);
  const documents = new Map<string, string>();
  if (listed.status === 0) {
    for (const file of listed.stdout.split("\n").filter(Boolean)) {
      const version = versionOfFile(file);
      if (version === undefined) continue;
      const shown = git(["show", `${ref}:${folder}/${file}`]);
      if (shown.status !== 0)
        throw new BaselineError(`git show ${ref}:${folder}/${file} failed: ${shown.stderr.trim()}`);
      documents.set(version, shown.stdout);
    }
  }
  return { label: `${ref} (${folder}/)`, documents };
}

/** Records the fresh descriptions as the new baseline (stale versions removed). */
export function writeBaseline(contract: Contract, documents: ReadonlyMap<string, string>): string[] {
  const dir = baselineDir(contract);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    const version = versionOfFile(file);
    if (version !== undefined && !documents.has(version)) rmSync(path.join(dir, file));
  }
  const written: string[] = [];
  for (const [version, text] of documents) {
    const file = path.join(dir, fileOfVersion(version));
    writeIfChanged(file, text);
    written.push(path.relative(repoRoot, file));
  }
  return written;
}
