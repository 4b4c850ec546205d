// `npm run contracts:check [-- <name>...] [--base <git-ref>] [--json] [--update-baseline]`
// (contracts/tooling/scripts/check.ts is the process around it).
// Compiles each contract and compares its OpenAPI descriptions with the committed baseline (default) or with
// the contract's openapi/ folder at a git ref (pull requests: --base origin/main). Writes no build output.
// Breaking changes named in contracts/<name>/approved-breaking-changes.yaml pass and are printed; in GitHub Actions
// and Azure Pipelines each is also annotated on the run (and listed in GitHub's job summary).
// Exit codes: 0 no breaking changes (or accepted by a new version, or approved); 1 breaking changes or contract
// errors; 2 usage, configuration (an invalid approvals file) or git error; 3 a contract does not compile.
import { appendFileSync } from "node:fs";
import { Command } from "commander";
import { ConfigError } from "../../../src/config/load.js";
import { readApprovals } from "./approvals.js";
import { BaselineError, committedBaseline, gitBaseline, verifyRef, writeBaseline } from "./baseline.js";
import type { ContractCheck } from "./check.js";
import type { CommandStreams } from "../../../src/cli/command-streams.js";
import { failureExit, parseCommand } from "./command-streams.js";
import { ContractNotFoundError, repoRoot, selectContracts, type Contract } from "./contracts.js";

interface CheckOptions {
  base?: string;
  json?: boolean;
  updateBaseline?: boolean;
}

function program(): Command {
  return new Command("contracts:check")
    .description(
      "Fail on breaking changes to the contracts' OpenAPI descriptions (removed path, operation, response, property " +
        "or enum value; a property or parameter made required; a request narrowed or a response widened; a removed " +
        "security requirement) unless the contract declares a new version in its Versions enum or approves the " +
        "change in its approved-breaking-changes.yaml; and on a required name that names no property.",
    )
    .argument("[names...]", "contract folder names under contracts/ (default: all)")
    .option("--base <git-ref>", "compare with the contract's openapi/ at this ref instead of the committed baseline")
    .option("--json", "print the result as JSON on stdout (messages go to stderr)")
    .option("--update-baseline", "after a passing check, record the fresh descriptions in contracts/<name>/baseline/")
    .addHelpText(
      "after",
      "\nExamples:\n  npm run contracts:check\n  npm run contracts:check -- --base origin/main\n" +
        "\nExit codes: 0 no breaking changes (or accepted by a new version, or approved); 1 breaking changes or\n" +
        "contract errors; 2 usage, configuration (an invalid approvals file) or git error; 3 a contract does not compile.",
    )
    .showHelpAfterError();
}

/** Compiles each contract and checks it against its baseline; prints each result unless --json. */
async function checkContracts(contracts: Contract[], options: CheckOptions, streams: CommandStreams) {
  // The compiler and the diff load only once the arguments are known to be good.
  const [{ prepareAndCompile }, { checkContract, renderCheck }, { SourceIndex }] = await Promise.all([
    import("./build.js"),
    import("./check.js"),
    import("./locate.js"),
  ]);
  const checks: ContractCheck[] = [];
  const notice = (message: string) => streams.stderr.write(`${message}\n`);
  for (const contract of contracts) {
    const approvals = readApprovals(contract);
    const compiled = await prepareAndCompile(contract, notice);
    const baseline = options.base === undefined ? committedBaseline(contract) : gitBaseline(contract, options.base);
    const check = checkContract(
      contract.name,
      baseline.label,
      baseline.documents,
      compiled.documents,
      new SourceIndex(compiled.program, repoRoot),
      approvals,
    );
    checks.push(check);
    if (!options.json) streams.stdout.write(`${renderCheck(check)}\n`);
    if (options.updateBaseline && check.ok) {
      for (const file of writeBaseline(contract, compiled.documents)) notice(`baseline recorded: ${file}`);
    }
  }
  return checks;
}

/** Runs contracts:check with `args` (what follows the script name); returns the exit code. */
export async function runContractsCheck(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  streams: CommandStreams = process,
): Promise<number> {
  const parsed = parseCommand(program(), args, streams);
  if (typeof parsed === "number") return parsed;
  const options = parsed.opts<CheckOptions>();
  try {
    if (options.base !== undefined && options.updateBaseline)
      throw new BaselineError("--update-baseline records the committed baseline; do not combine it with --base");
    if (options.base !== undefined) verifyRef(options.base);
    const checks = await checkContracts(selectContracts(parsed.args), options, streams);
    if (options.json)
      streams.stdout.write(`${JSON.stringify({ ok: checks.every((c) => c.ok), contracts: checks }, null, 2)}\n`);
    else {
      // Annotations on the CI run (stdout is the CI system's command channel; --json keeps stdout to the JSON).
      const { ciReport } = await import("./ci-report.js");
      const report = ciReport(checks, env);
      for (const command of report.commands) streams.stdout.write(`${command}\n`);
      if (report.summary && env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, report.summary);
    }
    return checks.every((c) => c.ok) ? 0 : 1;
  } catch (err) {
    return failureExit(err, streams, [ConfigError, ContractNotFoundError, BaselineError], 3);
  }
}
