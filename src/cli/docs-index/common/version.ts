// The docs-index version (package.json): `--version`, and the tool that wrote a saved plan.
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../../config/repo-root.js";

export function cliVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "unknown";
  }
}
