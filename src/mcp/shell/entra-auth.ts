// Bearer token validation for a non-loopback or hosted Streamable HTTP server: an Entra ID access token, its
// signature checked against the keys found through OpenID Connect discovery of the configured authority (jose),
// its issuer the one discovery names (or v1.0's sts.windows.net form), its tenant (`tid`) the configured one, its
// audience one of the configured ones, not expired, and then the permission: the delegated scope in `scp` (a
// signed-in user) or the app role in `roles` (an application). No shared secret anywhere.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { scopeName, type McpAuthConfig } from "../../config/mcp.js";

export type TokenVerdict = { ok: true; claims: JWTPayload } | { ok: false; status: 401 | 403; reason: string };

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

/** The permission rule: the scope's name in the space-separated `scp`, or the role in `roles`. Pure. */
export function permissionVerdict(
  claims: JWTPayload,
  auth: Pick<McpAuthConfig, "scope" | "required_role">,
): TokenVerdict {
  const scopes = typeof claims.scp === "string" ? claims.scp.split(" ") : [];
  const roles = Array.isArray(claims.roles) ? claims.roles : [];
  if (auth.scope !== undefined && scopes.includes(scopeName(auth.scope))) return { ok: true, claims };
  if (auth.required_role !== undefined && roles.includes(auth.required_role)) return { ok: true, claims };
  const wanted = [
    ...(auth.scope !== undefined ? [`the scope ${auth.scope} (scp)`] : []),
    ...(auth.required_role !== undefined ? [`the app role ${auth.required_role} (roles)`] : []),
  ];
  return { ok: false, status: 403, reason: `the token lacks ${wanted.join(" or ")}` };
}

export async function entraTokenValidator(auth: McpAuthConfig, fetchImpl?: typeof fetch): Promise<TokenValidator> {
  const discovery = await discover(auth, fetchImpl);
  const keys = createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: 5_000 });
  // v2.0 tokens carry the discovery issuer; v1.0 tokens (an app registration without
  // accessTokenAcceptedVersion: 2) carry sts.windows.net's.
  const issuers = [discovery.issuer, `https://sts.windows.net/${auth.tenant_id}/`];
  return async (token) => {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, keys, {
        issuer: issuers,
        audience: auth.audience,
        algorithms: ["RS256"],
        requiredClaims: ["exp"],
        clockTolerance: 60,
      }));
    } catch (err) {
      return { ok: false, status: 401, reason: `invalid token: ${(err as Error).message}` };
    }
    if (typeof claims.tid === "string" && claims.tid.toLowerCase() !== auth.tenant_id.toLowerCase())
      return { ok: false, status: 401, reason: `invalid token: issued in tenant ${claims.tid}, not ${auth.tenant_id}` };
    if (typeof claims.tid !== "string") return { ok: false, status: 401, reason: 'invalid token: no "tid" claim' };
    return permissionVerdict(claims, auth);
  };
}
