// npm run contracts:build [-- <name>...] [--no-docs]: the process around runContractsBuild
// (contracts/tooling/src/build-command.ts, which lists the exit codes; --help too).
import { runContractsBuild } from "../src/build-command.js";

process.exitCode = await runContractsBuild(process.argv.slice(2));
