// npm run plan:comment -- compose | post-azure-devops: the pull-request plan comment (see docs/saved-plans.md).
//   compose --environment dev [--commit <sha>] --terraform <stack>=<show.txt>... --docs-index <plan.md>
//           [--full-plans-at <url>] [--limit <chars>] --out <comment.md>
//   post-azure-devops --environment dev --body <comment.md>
//           (Azure Pipelines PR stage; GitHub uses a sticky-comment action)
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { exitCodeOf } from "../src/cli/exit-codes.js";
import { upsertPullRequestComment } from "../src/ci/azure-devops-comment.js";
import { composePlanComment, planCommentMarker } from "../src/ci/plan-comment.js";

function fail(message: string): never {
  process.stderr.write(`plan-comment: ${message}\n`);
  process.exit(exitCodeOf("usage"));
}

function required(value: string | undefined, name: string): string {
  if (!value) fail(`${name} is required`);
  return value;
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    fail(`cannot read ${file}: ${(err as Error).message}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    environment: { type: "string" },
    commit: { type: "string" },
    terraform: { type: "string", multiple: true },
    "docs-index": { type: "string" },
    "full-plans-at": { type: "string" },
    limit: { type: "string" },
    out: { type: "string" },
    body: { type: "string" },
  },
  strict: true,
});

if (command === "compose") {
  const terraform = (values.terraform ?? []).map((spec) => {
    const at = spec.indexOf("=");
    if (at < 1) fail(`--terraform expects <stack>=<file>, got ${JSON.stringify(spec)}`);
    return { stack: spec.slice(0, at), text: read(spec.slice(at + 1)) };
  });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 1000))
    fail("--limit expects a number of characters > 1000");
  const comment = composePlanComment({
    environment: required(values.environment, "--environment"),
    commit: values.commit,
    terraform,
    docsIndexMarkdown: read(required(values["docs-index"], "--docs-index")),
    fullPlansAt: values["full-plans-at"],
    limit,
  });
  writeFileSync(required(values.out, "--out"), comment);
} else if (command === "post-azure-devops") {
  const env = process.env;
  const token = env.SYSTEM_ACCESSTOKEN;
  if (!token)
    fail("SYSTEM_ACCESSTOKEN is not set: map it into the step (env: SYSTEM_ACCESSTOKEN: $(System.AccessToken))");
  const outcome = await upsertPullRequestComment(
    {
      collectionUri: required(env.SYSTEM_COLLECTIONURI, "SYSTEM_COLLECTIONURI"),
      project: required(env.SYSTEM_TEAMPROJECTID, "SYSTEM_TEAMPROJECTID"),
      repositoryId: required(env.BUILD_REPOSITORY_ID, "BUILD_REPOSITORY_ID"),
      pullRequestId: required(
        env.SYSTEM_PULLREQUEST_PULLREQUESTID,
        "SYSTEM_PULLREQUEST_PULLREQUESTID (run in a PR build)",
      ),
    },
    token,
    read(required(values.body, "--body")),
    planCommentMarker(required(values.environment, "--environment")),
  ).catch((err: unknown) => {
    process.stderr.write(`plan-comment: ${(err as Error).message}\n`);
    process.exit(exitCodeOf("check-failed")); // 1: the comment was not posted
  });
  process.stderr.write(`plan comment ${outcome.action} (thread ${outcome.threadId})\n`);
} else {
  fail(`unknown command ${JSON.stringify(command ?? "")}; expected compose or post-azure-devops`);
}
