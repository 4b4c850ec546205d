// The function package the pipelines zip (host.json, package.json, webhook/dist) holds exactly the compiled app:
// `npm run webhook:build` starts from an empty dist, so a file of an earlier build is gone, and nothing of the
// local emulation (local/webhook/) or the operations CLI (src/cli/webhook-deliveries/) is in it.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";

const tmp = mkdtempSync(path.join(tmpdir(), "webhook-build-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

describe("npm run webhook:build (the deployed function package)", () => {
  it("starts from an empty dist: no stale file, only the compiled webhook/src and shared/, no local emulation", async () => {
    const dist = path.join(tmp, "dist");
    mkdirSync(path.join(dist, "src"), { recursive: true });
    writeFileSync(path.join(dist, "src", "dev-server.js"), "// left by an earlier build\n");
    writeFileSync(path.join(dist, "src", "adapter-request.js"), "// left by an earlier build\n");

    // The script itself (it empties the folder, then runs tsc); --no-check: npm test type-checks webhook/ already.
    await promisify(execFile)(process.execPath, [
      path.join(repoRoot, "scripts", "webhook-build.mjs"),
      "--out-dir",
      dist,
      "--no-check",
    ]);

    const files = filesUnder(dist);
    expect(files).not.toContain("src/dev-server.js");
    expect(files).not.toContain("src/adapter-request.js");
    expect(
      files.filter((f) => /dev-server|adapter-request|queue-host|webhook-dev|stubs|webhook-deliveries/.test(f)),
    ).toEqual([]);
    // Every emitted file is the output of a source in webhook/src or shared/ (the tsconfig includes only those).
    const sources = new Set(
      ["webhook/src", "shared"].flatMap((dir) =>
        filesUnder(path.join(repoRoot, dir)).map((f) => `${dir}/${f.replace(/\.ts$/, "")}`),
      ),
    );
    expect(files.filter((f) => !sources.has(f.replace(/\.js(\.map)?$/, "")))).toEqual([]);
    expect(files).toContain("shared/loopback.js");
    const main = JSON.parse(readFileSync(path.join(repoRoot, "webhook", "package.json"), "utf8")).main as string;
    expect(files).toContain(main.replace(/^dist\//, ""));
    // A hang guard, not a timing target: tsc on a loaded 2-core machine has taken over the default 30 s.
  }, 120_000);

  it("refuses an output folder not named dist (it is emptied first)", async () => {
    const run = promisify(execFile)(process.execPath, [
      path.join(repoRoot, "scripts", "webhook-build.mjs"),
      "--out-dir",
      tmp,
    ]);
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("must name a folder called dist"),
    });
    expect(existsSync(tmp)).toBe(true);
  });
});
