// Bearer token validation for a non-loopback or hosted Streamable HTTP server: an Entra ID access token, its
// signature checked against the tenant's keys found through OpenID Connect discovery of the configured authority
// (jose, RS256 only, keys cached by SigningKeys), its issuer the one discovery names (or v1.0's sts.windows.net
// form), its audience one of the configured ones, not expired; then the rules of src/mcp/core/token-rules.ts
// (tenant, allowed client application, an access token's shape, the scope or the app role). Keys that cannot be
// fetched are an outage (503), never a bad token. No shared secret anywhere.
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import type { McpAuthConfig } from "../../config/mcp.js";
import { accessVerdict, type Caller } from "../core/token-rules.js";
import { SigningKeys, type SigningKeysOptions } from "./signing-keys.js";

/**
 * `reason` is for the log only (it may name the tenant, the role or the library's message); the HTTP answer is
 * worded without it.
 */
type TokenVerdict =
  | { ok: true; caller: Caller; claims: JWTPayload }
  | { ok: false; status: 401; reason: string }
  | { ok: false; status: 403; reason: string; missing?: "scope" | "role" }
  | { ok: false; status: 503; reason: string; retryAfterSeconds: number };

export type TokenValidator = (token: string) => Promise<TokenVerdict>;

/** How long discovery may take before the server refuses to start. */
const DISCOVERY_TIMEOUT_MS = 10_000;

interface Discovery {
  issuer: string;
  jwks_uri: string;
}

/** `{authority}/{tenant}/v2.0/.well-known/openid-configuration`: the issuer and where the signing keys are. */
async function discover(
  auth: Pick<McpAuthConfig, "authority" | "tenant_id">,
  fetchImpl: typeof fetch = fetch,
): Promise<Discovery> {
  const url = `${auth.authority.replace(/\/+$/, "")}/${auth.tenant_id}/v2.0/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetchImpl(url, { signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  } catch (err) {
    throw new Error(`OpenID Connect discovery failed: no answer from ${url} (${(err as Error).message})`, {
      cause: err,
    });
  }
  if (!response.ok) throw new Error(`OpenID Connect discovery failed: ${url} answered ${response.status}`);
  const body = (await response.json()) as Partial<Discovery>;
  if (typeof body.issuer !== "string" || typeof body.jwks_uri !== "string")
    throw new Error(`OpenID Connect discovery failed: ${url} has no issuer or jwks_uri`);
  return { issuer: body.issuer, jwks_uri: body.jwks_uri };
}

export async function entraTokenValidator(
  auth: McpAuthConfig,
  fetchImpl?: typeof fetch,
  keyOptions: Omit<SigningKeysOptions, "fetchImpl"> = {},
): Promise<TokenValidator> {
  const discovery = await discover(auth, fetchImpl);
  const keys = new SigningKeys(discovery.jwks_uri, { ...(fetchImpl ? { fetchImpl } : {}), ...keyOptions });
  await keys.refresh(); // the first fetch before serving; a failure here is retried on the first request
  // v2.0 tokens carry the discovery issuer; v1.0 tokens (an app registration without
  // accessTokenAcceptedVersion: 2) carry sts.windows.net's.
  const issuers = [discovery.issuer, `https://sts.windows.net/${auth.tenant_id}/`];
  const rules = {
    tenantId: auth.tenant_id,
    ...(auth.scope !== undefined ? { scope: auth.scope } : {}),
    ...(auth.required_role !== undefined ? { requiredRole: auth.required_role } : {}),
    allowedClientIds: auth.allowed_client_ids,
  };
  return async (token) => {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch (err) {
      return { ok: false, status: 401, reason: `malformed token: ${(err as Error).message}` };
    }
    const found = await keys.lookup(kid);
    if (found.kind === "unavailable")
      return {
        ok: false,
        status: 503,
        reason: "the signing keys cannot be fetched",
        retryAfterSeconds: found.retryAfterSeconds,
      };
    if (found.kind === "unknown-key")
      // The kid is the client's own text (the header is not signed yet): quoted and cut, so it stays one log line.
      return {
        ok: false,
        status: 401,
        reason: `the token names a signing key the tenant does not publish (kid ${JSON.stringify(kid?.slice(0, 64))})`,
      };
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, found.getKey, {
        issuer: issuers,
        audience: auth.audience,
        algorithms: ["RS256"],
        requiredClaims: ["exp"],
        clockTolerance: 60,
      }));
    } catch (err) {
      return { ok: false, status: 401, reason: (err as Error).message };
    }
    const verdict = accessVerdict(claims, rules);
    if (verdict.ok) return { ok: true, caller: verdict.caller, claims };
    if (verdict.status === 403)
      return {
        ok: false,
        status: 403,
        reason: verdict.reason,
        ...(verdict.missing ? { missing: verdict.missing } : {}),
      };
    return { ok: false, status: 401, reason: verdict.reason };
  };
}
