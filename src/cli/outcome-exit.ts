// The one place that turns an error into an outcome (src/cli/exit-codes.ts maps outcomes to exit codes): by the
// core's error classes (a refusal, a failed verification, a stopped rebuild, …), then the service's answers (no
// answer, deadline, not signed in, 401/403, 5xx, unreachable), with a message a person can act on. Both CLIs use
// it: docs-index (Search and the docs storage) and webhook-deliveries (the receiver's table and queues) differ
// only in how they word an access refusal and what an error they do not know is. Never prints credentials: only
// messages, codes and URLs without query strings. Loaded when a command fails, so a command that succeeds never
// loads the core modules named here.
import { AliasGapError } from "../search/bluegreen/migrate.js";
import { RebuildStoppedError, VerificationFailedError } from "../search/bluegreen/build.js";
import { GenerationInUseError, KnowledgeSourceRepointError } from "../search/bluegreen/knowledge-repoint.js";
import { RebuildNotPossibleError } from "../search/bluegreen/rebuild.js";
import { ConcurrentChangeError } from "../search/deploy/apply-plan.js";
import { BlueGreenNeedsAliasError } from "../search/deploy/deployment.js";
import { RebuildRefusedError } from "../search/deploy/refusals.js";
import { NoAnswerError } from "../search/io/service-options.js";
import { SavedPlanRefusedError } from "../search/saved-plans/saved-plan-check.js";
import { SavedPlanFileError, SavedPlanFormatError, SavedPlanSecretError } from "../search/saved-plans/saved-plan.js";
import { phaseRefusalMessage } from "../search/views/phase-text.js";
import { rebuildRefusalMessage } from "../search/views/rebuild-refusal-text.js";
import { DeadlineExpired } from "./deadline.js";
import { CliError, type OutcomeKind } from "./exit-codes.js";

/** A failed command's outcome: what it comes to, the error line, a hint (a note after it). */
export interface Failure {
  kind: OutcomeKind;
  message: string;
  hint?: string;
  /** The finer cause (webhook-deliveries' `--json` `error.code`): no_answer, access_denied, unreachable, … */
  cause: string;
}

export interface FailureScene {
  /** Which CLI: docs-index talks to Search and the docs storage, webhook-deliveries to the receiver's storage. */
  cli: "docs-index" | "webhook-deliveries";
  env: NodeJS.ProcessEnv;
  /** `url (from source)` for a request URL; undefined before the context exists. */
  describeUrl?: (url: string) => string;
  /** The command that failed (names a refused query: `query: section refused: …`). */
  command?: string;
  /** What a deadline message names: the request the command was waiting for. */
  waitingFor?: () => string;
}

/** The message of a core error that carries facts, not words: as a view words them. */
function wordedMessage(err: Error): string {
  if (err instanceof RebuildRefusedError) return rebuildRefusalMessage(err);
  if (err instanceof RebuildNotPossibleError) return phaseRefusalMessage(err.phase, err.refusal);
  return err.message;
}

/** The core's errors that are outcomes in themselves: the message is the error's own, or its facts worded. */
const CLASS_OUTCOMES: readonly [new (...args: never[]) => Error, OutcomeKind, string][] = [
  [SavedPlanRefusedError, "refused", "refused"],
  [RebuildRefusedError, "refused", "refused"],
  [ConcurrentChangeError, "refused", "refused"],
  [BlueGreenNeedsAliasError, "refused", "refused"],
  [RebuildNotPossibleError, "refused", "refused"],
  [GenerationInUseError, "refused", "refused"],
  [SavedPlanFormatError, "refused", "refused"],
  [VerificationFailedError, "check-failed", "check_failed"],
  [KnowledgeSourceRepointError, "check-failed", "check_failed"],
  [RebuildStoppedError, "timeout", "timeout"],
  [AliasGapError, "service-error", "service_error"],
  [SavedPlanFileError, "usage", "usage"],
  [SavedPlanSecretError, "usage", "usage"],
];

