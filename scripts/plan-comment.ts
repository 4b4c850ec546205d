// npm run plan:comment -- compose | post-azure-devops: the pull-request plan comment (see docs/saved-plans.md).
//   compose --environment dev [--commit <sha>] --terraform <stack>=<show.txt>... --docs-index <plan.md>
//           [--full-plans-at <url>] [--limit <chars>] --out <comment.md>
//   post-azure-devops --environment dev --body <comment.md>
//           (Azure Pipelines PR stage; GitHub uses a sticky-comment action)
// The process around runPlanComment (src/cli/plan-comment/command.ts): exit 2 for bad usage, 1 when not posted.
import { exitCodeOf } from "../src/cli/exit-codes.js";
import { runPlanComment } from "../src/cli/plan-comment/command.js";

const outcome = await runPlanComment(process.argv.slice(2), process.env, process.stderr);
if (outcome !== "ok") process.exit(exitCodeOf(outcome));
