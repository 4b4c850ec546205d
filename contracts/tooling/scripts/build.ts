// npm run contracts:build [-- <name>...] [--no-docs]: builds every contract under contracts/ (or the ones named).
// Exit codes: 0 built; 1 TypeSpec diagnostics (errors or warnings, linter included) or a failed render;
// 2 usage or configuration error (unknown contract, vars.yml missing or without provider.name).
import { Command } from "commander";
import { ConfigError } from "../../../src/config/load.js";
import { ContractNotFoundError, selectContracts } from "../src/contracts.js";

const program = new Command("contracts:build")
  .description(
    "Build each contract under contracts/ (or the named ones): compile the TypeSpec with the @platform/typespec " +
      "linter (any warning fails), write openapi/openapi.<version>.json, the TypeScript types the contract " +
      "declares, and the HTML reference docs in docs/. The library is built first when needed.",
  )
  .argument("[names...]", "contract folder names under contracts/ (default: all)")
  .option("--no-docs", "skip the HTML reference docs")
  .addHelpText("after", "\nExit codes: 0 built; 1 diagnostics or render failure; 2 usage or configuration error.")
  .showHelpAfterError();

program.parse();
const names = program.args;
const { docs } = program.opts<{ docs: boolean }>();

try {
  const contracts = selectContracts(names);
  if (contracts.length === 0) throw new ContractNotFoundError("(any)", []);
  // The compiler, renderers and generators load only once the arguments are known to be good.
  const { buildContract } = await import("../src/build.js");
  for (const contract of contracts) {
    const { compiled, files, notes } = await buildContract(contract, { docs });
    const extra = notes.length > 0 ? `; ${notes.join("; ")}` : "";
    console.log(`${contract.name}: TypeSpec compile ${Math.round(compiled.compileMs)} ms${extra}`);
    for (const file of files) console.log(`  ${file}`);
  }
} catch (err) {
  if (err instanceof ConfigError || err instanceof ContractNotFoundError) {
    console.error(err.message);
    process.exitCode = 2;
  } else if (err instanceof Error && err.name === "ContractBuildError") {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  }
}
