// Small file helpers shared by the contract build steps.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Writes only when the content changes, through a temporary file (readers never see half a file). */
export function writeIfChanged(file: string, content: string): void {
  try {
    if (readFileSync(file, "utf8") === content) return;
  } catch {
    // Missing: write it.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = `${file}.${process.pid}.tmp`;
  writeFileSync(staging, content);
  renameSync(staging, file);
}
