// The pull request's plan comment: composed from the real renderers' output, cut to the hosts' limits, and (Azure
// DevOps) found again by its marker and edited in place instead of adding a comment per push.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findMarkedComment, upsertPullRequestComment } from "../../src/ci/azure-devops-comment.js";
import { composePlanComment, cutText, planCommentMarker, terraformSummary } from "../../src/ci/plan-comment.js";
import { renderPlanMarkdown } from "../../src/search/views/plan-markdown.js";
import { fourPlans, TARGET } from "../support/plan-fixtures.js";
import { runPlanComment } from "../../src/cli/plan-comment/command.js";
import { exitCodeOf } from "../../src/cli/exit-codes.js";

const TF_CHANGES = [
  "Terraform will perform the following actions:",
  "",
  "  # azurerm_search_service.docs will be updated in-place",
  '  ~ resource "azurerm_search_service" "docs" {',
  "      ~ replica_count = 1 -> 2",
  "    }",
  "",
  "Plan: 0 to add, 1 to change, 0 to destroy.",
].join("\n");
const TF_NONE = "No changes. Your infrastructure matches the configuration.\n";
const docsIndexMarkdown = renderPlanMarkdown(fourPlans().update.plan, { target: TARGET });

describe("composePlanComment", () => {
  it("one comment: marker, environment and commit, a folded section per stack with Terraform's verdict, the docs-index plan", () => {
    const comment = composePlanComment({
      environment: "dev",
      commit: "0123456789abcdef0123",
      terraform: [
        { stack: "docs-storage", text: TF_NONE },
        { stack: "docs-search", text: TF_CHANGES },
      ],
      docsIndexMarkdown,
    });
    expect(comment.startsWith("<!-- docs-platform-plan:dev -->\n## Plan for `dev` at 0123456789ab\n")).toBe(true);
    expect(comment).toContain("<details><summary>terraform <code>docs-storage</code>: No changes.</summary>");
    expect(comment).toContain(
      "<details><summary>terraform <code>docs-search</code>: Plan: 0 to add, 1 to change, 0 to destroy.</summary>",
    );
    expect(comment).toContain("```text\nTerraform will perform the following actions:");
    expect(comment).toContain(docsIndexMarkdown.trimEnd());
    expect(comment.indexOf("docs-search")).toBeLessThan(comment.indexOf("### docs-index plan"));
  });

  it("a plan holding a code fence cannot close the section's fence", () => {
    const comment = composePlanComment({
      environment: "dev",
      terraform: [{ stack: "webhook", text: "value = <<EOT\n```\nEOT\n" }],
      docsIndexMarkdown,
    });
    expect(comment).toContain("````text\nvalue = <<EOT\n```\nEOT\n````");
  });

  it("over the limit: Terraform texts are cut at line ends saying how much and where the whole plan is; the docs-index plan stays whole", () => {
    const huge = Array.from({ length: 5000 }, (_, i) => `  + line ${i}`).join("\n");
    const comment = composePlanComment({
      environment: "prod",
      terraform: [
        { stack: "docs-storage", text: huge },
        { stack: "docs-search", text: huge },
      ],
      docsIndexMarkdown,
      fullPlansAt: "https://example.test/run/1",
      limit: 20_000,
    });
    expect(comment.length).toBeLessThanOrEqual(20_000);
    expect(comment).toMatch(
      /\n… \d+ more lines cut to fit the comment; the whole plan: https:\/\/example\.test\/run\/1\n/,
    );
    expect(comment).toContain(docsIndexMarkdown.trimEnd());
    expect(cutText("a\nb\nc", 10)).toBe("a\nb\nc");
    expect(terraformSummary("garbage")).toBe("see the plan");
  });
});

