// Confirmation of destructive steps (deploy --allow-rebuild, orphans --delete, backfill): on a TTY the prompt
// names the environment, the endpoint and what will be lost, and only "yes" proceeds; without a TTY the
// command needs --yes (never waits on a non-interactive stdin).
import { createInterface } from "node:readline/promises";
import type { CliContext } from "../../context.js";
import { CliError } from "../../exit-codes.js";
import { describeTarget } from "./target.js";

export interface Destruction {
  /** What the command is about to do, e.g. "drop and recreate index docs-index". */
  action: string;
  /** What is lost, e.g. "every document in the index (1,234) until the run repopulates it". */
  loses: string;
  /** --yes was given. */
  yes: boolean;
  /** Whether storage is part of the target (orphans). */
  storage?: boolean;
}

export async function confirmDestructive(ctx: CliContext, d: Destruction): Promise<void> {
  const where = describeTarget(ctx, { storage: d.storage });
  if (d.yes) {
    ctx.out.note(`confirmed by --yes: ${d.action} (${where}); this loses ${d.loses}`);
    return;
  }
  if (!ctx.stdin.isTTY)
    throw new CliError(
      `refusing to ${d.action} without confirmation: no TTY and no --yes`,
      "refused",
      `This would lose ${d.loses} in ${where}. Re-run with --yes to confirm.`,
    );
  const rl = createInterface({ input: ctx.stdin, output: ctx.promptTo });
  try {
    const answer = await rl.question(
      `About to ${d.action}\n  in ${where}\n  this loses ${d.loses}\nType "yes" to continue: `,
    );
    if (answer.trim().toLowerCase() !== "yes") throw new CliError("not confirmed: nothing was changed", "refused");
  } finally {
    rl.close();
  }
}
