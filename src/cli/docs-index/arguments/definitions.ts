// `--definitions <dir>`, the option of every command that reads the definition files (plan, deploy, backfill,
// coverage, migrate-to-alias, preview).
import type { Command } from "commander";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";

const DEFINITIONS_OPTION_HELP =
  "directory holding docs-index.json, docs-datasource.json, docs-indexer.json (and docs-knowledge-source.json, docs-knowledge-base.json with agentic retrieval on)";

/** `--definitions <dir>` (default search-definitions/); `more` adds to its help. */
export function addDefinitionsOption(command: Command, more = ""): Command {
  return command.option("--definitions <dir>", `${DEFINITIONS_OPTION_HELP}${more}`, DEFAULT_DEFINITIONS_DIR);
}
