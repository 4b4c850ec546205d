// `npm run webhook:build`: compiles the function app (webhook/tsconfig.json) into webhook/dist, starting from an
// empty folder, so no file of an earlier build (a source since moved or deleted, e.g. the local emulation that
// now lives in local/webhook/) ships in the zip deploy, which takes the whole of webhook/dist. `--out-dir <dir>`
// builds into another folder named dist (the packaging test). Plain .mjs: it runs before anything is compiled.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--out-dir");
const outDir = at >= 0 ? path.resolve(process.argv[at + 1] ?? "") : path.join(root, "webhook", "dist");
// It is emptied first: refuse anything but a folder named dist, so a mistyped argument cannot remove a source tree.
if (path.basename(outDir) !== "dist") {
  console.error(`webhook:build: --out-dir must name a folder called dist (it is emptied first), got ${outDir}`);
  process.exit(2);
}
rmSync(outDir, { recursive: true, force: true });
// TypeScript 5.9 by path (README: both compilers ship a `tsc` binary).
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
const result = spawnSync(
  process.execPath,
  [tsc, "-p", path.join(root, "webhook", "tsconfig.json"), "--outDir", outDir],
  {
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
