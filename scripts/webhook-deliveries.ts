// npm run webhook-deliveries -- list|show <id>|replay <id>|replay --all-poison [--json] [--yes]
// (the command lives with the receiver: webhook/src/ops/cli.ts; --help lists options and exit codes).
import { runDeliveriesCli } from "../webhook/src/ops/cli.js";

process.exitCode = await runDeliveriesCli(process.argv.slice(2));
