// `npm run plan:comment -- compose | post-azure-devops` (scripts/plan-comment.ts is the process around it): reads
// the files the pipeline names, composes the comment (src/ci/plan-comment.ts) and writes it, or posts it to the
// Azure DevOps pull request (src/ci/azure-devops-comment.ts). Errors go to stderr as "plan-comment: …".
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { CommandStreams } from "../command-streams.js";
import { exitCodeHelp, type OutcomeKind } from "../exit-codes.js";
import { upsertPullRequestComment } from "../../ci/azure-devops-comment.js";
import { composePlanComment, planCommentMarker } from "../../ci/plan-comment.js";

/** Bad usage or an unreadable input: reported as "plan-comment: <message>", exit 2. */
class UsageFailure extends Error {}

function fail(message: string): never {
  throw new UsageFailure(message);
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

/** What `plan-comment --help` (or `help`, `-h`, or `--help` after a command) prints on stdout. */
const PLAN_COMMENT_HELP = `Usage: npm run plan:comment -- <command> [options]

The pull-request plan comment: the Terraform plans and the docs-index plan of one environment in one comment
(docs/saved-plans.md).

Commands:
  compose             write the comment to a file
    --environment <env>            the environment the plans are for (required)
    --docs-index <plan.md>         docs-index show <saved plan> --markdown (required)
    --terraform <stack>=<file>     terraform show -no-color of a stack's plan (repeatable)
    --commit <sha>                 the commit the plans were made from (named in the header)
    --full-plans-at <url>          where the full plans are, linked when the comment is shortened
    --limit <chars>                the comment's size limit in characters (> 1000; default 60,000, under GitHub's 65,536)
    --out <comment.md>             where to write the comment (required)
  post-azure-devops   create or edit the comment on the Azure DevOps pull request (Azure Pipelines PR builds)
    --environment <env>            the environment: one comment per environment, edited in place (required)
    --body <comment.md>            the composed comment (required)
    reads SYSTEM_ACCESSTOKEN, SYSTEM_COLLECTIONURI, SYSTEM_TEAMPROJECTID, BUILD_REPOSITORY_ID and
    SYSTEM_PULLREQUEST_PULLREQUESTID from the pipeline's environment
${exitCodeHelp(
  {
    ok: "the comment was written or posted (or this help printed)",
    "check-failed": "the comment could not be posted",
    usage: "usage error (an unknown command or option, a missing one) or an unreadable file; nothing was written",
  },
  { offline: true },
)}
`;

function isHelp(arg: string | undefined): boolean {
  return arg === "--help" || arg === "-h" || arg === "help";
}

function parse(args: string[]) {
  return parseArgs({
    args,
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
  }).values;
}

/** parseArgs's refusal of an unknown or malformed option, as a usage failure. */
function parseOptions(args: string[]): ReturnType<typeof parse> {
  try {
    return parse(args);
  } catch (err) {
    fail(`${(err as Error).message} (see npm run plan:comment -- --help)`);
  }
}
type Values = ReturnType<typeof parse>;

function compose(values: Values): void {
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
}

async function postAzureDevOps(
  values: Values,
  env: NodeJS.ProcessEnv,
  stderr: CommandStreams["stderr"],
): Promise<OutcomeKind> {
  const token = env.SYSTEM_ACCESSTOKEN;
  if (!token)
    fail("SYSTEM_ACCESSTOKEN is not set: map it into the step (env: SYSTEM_ACCESSTOKEN: $(System.AccessToken))");
  const pullRequest = {
    collectionUri: required(env.SYSTEM_COLLECTIONURI, "SYSTEM_COLLECTIONURI"),
    project: required(env.SYSTEM_TEAMPROJECTID, "SYSTEM_TEAMPROJECTID"),
    repositoryId: required(env.BUILD_REPOSITORY_ID, "BUILD_REPOSITORY_ID"),
    pullRequestId: required(
      env.SYSTEM_PULLREQUEST_PULLREQUESTID,
      "SYSTEM_PULLREQUEST_PULLREQUESTID (run in a PR build)",
    ),
  };
  const body = read(required(values.body, "--body"));
  const marker = planCommentMarker(required(values.environment, "--environment"));
  let outcome: Awaited<ReturnType<typeof upsertPullRequestComment>>;
  try {
    outcome = await upsertPullRequestComment(pullRequest, token, body, marker);
  } catch (err) {
    stderr.write(`plan-comment: ${(err as Error).message}\n`);
    return "check-failed"; // 1: the comment was not posted
  }
  stderr.write(`plan comment ${outcome.action} (thread ${outcome.threadId})\n`);
  return "ok";
}

/**
 * Runs `plan-comment <command> [options]` (args: what follows the script name). Returns "usage" for bad usage (an
 * unknown command or option) or an unreadable file, "check-failed" when the comment could not be posted; `--help`
 * prints the usage on stdout.
 */
export async function runPlanComment(
  args: string[],
  env: NodeJS.ProcessEnv,
  stderr: CommandStreams["stderr"],
  stdout: CommandStreams["stdout"] = process.stdout,
): Promise<OutcomeKind> {
  const [command, ...rest] = args;
  if (isHelp(command) || rest.some(isHelp)) {
    stdout.write(PLAN_COMMENT_HELP);
    return "ok";
  }
  try {
    const values = parseOptions(rest);
    if (command === "compose") {
      compose(values);
      return "ok";
    }
    if (command === "post-azure-devops") return await postAzureDevOps(values, env, stderr);
    fail(
      `unknown command ${JSON.stringify(command ?? "")}; expected compose or post-azure-devops (see npm run plan:comment -- --help)`,
    );
  } catch (err) {
    if (!(err instanceof UsageFailure)) throw err;
    stderr.write(`plan-comment: ${err.message}\n`);
    return "usage";
  }
}
