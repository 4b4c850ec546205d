// The one classifier (src/cli/outcome-exit.ts): the core's errors become outcomes by their class, the service's
// answers by what they say, and both CLIs word them as before (docs-index for Search and the docs storage,
// webhook-deliveries for the receiver's table and queues). Exit codes follow from the outcome (exit-codes.ts).
import { describe, expect, it } from "vitest";
import { DeadlineExpired } from "../../src/cli/deadline.js";
import { CliError, exitCodeOf, type OutcomeKind } from "../../src/cli/exit-codes.js";
import { classifyFailure, SIGN_IN_HINT, type FailureScene } from "../../src/cli/outcome-exit.js";
import { createOutput } from "../../src/cli/output.js";
import { runCommand } from "../../src/cli/runner.js";
import { RebuildStoppedError } from "../../src/search/bluegreen/build.js";
import { GenerationInUseError, KnowledgeSourceRepointError } from "../../src/search/bluegreen/knowledge-repoint.js";
import { AliasGapError } from "../../src/search/bluegreen/migrate.js";
import { BlueGreenNeedsAliasError } from "../../src/search/deploy/deployment.js";
import { McpStartRefused } from "../../src/mcp/shell/run.js";
import { NoAnswerError } from "../../src/search/io/service-options.js";
import { SettingsError } from "../../webhook/src/settings.js";

const docsIndex: FailureScene = { cli: "docs-index", env: {}, describeUrl: (u) => `${u} (from SEARCH_ENDPOINT)` };
const deliveries: FailureScene = {
  cli: "webhook-deliveries",
  env: {},
  describeUrl: (u) => `${u} (from WEBHOOK_QUEUE)`,
  waitingFor: () => "http://q (from WEBHOOK_QUEUE)",
};
const rest = (statusCode: number | undefined, extra: object = {}) =>
  Object.assign(new Error("Forbidden\nmore"), {
    name: "RestError",
    statusCode,
    code: "ECONNREFUSED",
    request: { url: "http://s/x?k=v" },
    ...extra,
  });

describe("the core's errors, by class", () => {
  it.each([
    ["a blue/green deploy before the migration", new BlueGreenNeedsAliasError("docs-index"), "refused", 4],
    [
      "a generation still in use",
      new GenerationInUseError([{ generation: "docs-index-2", sources: ["ks"] }]),
      "refused",
      4,
    ],
    ["a knowledge source that could not be repointed", new KnowledgeSourceRepointError("ks"), "check-failed", 1],
    [
      "a stopped rebuild",
      new RebuildStoppedError("build" as never, "docs-index-1", "waited", "deploy --resume"),
      "timeout",
      5,
    ],
    ["an alias gap", new AliasGapError("docs-index", "docs-index-1", 3, new Error("x")), "service-error", 3],
  ] as const)("%s: %s, exit %i, its own message", (_what, err, kind, code) => {
    const failure = classifyFailure(err, docsIndex);
    expect(failure).toMatchObject({ kind, message: err.message });
    expect(exitCodeOf(failure.kind)).toBe(code);
  });

  it("the MCP server refused to start: a port in use is a usage error, failed discovery a service error", () => {
    expect(classifyFailure(new McpStartRefused("port 1 in use", "usage"), docsIndex)).toMatchObject({ kind: "usage" });
    const discovery = classifyFailure(new McpStartRefused("discovery failed", "service"), docsIndex);
    expect(discovery).toMatchObject({ kind: "service-error", message: "discovery failed" });
    expect(exitCodeOf(discovery.kind)).toBe(3);
  });

  it("a CliError carries its outcome and hint", () => {
    expect(classifyFailure(new CliError("no", "refused", "why"), docsIndex)).toEqual({
      kind: "refused",
      message: "no",
      hint: "why",
      cause: "error",
    });
  });

  it("configuration and settings errors are usage errors, by name", () => {
    expect(classifyFailure(new SettingsError([{ variable: "X", expected: "a URL" }]), deliveries)).toMatchObject({
      kind: "usage",
      cause: "settings",
    });
    const config = Object.assign(new Error("vars.yml: x"), { name: "ConfigError" });
    expect(classifyFailure(config, docsIndex)).toMatchObject({
      kind: "usage",
      message: "invalid configuration\nvars.yml: x",
    });
  });

  it("anything else is a bug: internal (exit 1), the stack only with DOCS_INDEX_DEBUG=1", () => {
    const failure = classifyFailure(new TypeError("x is not a function"), docsIndex);
    expect(failure).toMatchObject({ kind: "internal", message: "internal error: x is not a function" });
    expect(exitCodeOf(failure.kind)).toBe(1);
    expect(exitCodeOf(failure.kind, { detailed: true })).toBe(1);
  });
});

