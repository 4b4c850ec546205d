// The options `docs-index query` and `docs-index retrieve` share, as the MCP tools' parameters: --dedup (the
// coverage check's decision, as search_docs, eval and coverage make it, unless it names one), --max-tokens, and the
// tools' limits for the environment (the `mcp` keys of vars.yml). The query rules' refusals are usage errors
// (src/cli/outcome-exit.ts).
import { Option } from "commander";
import { mcpConfigSchema } from "../../../config/mcp.js";
import { toolLimits, type ToolLimits } from "../../../mcp/core/limits.js";
import { chosenDedup, type DedupDecision } from "../../../search/dedup/policy.js";
import { TOKEN_BUDGETS } from "../../../search/query/page/answer-fit.js";
import type { CliContext } from "../../context.js";
import { integerIn } from "./options.js";

export type DedupChoice = "auto" | "transitional" | "strict";

export function dedupOption(): Option {
  return new Option(
    "--dedup <mode>",
    "one document per page, always on: auto (as search_docs decides: strict format eq '.html' once no document holds a null format, else transitional format eq null or format eq '.html'), transitional, strict",
  )
    .choices(["auto", "transitional", "strict"])
    .default("auto");
}

/** The operator's dedup choice, or undefined for the coverage check's decision (what the tools send). */
export function chosenDedupOf(choice: DedupChoice): DedupDecision | undefined {
  return choice === "auto" ? undefined : chosenDedup(choice, `--dedup ${choice}`);
}

/** The limits search_docs and retrieve_docs answer with in this environment, with `--top` given or not. */
export function cliToolLimits(ctx: CliContext): ToolLimits {
  return toolLimits(ctx.config.mcp ?? mcpConfigSchema.parse({}));
}

/** `--max-tokens`: the answer's budget, as the tools' `max_tokens` (default the tools' default). */
export function maxTokensOption(): Option {
  return new Option(
    "--max-tokens <n>",
    `budget of the answer in tokens (characters / 4; ${TOKEN_BUDGETS.min}-${TOKEN_BUDGETS.max}, default ${TOKEN_BUDGETS.searchDefault}, as the MCP tools): hits are added best first, each with the longest passage that fits`,
  ).argParser(integerIn("--max-tokens", TOKEN_BUDGETS.min, TOKEN_BUDGETS.max));
}
