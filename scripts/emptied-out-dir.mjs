// The output folder of a package build (`webhook:build`, `mcp:build`): the default, or `--out-dir <dir>` (the
// packaging tests), emptied before the build so no file of an earlier build ships. Because it is emptied, only a
// folder with the expected name is accepted: a mistyped argument cannot remove a source tree (exit 2).
// Plain .mjs: it runs before anything is compiled.
import { rmSync } from "node:fs";
import path from "node:path";

/** The emptied output folder for `script`; exits 2 when `--out-dir` names a folder not called `name`. */
export function emptiedOutDir(script, defaultDir, name) {
  const at = process.argv.indexOf("--out-dir");
  const outDir = at >= 0 ? path.resolve(process.argv[at + 1] ?? "") : defaultDir;
  if (path.basename(outDir) !== name) {
    console.error(`${script}: --out-dir must name a folder called ${name} (it is emptied first), got ${outDir}`);
    process.exit(2);
  }
  rmSync(outDir, { recursive: true, force: true });
  return outDir;
}
