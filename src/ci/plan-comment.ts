// The pull request's plan comment: one comment holding every stack's `terraform show` text and the docs-index
// plan in markdown, found again by a hidden marker and updated in place on later pushes. Pure: texts in, the
// comment's markdown out, cut to fit the hosts' comment limits (the docs-index plan is kept whole first).
/** The hidden line the comment is found by: one comment per environment. */
export function planCommentMarker(environment: string): string {
  return `<!-- docs-platform-plan:${environment} -->`;
}

/** GitHub refuses comments over 65,536 characters; Azure DevOps allows more. One limit, with room to spare. */
const DEFAULT_COMMENT_LIMIT = 60_000;

interface TerraformPlanText {
  stack: string;
  /** `terraform show -no-color <planfile>` output. */
  text: string;
}

export interface PlanCommentInput {
  environment: string;
  /** The commit the plans were computed for. */
  commit?: string;
  terraform: TerraformPlanText[];
  /** `docs-index plan --markdown` output. */
  docsIndexMarkdown: string;
  /** Where the whole plans are when a section had to be cut (e.g. the run's URL). */
  fullPlansAt?: string;
  limit?: number;
}

/** Terraform's own one-line verdict ("Plan: 1 to add, 0 to change, 0 to destroy." / "No changes. ..."). */
export function terraformSummary(text: string): string {
  const plan = /^Plan: .*$/m.exec(text)?.[0];
  if (plan) return plan.trim();
  if (/^No changes\./m.test(text)) return "No changes.";
  return "see the plan";
}

/** A code fence longer than any backtick run in `text`, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(longest + 1);
}

function terraformSection(plan: TerraformPlanText, text: string): string {
  const fence = fenceFor(text);
  return [
    `<details><summary>terraform <code>${plan.stack}</code>: ${terraformSummary(plan.text)}</summary>`,
    "",
    `${fence}text`,
    text.replace(/\n+$/, ""),
    fence,
    "",
    "</details>",
  ].join("\n");
}

/** `text` cut to at most `budget` characters at a line end, saying how much was left out and where it is. */
export function cutText(text: string, budget: number, fullPlansAt?: string): string {
  if (text.length <= budget) return text;
  const note = (n: number) =>
    `\n… ${n} more line${n === 1 ? "" : "s"} cut to fit the comment${fullPlansAt ? `; the whole plan: ${fullPlansAt}` : ""}`;
  const room = Math.max(0, budget - note(99_999).length);
  const kept = text.slice(0, room).replace(/\n[^\n]*$/, "");
  const dropped = text.slice(kept.length).split("\n").filter(Boolean).length;
  return `${kept}${note(dropped)}`;
}

export function composePlanComment(input: PlanCommentInput): string {
  const limit = input.limit ?? DEFAULT_COMMENT_LIMIT;
  const head = [
    planCommentMarker(input.environment),
    `## Plan for \`${input.environment}\`${input.commit ? ` at ${input.commit.slice(0, 12)}` : ""}`,
    "",
    "_Updated on every push. Terraform plans per stack, then the search definitions' plan; the deploy on merge applies exactly the saved docs-index plan shown here._",
    "",
  ].join("\n");
  // The docs-index plan is what reviewers approve for the data plane: it is kept whole unless it alone is too big.
  const docsIndex = cutText(input.docsIndexMarkdown.replace(/\n+$/, ""), Math.floor(limit / 2), input.fullPlansAt);
  const fixed = head.length + docsIndex.length + 2 + input.terraform.length * 200;
  const share = Math.max(200, Math.floor((limit - fixed) / Math.max(1, input.terraform.length)));
  const sections = input.terraform.map((plan) => terraformSection(plan, cutText(plan.text, share, input.fullPlansAt)));
  return `${[head, "### Terraform", "", ...sections.flatMap((s) => [s, ""]), docsIndex].join("\n")}\n`;
}
