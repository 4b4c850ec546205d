// The create-case call to the process API's cases collection (spec A: body {ExternalId, Name}), with an app-only
// token for `<PROCESS_API_APP_ID_URI>/.default`, bounded retries on 5xx/timeouts, and a 401/403 diagnosis.
// Without PROCESS_API_BASE_URL (local runs) a dry-run creator logs the request it would send instead.
import type { Logger } from "../log.js";
import { childTraceparent } from "../trace.js";
import { callDownstream, DEFAULT_TIMEOUT_MS, rejectUnexpected } from "./http.js";
import { DEFAULT_RETRY_POLICY, withRetry, type RetryHooks, type RetryPolicy } from "./retry.js";
import { describeToken, type AppTokenProvider, type FetchLike } from "./token.js";

/** UNCONFIRMED: the spec names "a cases collection of a process API" but not its path. Change it here only. */
const CASES_PATH = "/cases";

interface CreateCaseRequest {
  ExternalId: string;
  Name: string;
}

export interface CallContext {
  log: Logger;
  traceparent: string;
  correlationId: string;
  /** Delivery headers forwarded to every downstream call (x-forward-tenant-origin). */
  forwardHeaders?: Record<string, string>;
}

export interface CaseCreator {
  /** True when requests are only logged (no PROCESS_API_BASE_URL). */
  readonly dryRun: boolean;
  createCase(
    body: CreateCaseRequest,
    ctx: CallContext,
  ): Promise<{ outcome: "created" | "exists" | "logged"; status?: number }>;
}

/** The causes the spec lists for a downstream 403 (spec A errors), for the log line. */
const DOWNSTREAM_AUTH_CHECKLIST = [
  "the gateway sets x-forward-tenant-origin: corp on downstream calls only when api_policy_type is the provider name in the API's vars.yml",
  "the receiver's identity needs the process API's app role (roles claim, e.g. App.Read) and an authorized_apps entry (project_id, app_roles, scopes: user_impersonation)",
  "a package version mismatch between the receiver's and the process API's contract packages",
];

export interface ProcessApiOptions {
  baseUrl: string;
  appIdUri: string;
  tokens: AppTokenProvider;
  fetch?: FetchLike;
  timeoutMs?: number;
  retry?: RetryPolicy;
  retryHooks?: RetryHooks;
}

export function createProcessApiClient(o: ProcessApiOptions): CaseCreator {
  const url = `${o.baseUrl}${CASES_PATH}`;
  const doFetch = o.fetch ?? fetch;
  return {
    dryRun: false,
    async createCase(body, ctx) {
      return withRetry(
        async (attempt) => {
          const token = await o.tokens.tokenFor(o.appIdUri);
          const { status, text } = await callDownstream({
            service: "process API",
            method: "POST",
            url,
            headers: {
              ...ctx.forwardHeaders,
              authorization: `Bearer ${token}`,
              "content-type": "application/json",
              accept: "application/json",
              traceparent: childTraceparent(ctx.traceparent),
              "x-correlation-id": ctx.correlationId,
            },
            body: JSON.stringify(body),
            timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            fetch: doFetch,
            authDiagnostics: () => ({
              url,
              attempt,
              callerIdentity: describeToken(token),
              xForwardTenantOrigin:
                ctx.forwardHeaders?.["x-forward-tenant-origin"] ?? "(not sent: the delivery did not carry it)",
              checklist: DOWNSTREAM_AUTH_CHECKLIST,
            }),
          });
          if (status >= 200 && status < 300) return { outcome: "created" as const, status };
          // A case with this ExternalId already exists (e.g. created by an earlier delivery whose answer was lost).
          if (status === 409) return { outcome: "exists" as const, status };
          return rejectUnexpected("process API", status, text);
        },
        o.retry ?? DEFAULT_RETRY_POLICY,
        {
          ...o.retryHooks,
          onRetry: (info) => {
            ctx.log.warn("process API call failed; retrying", {
              attempt: info.attempt,
              delayMs: info.delayMs,
              error: (info.error as Error).message,
            });
            o.retryHooks?.onRetry?.(info);
          },
        },
      );
    },
  };
}

/** Local runs without a process API: log the exact request instead of sending it. */
export function createDryRunCaseCreator(baseUrlForLog = "<PROCESS_API_BASE_URL>"): CaseCreator {
  return {
    dryRun: true,
    async createCase(body, ctx) {
      ctx.log.info("dry run: create-case request not sent (PROCESS_API_BASE_URL is not set)", {
        request: { method: "POST", url: `${baseUrlForLog}${CASES_PATH}`, body },
      });
      return { outcome: "logged" };
    },
  };
}
