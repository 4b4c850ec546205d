// App-only (client-credentials) tokens for downstream calls: webhooks carry no user context (spec A). In Azure
// DefaultAzureCredential resolves to the function app's managed identity; locally to the developer's login.
// The token's `roles` claim (an app role such as App.Read) is what the process API checks.
import type { TokenCredential } from "@azure/identity";
import { RetryableDownstreamError } from "./errors.js";

export type FetchLike = typeof fetch;

export interface AppTokenProvider {
  /** A bearer token for `<appIdUri>/.default`. */
  tokenFor(appIdUri: string): Promise<string>;
}

function scopeFor(appIdUri: string): string {
  return `${appIdUri.replace(/\/+$/, "")}/.default`;
}

/** Wraps a credential with a per-scope cache (tokens are reused until five minutes before they expire). */
export function createAppTokenProvider(credential: TokenCredential, now: () => number = Date.now): AppTokenProvider {
  const cache = new Map<string, { token: string; expiresOn: number }>();
  return {
    async tokenFor(appIdUri) {
      const scope = scopeFor(appIdUri);
      const hit = cache.get(scope);
      if (hit && hit.expiresOn - 5 * 60_000 > now()) return hit.token;
      let token;
      try {
        token = await credential.getToken(scope);
      } catch (err) {
        throw new RetryableDownstreamError(
          "token",
          `cannot get an app-only token for ${scope}: ${(err as Error).message}`,
          undefined,
          { cause: err, retryNow: false },
        );
      }
      if (!token) throw new RetryableDownstreamError("token", `no token returned for ${scope}`);
      cache.set(scope, { token: token.token, expiresOn: token.expiresOnTimestamp });
      return token.token;
    },
  };
}

/** The claims worth logging when a downstream API refuses a token (never the token itself). */
export function describeToken(token: string): Record<string, unknown> {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    return { aud: payload.aud, roles: payload.roles ?? [], appid: payload.appid ?? payload.azp, tid: payload.tid };
  } catch {
    return { note: "token is not a JWT" };
  }
}
