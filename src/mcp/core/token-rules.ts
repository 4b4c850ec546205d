// What an Entra ID access token must say once its signature, issuer, audience and expiry are checked: the tenant,
// an allowed client application, the shape of an access token (not an ID token), and the permission. Entra ID's
// guidance for protected APIs: validate the client application (`azp` in v2.0 tokens, `appid` in v1.0) against
// a known list, accept access tokens only, tell app-only tokens from delegated ones by `idtyp` (or, without that
// optional claim, by no `scp`, `roles` present and `oid` equal to `sub`). A user's permission is the delegated
// scope in `scp`; an application's is the app role in `roles`: a user's `roles` never stand in for the scope.
// Pure: the refusal reasons are for the log; the HTTP answer words them generically.
import { scopeName, VSCODE_CLIENT_ID } from "../../config/mcp.js";

export type TokenClaims = Record<string, unknown>;

export interface TokenRules {
  tenantId: string;
  /** The delegated scope in full form (`<Application ID URI>/<name>`); `scp` must hold its name. */
  scope?: string;
  /** The app role an application's token must hold in `roles`. */
  requiredRole?: string;
  /** Client applications admitted besides VS Code. */
  allowedClientIds: readonly string[];
}

/** Who called: a signed-in user (delegated token) or an application as itself (app-only token). */
export interface Caller {
  kind: "user" | "app";
  /** `<tid>/<oid>` (or `<tid>/<sub>` without `oid`): sessions and rate limits are kept per caller. */
  id: string;
  /** The client application (`azp` or `appid`). */
  clientId: string;
}

export type AccessVerdict =
  { ok: true; caller: Caller } | { ok: false; status: 401 | 403; reason: string; missing?: "scope" | "role" };

const V1_ISSUER = /^https:\/\/sts\.windows\.net\//;

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** The client application a token was issued to: `appid` for a v1.0 token, `azp` for a v2.0 one. */
export function clientApplication(claims: TokenClaims): string | undefined {
  return V1_ISSUER.test(text(claims.iss) ?? "") ? text(claims.appid) : text(claims.azp);
}

/** Every client id admitted: VS Code's and the configured ones (compared case-insensitively). */
function admittedClients(allowed: readonly string[]): string[] {
  return [...new Set([VSCODE_CLIENT_ID, ...allowed].map((id) => id.toLowerCase()))];
}

/** `app` for an app-only token, `user` for a delegated one, undefined for anything else (an ID token). */
export function tokenKind(claims: TokenClaims): "user" | "app" | undefined {
  const scp = text(claims.scp);
  const roles = Array.isArray(claims.roles) && claims.roles.length > 0;
  if (claims.idtyp === "app") return scp === undefined ? "app" : undefined;
  if (claims.idtyp !== undefined && claims.idtyp !== "user") return undefined;
  if (scp !== undefined) return "user";
  if (claims.idtyp === undefined && roles && text(claims.oid) !== undefined && claims.oid === claims.sub) return "app";
  return undefined;
}

/** The whole rule after the signature checks. */
export function accessVerdict(claims: TokenClaims, rules: TokenRules): AccessVerdict {
  const tid = text(claims.tid);
  if (tid === undefined) return { ok: false, status: 401, reason: 'no "tid" claim' };
  if (tid.toLowerCase() !== rules.tenantId.toLowerCase())
    return { ok: false, status: 401, reason: `issued in tenant ${tid}, not ${rules.tenantId}` };
  const clientId = clientApplication(claims);
  if (clientId === undefined)
    return { ok: false, status: 401, reason: 'not an access token: no client application ("azp" or "appid")' };
  if (!admittedClients(rules.allowedClientIds).includes(clientId.toLowerCase()))
    return { ok: false, status: 401, reason: `client application ${clientId} is not allowed (allowed_client_ids)` };
  const kind = tokenKind(claims);
  if (kind === undefined)
    return { ok: false, status: 401, reason: 'not an access token: no "scp" and not an app-only token' };
  const subject = text(claims.oid) ?? text(claims.sub);
  if (subject === undefined) return { ok: false, status: 401, reason: 'no "oid" or "sub" claim' };
  const caller: Caller = { kind, id: `${tid.toLowerCase()}/${subject}`, clientId };
  if (kind === "user") {
    const scopes = (text(claims.scp) ?? "").split(" ");
    if (rules.scope !== undefined && scopes.includes(scopeName(rules.scope))) return { ok: true, caller };
    return {
      ok: false,
      status: 403,
      reason: `the user's token lacks the scope ${rules.scope ?? "(none configured)"}`,
      missing: "scope",
    };
  }
  const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is string => typeof r === "string") : [];
  if (rules.requiredRole !== undefined && roles.includes(rules.requiredRole)) return { ok: true, caller };
  return {
    ok: false,
    status: 403,
    reason: `the application's token lacks the app role ${rules.requiredRole ?? "(none configured)"}`,
    missing: "role",
  };
}