describe("Azure DevOps: one comment per environment, edited in place", () => {
  const servers: { close(): void }[] = [];
  afterEach(() => servers.splice(0).forEach((s) => s.close()));

  /** A small stand-in for the Pull Request Threads API, recording every call. */
  async function threadsApi(initial: unknown[] = [], status = 200) {
    const threads = structuredClone(initial) as { id: number; comments: { id: number; content: string }[] }[];
    const calls: { method: string; url: string; auth?: string; body?: any }[] = [];
    const server = createServer(async (req: IncomingMessage, res) => {
      let text = "";
      for await (const chunk of req) text += chunk;
      const body = text ? JSON.parse(text) : undefined;
      calls.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
      res.setHeader("content-type", "application/json");
      if (status !== 200) {
        res.statusCode = status;
        return res.end(JSON.stringify({ message: "TF401027: You need the Git 'PullRequestContribute' permission" }));
      }
      if (req.method === "GET") return res.end(JSON.stringify({ value: threads, count: threads.length }));
      if (req.method === "POST") {
        const thread = { id: 100 + threads.length, comments: [{ id: 1, content: body.comments[0].content }] };
        threads.push(thread);
        return res.end(JSON.stringify(thread));
      }
      const m = /threads\/(\d+)\/comments\/(\d+)/.exec(req.url!)!;
      const comment = threads.find((t) => t.id === Number(m[1]))!.comments.find((c) => c.id === Number(m[2]))!;
      comment.content = body.content;
      res.end(JSON.stringify(comment));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const pr = {
      collectionUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/contoso/`,
      project: "docs platform",
      repositoryId: "repo-1",
      pullRequestId: "42",
    };
    return { threads, calls, pr };
  }

  it("first push creates a thread (closed: it informs, it does not block); later pushes edit that comment", async () => {
    const other = { id: 7, comments: [{ id: 1, content: "LGTM" }] };
    const api = await threadsApi([other]);
    const marker = planCommentMarker("dev");
    const first = await upsertPullRequestComment(api.pr, "tok", `${marker}\nplan 1`, marker);
    expect(first.action).toBe("created");
    const second = await upsertPullRequestComment(api.pr, "tok", `${marker}\nplan 2`, marker);
    expect(second).toEqual({ action: "updated", threadId: first.threadId });
    expect(api.threads.map((t) => t.comments[0]!.content)).toEqual(["LGTM", `${marker}\nplan 2`]);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /contoso/docs%20platform/_apis/git/repositories/repo-1/pullRequests/42/threads?api-version=7.1",
      "POST /contoso/docs%20platform/_apis/git/repositories/repo-1/pullRequests/42/threads?api-version=7.1",
      "GET /contoso/docs%20platform/_apis/git/repositories/repo-1/pullRequests/42/threads?api-version=7.1",
      `PATCH /contoso/docs%20platform/_apis/git/repositories/repo-1/pullRequests/42/threads/${first.threadId}/comments/1?api-version=7.1`,
    ]);
    expect(api.calls[1]!.body).toMatchObject({
      status: "closed",
      comments: [{ parentCommentId: 0, commentType: "text" }],
    });
    expect(api.calls.every((c) => c.auth === "Bearer tok")).toBe(true);
    // Another environment's comment is a different one.
    const prod = await upsertPullRequestComment(
      api.pr,
      "tok",
      `${planCommentMarker("prod")}\nplan`,
      planCommentMarker("prod"),
    );
    expect(prod.action).toBe("created");
  });

  it("a refused token says which permission to grant; deleted threads are not reused", async () => {
    const api = await threadsApi([], 403);
    const marker = planCommentMarker("dev");
    await expect(upsertPullRequestComment(api.pr, "tok", `${marker}\nx`, marker)).rejects.toThrow(
      /answered 403: .*PullRequestContribute.*"Contribute to pull requests"/,
    );
    expect(
      findMarkedComment([{ id: 1, isDeleted: true, comments: [{ id: 1, content: marker }] }], marker),
    ).toBeUndefined();
    await expect(upsertPullRequestComment(api.pr, "tok", "no marker", marker)).rejects.toThrow(
      /must contain its marker/,
    );
  });
});

// runPlanComment is all of scripts/plan-comment.ts but its exit (exitCodeOf of the outcome): called in-process.
describe("npm run plan:comment (runPlanComment)", () => {
  const run = async (args: string[]) => {
    let stderr = "";
    const outcome = await runPlanComment(args, {}, { write: (t: string) => (stderr += t) });
    return { code: exitCodeOf(outcome), stderr };
  };

  it("compose writes the comment from the files the workflow names", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "plan-comment-"));
    writeFileSync(path.join(dir, "docs-search.txt"), TF_CHANGES);
    writeFileSync(path.join(dir, "docs-index-plan.md"), docsIndexMarkdown);
    const out = path.join(dir, "comment.md");
    const ok = await run([
      "compose",
      "--environment",
      "dev",
      "--terraform",
      `docs-search=${path.join(dir, "docs-search.txt")}`,
      "--docs-index",
      path.join(dir, "docs-index-plan.md"),
      "--out",
      out,
    ]);
    expect(ok).toEqual({ code: 0, stderr: "" });
    const comment = readFileSync(out, "utf8");
    expect(comment).toContain("<!-- docs-platform-plan:dev -->");
    expect(comment).toContain("Plan: 0 to add, 1 to change, 0 to destroy.");
    const bad = await run(["compose", "--terraform", "nofile"]);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^plan-comment: --terraform expects <stack>=<file>/),
    });
  });

  it("post-azure-devops without SYSTEM_ACCESSTOKEN exits 2 saying how to map it", async () => {
    const r = await run(["post-azure-devops", "--environment", "dev", "--body", "comment.md"]);
    expect(r).toMatchObject({ code: 2, stderr: expect.stringMatching(/^plan-comment: SYSTEM_ACCESSTOKEN is not set/) });
  });

  it("an unknown command exits 2 naming the two commands", async () => {
    expect(await run(["publish"])).toEqual({
      code: 2,
      stderr:
        'plan-comment: unknown command "publish"; expected compose or post-azure-devops (see npm run plan:comment -- --help)\n',
    });
  });

  it.each([["--help"], ["-h"], ["help"], ["compose", "--help"]])(
    "%s prints the usage on stdout and exits 0, writing nothing else",
    async (...args) => {
      let stdout = "";
      let stderr = "";
      const outcome = await runPlanComment(
        args,
        {},
        { write: (t: string) => (stderr += t) },
        { write: (t: string) => (stdout += t) },
      );
      expect(exitCodeOf(outcome)).toBe(0);
      expect(stderr).toBe("");
      expect(stdout).toMatch(/^Usage: npm run plan:comment -- <command> \[options\]/);
      expect(stdout).toContain("  compose ");
      expect(stdout).toContain("  post-azure-devops ");
      expect(stdout).toMatch(/Exit codes:\n {2}0 /);
    },
  );

  it("an unknown option exits 2 with a usage line, not a stack trace", async () => {
    expect(await run(["compose", "--bogus"])).toEqual({
      code: 2,
      stderr: "plan-comment: Unknown option '--bogus' (see npm run plan:comment -- --help)\n",
    });
  });
});
