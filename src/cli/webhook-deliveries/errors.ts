// What went wrong, for a person and for a pipeline: the exit code (the one table in src/cli/exit-codes.ts), a
// stable error code for `--json` and a message naming the endpoint and where its address came from. Pure.
import { DeadlineExpired } from "../deadline.js";
import { CliError, ExitCode } from "../exit-codes.js";
import { NoAnswerError } from "../../search/io/service-options.js";
import { SettingsError } from "../../../webhook/src/settings.js";

export interface DeliveriesFailure {
  exitCode: number;
  /** Stable, for `--json`: usage, settings, not_found, no_answer, access_denied, service_error, unreachable. */
  code: string;
  message: string;
}

export interface ErrorScene {
  /** `origin (from VARIABLE)` for a request URL. */
  describeUrl: (url: string) => string;
  /** What a deadline message names: the endpoint being waited for, else every endpoint of the command. */
  waitingFor: () => string;
}

/** The error itself or, for a store error wrapping the SDK's, the first cause that says more. */
function rootOf(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.cause !== undefined; i++) {
    if (e instanceof NoAnswerError) break;
    e = e.cause;
  }
  return e;
}

export function classifyError(err: unknown, scene: ErrorScene): DeliveriesFailure {
  if (err instanceof CliError)
    return {
      exitCode: err.exitCode,
      code: err.exitCode === ExitCode.Usage ? "usage" : err.exitCode === ExitCode.CheckFailed ? "not_found" : "error",
      message: err.message,
    };
  if (err instanceof SettingsError) return { exitCode: ExitCode.Usage, code: "settings", message: err.message };
  if (err instanceof DeadlineExpired)
    return {
      exitCode: ExitCode.ServiceError,
      code: "no_answer",
      message: `no answer from ${scene.waitingFor()} before the command's deadline (${Math.round(err.afterMs / 1000)}s, --deadline); gave up`,
    };
  const root = rootOf(err);
  if (root instanceof NoAnswerError)
    return {
      exitCode: ExitCode.ServiceError,
      code: "no_answer",
      message:
        root.reason === "deadline"
          ? `no answer from ${scene.describeUrl(root.url)} before the command's deadline (--deadline); gave up`
          : `no answer from ${scene.describeUrl(root.url)} within ${root.afterMs / 1000}s (--request-timeout); gave up`,
    };
  const e = root as { statusCode?: number; message?: string; code?: string; request?: { url?: string } };
  const where = e.request?.url ? scene.describeUrl(e.request.url) : "the storage service";
  if (e.statusCode === 401 || e.statusCode === 403)
    return {
      exitCode: ExitCode.ServiceError,
      code: "access_denied",
      message: `${where} refused access (${e.statusCode}): the identity needs Storage Table Data Contributor and Storage Queue Data Contributor on the account`,
    };
  if (e.statusCode)
    return {
      exitCode: ExitCode.ServiceError,
      code: "service_error",
      message: `${where} answered ${e.statusCode}: ${String(e.message).split("\n")[0]}`,
    };
  return {
    exitCode: ExitCode.ServiceError,
    code: "unreachable",
    message: `${where} could not be reached: ${e.code ?? e.message ?? String(root)}`,
  };
}