/** Usage and configuration errors, by name: the config and definition modules are not loaded for --help. */
const USAGE_BY_NAME: Record<string, (message: string) => { message: string; cause: string }> = {
  ConfigError: (m) => ({ message: `invalid configuration\n${m}`, cause: "usage" }),
  DefinitionError: (m) => ({ message: m, cause: "usage" }),
  SettingsError: (m) => ({ message: m, cause: "settings" }),
};

const CREDENTIAL_ERRORS = new Set([
  "CredentialUnavailableError",
  "AggregateAuthenticationError",
  "AuthenticationRequiredError",
  "AuthenticationError",
]);

export const SIGN_IN_HINT =
  "not signed in to Azure: run `az login` (in a pipeline: use a workload identity or managed identity, e.g. azure/login with OIDC)";

interface RestErrorLike {
  name: string;
  message: string;
  statusCode?: number;
  code?: string;
  request?: { url?: string };
}

/** Any error -> the outcome the command ends with. */
export function classifyFailure(err: unknown, scene: FailureScene): Failure {
  if (err instanceof CliError) {
    const cause = err.outcome === "usage" ? "usage" : err.outcome === "check-failed" ? "not_found" : "error";
    return { kind: err.outcome, message: err.message, ...(err.hint ? { hint: err.hint } : {}), cause };
  }
  // A request the query rules refuse (no terms, `section`, a path prefix, an unknown app): what to use instead.
  if ((err as Error | undefined)?.name === "SearchDocsRefusal") {
    const message = (err as Error).message;
    return { kind: "usage", message: scene.command ? `${scene.command}: ${message}` : message, cause: "usage" };
  }
  // The MCP server refused to start (by name: the MCP shell is not loaded for every failure).
  if ((err as Error | undefined)?.name === "McpStartRefused") {
    const service = (err as { kind?: string }).kind === "service";
    return {
      kind: service ? "service-error" : "usage",
      message: (err as Error).message,
      cause: service ? "service_error" : "usage",
    };
  }
  const byName = USAGE_BY_NAME[(err as Error | undefined)?.name ?? ""];
  if (byName) return { kind: "usage", ...byName((err as Error).message) };
  for (const [cls, kind, cause] of CLASS_OUTCOMES)
    if (err instanceof cls) return { kind, message: wordedMessage(err), cause };
  if (err instanceof DeadlineExpired)
    return serviceError(
      "no_answer",
      `no answer from ${scene.waitingFor?.() ?? "the service"} before the command's deadline (${seconds(err.afterMs)}s, --deadline); gave up`,
    );
  return serviceFailure(rootOf(err), scene) ?? unknownFailure(err, scene);
}

function serviceError(cause: string, message: string): Failure {
  return { kind: "service-error", message, cause };
}

/** The error itself or, for a store error wrapping the SDK's, the first cause that says more. */
function rootOf(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.cause !== undefined; i++) {
    if (e instanceof NoAnswerError || e.name === "RestError") break;
    e = e.cause;
  }
  return e;
}

/** No answer, not signed in, an HTTP status, unreachable; undefined when the error is none of these. */
function serviceFailure(err: unknown, scene: FailureScene): Failure | undefined {
  const where = (url: string | undefined) => (url ? (scene.describeUrl?.(url) ?? url) : undefined);
  if (err instanceof NoAnswerError)
    return serviceError(
      "no_answer",
      err.reason === "deadline"
        ? `no answer from ${where(err.url) ?? "the service"} before the command's deadline; gave up`
        : `no answer from ${where(err.url) ?? "the service"} within ${err.afterMs / 1000}s (--request-timeout); gave up`,
    );
  const named = err as RestErrorLike | undefined;
  if (named && CREDENTIAL_ERRORS.has(named.name)) return serviceError("access_denied", SIGN_IN_HINT);
  if (scene.cli === "webhook-deliveries") return storageFailure(named, where(named?.request?.url));
  if (named?.name === "RestError") return searchFailure(named, where(named.request?.url), scene);
  if (named?.name === "AbortError")
    return serviceError("aborted", `a request to ${scene.waitingFor?.() ?? "the service"} was aborted`);
  if (named?.name === "IndexerStatusParseError")
    return serviceError(
      "service_error",
      `the service sent an indexer status this tool does not understand: ${named.message}`,
    );
  return undefined;
}

