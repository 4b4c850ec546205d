// Saved-plan files for plan -out, deploy <file> and show <file>: read and written here (the shell), parsed and
// checked by the core (src/search/saved-plans/). Not a saved plan → usage error; another format version
// or any refusal → refused, nothing written (the outcomes: src/cli/outcome-exit.ts).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseSavedPlan, serializeSavedPlan, type SavedPlan } from "../../../search/saved-plans/saved-plan.js";
import { savedPlanDocument, savedPlanFromDocument } from "../../../search/views/plan-document.js";
import { CliError } from "../../exit-codes.js";

export function readSavedPlanFile(file: string): SavedPlan {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(
      `${file}: ${code === "ENOENT" ? "not found" : (err as Error).message}`,
      "usage",
      "Write a saved plan with `docs-index plan -out <file>`.",
    );
  }
  // Not a saved plan (usage) or an older format (refused): src/cli/outcome-exit.ts maps the errors by class.
  // The file is the plan's document: the notes the views word (a blue/green rebuild's cost) are taken out again.
  return savedPlanFromDocument(parseSavedPlan(text, file));
}

/** Written whole or not at all: a temporary file beside it, then a rename. Missing folders are created. */
export function writeSavedPlanFile(file: string, saved: SavedPlan): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, serializeSavedPlan(savedPlanDocument(saved)), { mode: 0o644 });
    renameSync(temporary, file);
  } catch (err) {
    throw new CliError(`cannot write the saved plan to ${file}: ${(err as Error).message}`, "usage");
  }
}
