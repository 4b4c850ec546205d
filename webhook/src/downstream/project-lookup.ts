// Resolves a project's name for the create-case request. A case is never created without a name: whenever the
// name cannot be resolved (lookup not configured, project not found yet, no name, downstream failure) the
// delivery fails retryably so the provider redelivers later.
import type { CallContext } from "./process-api.js";
import { RetryableDownstreamError } from "./errors.js";
import { callDownstream, DEFAULT_TIMEOUT_MS, rejectUnexpected } from "./http.js";
import { DEFAULT_RETRY_POLICY, withRetry, type RetryHooks, type RetryPolicy } from "./retry.js";
import { describeToken, type AppTokenProvider, type FetchLike } from "./token.js";
import { childTraceparent } from "../trace.js";

/**
 * UNCONFIRMED: the spec does not describe the project lookup. Assumed: GET <base>/projects/{projectId}?orgId={orgId}
 * answering a JSON object whose `name` property (any letter case) is the project name. Change it here only.
 */
const projectLookupPath = (projectId: number, orgId: number) =>
  `/projects/${encodeURIComponent(String(projectId))}?orgId=${encodeURIComponent(String(orgId))}`;
const PROJECT_NAME_PROPERTY = "name";

export interface ProjectLookup {
  projectName(projectId: number, orgId: number, ctx: CallContext): Promise<string>;
}

export interface ProjectLookupOptions {
  baseUrl: string;
  /** When set, calls carry an app-only token for `<appIdUri>/.default`. */
  appIdUri?: string;
  tokens?: AppTokenProvider;
  fetch?: FetchLike;
  timeoutMs?: number;
  retry?: RetryPolicy;
  retryHooks?: RetryHooks;
}

/** Pure: the name from a lookup response body, or undefined. */
function readProjectName(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (key.toLowerCase() === PROJECT_NAME_PROPERTY && typeof v === "string" && v.trim() !== "") return v.trim();
  }
  return undefined;
}

export function createProjectLookupClient(o: ProjectLookupOptions): ProjectLookup {
  const doFetch = o.fetch ?? fetch;
  return {
    async projectName(projectId, orgId, ctx) {
      const url = `${o.baseUrl}${projectLookupPath(projectId, orgId)}`;
      return withRetry(
        async () => {
          const token = o.appIdUri && o.tokens ? await o.tokens.tokenFor(o.appIdUri) : undefined;
          const headers: Record<string, string> = {
            ...ctx.forwardHeaders,
            accept: "application/json",
            traceparent: childTraceparent(ctx.traceparent),
            "x-correlation-id": ctx.correlationId,
          };
          if (token) headers.authorization = `Bearer ${token}`;
          const { status, text } = await callDownstream({
            service: "project lookup",
            method: "GET",
            url,
            headers,
            timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            fetch: doFetch,
            authDiagnostics: () => ({
              url,
              callerIdentity: token ? describeToken(token) : "no bearer sent (PROJECT_LOOKUP_APP_ID_URI not set)",
            }),
          });
          if (status === 404) {
            // Not (yet) visible to the lookup: the project-created event may arrive before the project is readable.
            throw new RetryableDownstreamError(
              "project lookup",
              `project ${projectId} not found by the project lookup`,
              undefined,
              { retryNow: false },
            );
          }
          if (status < 200 || status >= 300) return rejectUnexpected("project lookup", status, text);
          const name = readProjectName(text);
          if (!name)
            throw new RetryableDownstreamError(
              "project lookup",
              `project ${projectId} has no name in the lookup response`,
            );
          return name;
        },
        o.retry ?? DEFAULT_RETRY_POLICY,
        o.retryHooks,
      );
    },
  };
}

/** Used when PROJECT_LOOKUP_BASE_URL is not set: every Project/Created delivery fails retryably. */
export function createUnconfiguredProjectLookup(): ProjectLookup {
  return {
    async projectName(projectId) {
      throw new RetryableDownstreamError(
        "project lookup",
        `cannot resolve the name of project ${projectId}: PROJECT_LOOKUP_BASE_URL is not set`,
        undefined,
        {
          retryNow: false,
        },
      );
    },
  };
}
