// npm run webhook-deliveries -- list|show <id>|replay <id>|replay --all-poison [--json] [--yes]
// (the command: src/cli/webhook-deliveries/command.ts; --help lists options and exit codes).
import { runDeliveriesCli } from "../src/cli/webhook-deliveries/command.js";

process.exitCode = await runDeliveriesCli(process.argv.slice(2));
