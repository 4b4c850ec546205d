// `npm run contracts:build [-- <name>...] [--no-docs]` (contracts/tooling/scripts/build.ts is the process around
// it): builds every contract under contracts/ (or the ones named).
// Exit codes: 0 built; 1 TypeSpec diagnostics (errors or warnings, linter included) or a failed render;
// 2 usage or configuration error (unknown contract, vars.yml missing or without provider.name).
import { Command } from "commander";
import { ConfigError } from "../../../src/config/load.js";
import type { CommandStreams } from "../../../src/cli/command-streams.js";
import { failureExit, parseCommand } from "./command-streams.js";
import { ContractNotFoundError, selectContracts } from "./contracts.js";

function program(): Command {
  return new Command("contracts:build")
    .description(
      "Build each contract under contracts/ (or the named ones): compile the TypeSpec with the @platform/typespec " +
        "linter (any warning fails), write openapi/openapi.<version>.json, the TypeScript types the contract " +
        "declares, and the HTML reference docs in docs/. The library is built first when needed.",
    )
    .argument("[names...]", "contract folder names under contracts/ (default: all)")
    .option("--no-docs", "skip the HTML reference docs")
    .addHelpText("after", "\nExit codes: 0 built; 1 diagnostics or render failure; 2 usage or configuration error.")
    .showHelpAfterError();
}

/** Runs contracts:build with `args` (what follows the script name); returns the exit code. */
export async function runContractsBuild(args: readonly string[], streams: CommandStreams = process): Promise<number> {
  const parsed = parseCommand(program(), args, streams);
  if (typeof parsed === "number") return parsed;
  const { docs } = parsed.opts<{ docs: boolean }>();
  try {
    const contracts = selectContracts(parsed.args);
    if (contracts.length === 0) throw new ContractNotFoundError("(any)", []);
    // The compiler, renderers and generators load only once the arguments are known to be good.
    const { buildContract } = await import("./build.js");
    for (const contract of contracts) {
      const { compiled, files, notes } = await buildContract(contract, { docs });
      const extra = notes.length > 0 ? `; ${notes.join("; ")}` : "";
      streams.stdout.write(`${contract.name}: TypeSpec compile ${Math.round(compiled.compileMs)} ms${extra}\n`);
      for (const file of files) streams.stdout.write(`  ${file}\n`);
    }
    return 0;
  } catch (err) {
    return failureExit(err, streams, [ConfigError, ContractNotFoundError], 1);
  }
}
