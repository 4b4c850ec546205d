// npm run contracts:check [-- <name>...] [--base <git-ref>] [--json] [--update-baseline]: the process around
// runContractsCheck (contracts/tooling/src/check-command.ts, which lists the exit codes; --help too).
import { runContractsCheck } from "../src/check-command.js";

process.exitCode = await runContractsCheck(process.argv.slice(2));
