// `--markdown` (plan, show, eval): the reviewer's view for a pull request instead of the text for people. It
// excludes --json, which prints the document.
import { CliError } from "../../exit-codes.js";

/** How the result is shown for people: text, or Markdown. */
export type TextFormat = "text" | "markdown";

export function parseTextFormat(flags: { markdown?: boolean }, json: boolean): TextFormat {
  if (flags.markdown && json) throw new CliError("--markdown and --json exclude each other", "usage");
  return flags.markdown ? "markdown" : "text";
}