describe("the service's answers, worded for each CLI", () => {
  it("no answer and the deadline: service errors naming the endpoint and the limit", () => {
    const timedOut = new NoAnswerError("http://q", "request-timeout", 1500);
    expect(classifyFailure(timedOut, deliveries)).toMatchObject({
      kind: "service-error",
      cause: "no_answer",
      message: "no answer from http://q (from WEBHOOK_QUEUE) within 1.5s (--request-timeout); gave up",
    });
    expect(classifyFailure(new DeadlineExpired(800), deliveries).message).toBe(
      "no answer from http://q (from WEBHOOK_QUEUE) before the command's deadline (0.8s, --deadline); gave up",
    );
  });

  it("not signed in: the same az login line for both", () => {
    const err = Object.assign(new Error("DefaultAzureCredential failed"), { name: "CredentialUnavailableError" });
    expect(classifyFailure(err, docsIndex).message).toBe(SIGN_IN_HINT);
    expect(classifyFailure(err, deliveries).message).toBe(SIGN_IN_HINT);
  });

  it("docs-index: 403 names the key, 412/409 is a refusal (a concurrent change), no status is unreachable", () => {
    const scene = { ...docsIndex, env: { SEARCH_ADMIN_KEY: "k" } };
    expect(classifyFailure(rest(403), scene).message).toMatch(/refused the api-key in SEARCH_ADMIN_KEY \(403\)/);
    expect(classifyFailure(rest(412), scene)).toMatchObject({ kind: "refused" });
    expect(classifyFailure(rest(undefined), scene)).toMatchObject({
      kind: "service-error",
      message: "the service at http://s/x?k=v (from SEARCH_ENDPOINT) could not be reached (ECONNREFUSED)",
    });
  });

  it("webhook-deliveries: the storage roles on 401/403, a store error unwrapped to its cause, anything else unreachable", () => {
    expect(classifyFailure(rest(403), deliveries)).toMatchObject({
      kind: "service-error",
      cause: "access_denied",
      message: expect.stringMatching(/refused access \(403\): the identity needs Storage Table Data Contributor/),
    });
    const wrapped = Object.assign(new Error("store failed", { cause: rest(500) }), { name: "IdempotencyStoreError" });
    expect(classifyFailure(wrapped, deliveries)).toMatchObject({
      cause: "service_error",
      message: expect.stringMatching(/answered 500: Forbidden$/),
    });
    expect(classifyFailure(new Error("socket hang up"), deliveries)).toMatchObject({
      kind: "service-error",
      cause: "unreachable",
      message: "the storage service could not be reached: socket hang up",
    });
  });
});

describe("the runner both CLIs share (src/cli/runner.ts)", () => {
  const sink = () => {
    let text = "";
    return { stream: { write: (s: string) => ((text += s), true) } as never, text: () => text };
  };
  const run = async (body: () => Promise<OutcomeKind>, deadlineMs = 10_000) => {
    const stdout = sink();
    const stderr = sink();
    const out = createOutput(true, { stdout: stdout.stream, stderr: stderr.stream });
    const kind = await runCommand({ out, deadlineMs, scene: () => ({ cli: "docs-index", env: {} }) }, body);
    return { kind, stdout: stdout.text(), stderr: stderr.text() };
  };

  it("a bug: internal, `error.code` internal in the --json document, the hint after the error line", async () => {
    const r = await run(async () => {
      throw new TypeError("x is not a function");
    });
    expect(r.kind).toBe("internal");
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "internal", exit_code: 1 });
    expect(r.stderr).toMatch(/^error: internal error: x is not a function\nThis is a bug/);
  });

  it("the deadline ends a command that never finishes: service-error, exit 3", async () => {
    const r = await run(() => new Promise<OutcomeKind>(() => {}), 50);
    expect(r.kind).toBe("service-error");
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: "service_error", exit_code: 3 });
    expect(r.stderr).toMatch(/no answer from the service before the command's deadline \(0\.1s, --deadline\)/);
  });

  it("a command's own outcome passes through, nothing printed", async () => {
    expect(await run(async () => "changes")).toEqual({ kind: "changes", stdout: "", stderr: "" });
  });
});
