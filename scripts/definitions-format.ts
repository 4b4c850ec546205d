// npm run definitions:format -- [<dir>] [--check]: the command is src/cli/definitions-format/command.ts (--help lists
// its options and exit codes).
import { runDefinitionsFormat } from "../src/cli/definitions-format/command.js";

process.exitCode = runDefinitionsFormat(process.argv.slice(2));