/** docs-index: Search or the docs storage answered (or could not be reached). A 412/409 is a concurrent change. */
function searchFailure(e: RestErrorLike, url: string | undefined, scene: FailureScene): Failure {
  const status = e.statusCode;
  const where = url ?? "the service";
  const why =
    status === undefined
      ? `${where} could not be reached (${e.code ?? e.message})`
      : status === 401 || status === 403
        ? refusedCredential(where, status, keyInUse(e.request?.url, scene))
        : `${where} answered ${status}: ${firstLine(e.message)}`;
  const message = why.startsWith("the service") ? why : `the service at ${why}`;
  if (status === 412 || status === 409) return { kind: "refused", message, cause: "refused" };
  return serviceError(status === 401 || status === 403 ? "access_denied" : "service_error", message);
}

/** webhook-deliveries: the table or a queue answered, or could not be reached (any other error counts so). */
function storageFailure(e: RestErrorLike | undefined, url: string | undefined): Failure {
  const where = url ?? "the storage service";
  if (e?.statusCode === 401 || e?.statusCode === 403)
    return serviceError(
      "access_denied",
      `${where} refused access (${e.statusCode}): the identity needs Storage Table Data Contributor and Storage Queue Data Contributor on the account`,
    );
  if (e?.statusCode)
    return serviceError("service_error", `${where} answered ${e.statusCode}: ${firstLine(String(e.message))}`);
  return serviceError("unreachable", `${where} could not be reached: ${e?.code ?? e?.message ?? String(e)}`);
}

/** An error nothing above explains: a bug (exit 1, the stack with DOCS_INDEX_DEBUG=1). */
function unknownFailure(err: unknown, scene: FailureScene): Failure {
  const stack = scene.env.DOCS_INDEX_DEBUG === "1" && err instanceof Error && err.stack;
  return {
    kind: "internal",
    message: `internal error: ${err instanceof Error ? err.message : String(err)}`,
    hint: stack || "This is a bug in docs-index. Re-run with DOCS_INDEX_DEBUG=1 to see the stack trace.",
    cause: "internal",
  };
}

/** Which local key, if any, the request to `url` carried: a wrong key is not a missing role. */
function keyInUse(url: string | undefined, scene: FailureScene): string | undefined {
  const described = url ? (scene.describeUrl?.(url) ?? "") : "";
  if (described.includes("(from DOCS_STORAGE_CONNECTION_STRING)") && scene.env.DOCS_STORAGE_CONNECTION_STRING)
    return "the account key in DOCS_STORAGE_CONNECTION_STRING";
  if (scene.env.SEARCH_ADMIN_KEY && !described.includes("(from DOCS_STORAGE_CONNECTION_STRING)"))
    return "the api-key in SEARCH_ADMIN_KEY";
  return undefined;
}

function refusedCredential(where: string, status: number, key: string | undefined): string {
  if (key)
    return `${where} refused ${key} (${status}): the key is wrong or belongs to another service; copy it again from the \`export …\` lines of \`npm run local -- --keep\``;
  if (status === 401)
    return `${where} did not accept the Azure token (401): sign in to the tenant that holds the service (\`az login --tenant …\`, \`az account show\`)`;
  return `${where} refused the request (403): the signed-in identity lacks a role there (Search Service Contributor / Search Index Data Reader / Storage Blob Data Reader)`;
}

/** Whole seconds, or one decimal under 10 s (a 0.5 s deadline is not "1s"). */
function seconds(ms: number): string {
  return ms < 10_000 ? String(Math.round(ms / 100) / 10) : String(Math.round(ms / 1000));
}

function firstLine(s: string): string {
  return s.split("\n")[0] ?? s;
}
