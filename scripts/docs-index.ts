// Entry point: npm run docs-index -- <command> [options]. See --help.
import { runCli } from "../src/cli/docs-index/program.js";

process.exitCode = await runCli(process.argv);
