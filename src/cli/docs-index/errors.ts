// One place that turns any error into a message a person can act on and an exit code. Never prints
// credentials: only messages, codes and URLs without query strings.
import { NoAnswerError } from "../../search/io/service-options.js";
import { DeadlineExpired } from "../deadline.js";
import { CliError, ExitCode } from "../exit-codes.js";
import type { Output } from "../output.js";

export interface ErrorScene {
  out: Output;
  env: NodeJS.ProcessEnv;
  /** `url (from source)` for a request URL; undefined before the context exists. */
  describeUrl?: (url: string) => string;
  /** What a deadline message names when no request URL is known. */
  targetDescription?: string;
}

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

export function reportError(err: unknown, scene: ErrorScene): number {
  const { out } = scene;
  const where = (url: string | undefined) => (url ? (scene.describeUrl?.(url) ?? url) : "the service");
  if (err instanceof CliError) {
    out.error(err.message);
    if (err.hint) out.note(err.hint);
    return err.exitCode;
  }
  // By name, not instanceof: the config and definition modules (zod, yaml) are not loaded for --version/--help.
  if ((err as Error | undefined)?.name === "ConfigError") {
    out.error(`invalid configuration\n${(err as Error).message}`);
    return ExitCode.Usage;
  }
  if ((err as Error | undefined)?.name === "DefinitionError") {
    out.error((err as Error).message);
    return ExitCode.Usage;
  }
  if (err instanceof NoAnswerError) {
    out.error(
      err.reason === "deadline"
        ? `no answer from ${where(err.url)} before the command's deadline; gave up`
        : `no answer from ${where(err.url)} within ${err.afterMs / 1000}s (--request-timeout); gave up`,
    );
    return ExitCode.ServiceError;
  }
  if (err instanceof DeadlineExpired) {
    out.error(
      `no answer from ${scene.targetDescription ?? "the service"} before the command's deadline (${Math.round(err.afterMs / 1000)}s, --deadline); gave up`,
    );
    return ExitCode.ServiceError;
  }
  const named = err as RestErrorLike | undefined;
  if (named && CREDENTIAL_ERRORS.has(named.name)) {
    out.error(SIGN_IN_HINT);
    return ExitCode.ServiceError;
  }
  if (named?.name === "RestError") {
    const status = named.statusCode;
    const url = named.request?.url;
    const why =
      status === undefined
        ? `${where(url)} could not be reached (${named.code ?? named.message})`
        : status === 401 || status === 403
          ? `${where(url)} refused the request (${status}): check the identity's role assignments (Search Service Contributor / Search Index Data Reader / Storage Blob Data Reader)`
          : `${where(url)} answered ${status}: ${firstLine(named.message)}`;
    out.error(why.startsWith("the service") ? why : `the service at ${why}`);
    return status === 412 || status === 409 ? ExitCode.Refused : ExitCode.ServiceError;
  }
  if (named?.name === "AbortError") {
    out.error(`a request to ${scene.targetDescription ?? "the service"} was aborted`);
    return ExitCode.ServiceError;
  }
  if (named?.name === "IndexerStatusParseError") {
    out.error(`the service sent an indexer status this tool does not understand: ${named.message}`);
    return ExitCode.ServiceError;
  }
  out.error(`internal error: ${err instanceof Error ? err.message : String(err)}`);
  if (scene.env.DOCS_INDEX_DEBUG === "1" && err instanceof Error && err.stack) out.note(err.stack);
  else out.note("This is a bug in docs-index. Re-run with DOCS_INDEX_DEBUG=1 to see the stack trace.");
  return ExitCode.Internal;
}

function firstLine(s: string): string {
  return s.split("\n")[0] ?? s;
}
