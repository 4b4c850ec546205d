// What a docs-index subcommand module provides. Commands import this type, never program.ts (no cycle), and
// share helpers through ./common/, never through a sibling command.
import type { Command } from "commander";
import type { CliContext } from "../context.js";
import type { OutcomeKind } from "../exit-codes.js";

/* eslint-disable @typescript-eslint/no-explicit-any -- commander hands each action its positional arguments untyped */
/** The command's body: returns its outcome (src/cli/exit-codes.ts); throws CliError (or any error) to fail. */
type Action = (ctx: CliContext, ...args: any[]) => Promise<OutcomeKind>;
/** Wraps an action with the shared context, deadline and error mapping (see program.ts). */
export type ActionRunner = (action: Action) => (...args: any[]) => Promise<void>;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface CommandModule {
  register(program: Command, run: ActionRunner): void;
}
