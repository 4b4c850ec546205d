// Compiles the library's TypeScript (linter rules, $lib) to dist/ when the sources changed.
// TypeSpec loads a library's JS from package.json exports["."].default (dist/src/index.js), so the
// compiled JS must exist before any compile that enables the linter: `npm run contracts:build`, the
// tests and the benchmark call this first. A content hash (not mtimes) decides staleness, and a lock
// directory keeps parallel test workers from running tsc over each other.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

export const platformRoot = path.resolve(import.meta.dirname, "..");
const repoRoot = path.resolve(platformRoot, "..", "..");
const distDir = path.join(platformRoot, "dist");
const stampFile = path.join(distDir, ".build-hash");
const lockDir = path.join(distDir, ".build-lock");
const LOCK_STALE_MS = 120_000;

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full) : e.name.endsWith(".ts") ? [full] : [];
  });
}

/** Hash of everything that affects the compiled output. */
export function sourceHash(): string {
  const files = [
    ...listFiles(path.join(platformRoot, "src")).sort(),
    path.join(platformRoot, "tsconfig.json"),
    path.join(repoRoot, "tsconfig.json"),
  ];
  const hash = createHash("sha256");
  for (const file of files)
    hash.update(path.relative(platformRoot, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

function readStamp(): string | undefined {
  try {
    return readFileSync(stampFile, "utf8").trim();
  } catch {
    return undefined;
  }
}

function runTsc(): void {
  // TypeScript 7, the native compiler (0.5 s here instead of 2.7 s with 5.9; the emitted JavaScript and
  // declarations are the same). The root README's Tests section says why two TypeScript versions are installed.
  const tsc = path.join(repoRoot, "node_modules", "typescript-native", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", path.join(platformRoot, "tsconfig.json")], {
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(
      `tsc -p typespec/platform/tsconfig.json failed (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  }
}

function tryLock(): boolean {
  try {
    mkdirSync(lockDir);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    try {
      if (Date.now() - statSync(lockDir).mtimeMs > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
    } catch {
      // The holder removed it meanwhile.
    }
    return false;
  }
}

/** Builds dist/ if the sources changed since the last build. Returns whether it compiled. */
export async function ensurePlatformLibraryBuilt(
  options: { force?: boolean; onBuild?: (reason: string) => void } = {},
): Promise<boolean> {
  const wanted = sourceHash();
  const stamp = readStamp();
  if (!options.force && stamp === wanted) return false;
  options.onBuild?.(
    options.force
      ? "forced"
      : stamp === undefined
        ? "typespec/platform/dist is missing"
        : "typespec/platform/src changed since dist was built",
  );
  mkdirSync(distDir, { recursive: true });
  const deadline = Date.now() + LOCK_STALE_MS;
  while (!tryLock()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockDir}; remove it if no build is running`);
    await new Promise((r) => setTimeout(r, 100));
    if (!options.force && readStamp() === wanted) return false;
  }
  try {
    if (!options.force && readStamp() === wanted) return false;
    runTsc();
    writeFileSync(stampFile, `${wanted}\n`);
    return true;
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}
