// In-process validation of the provider's JWT, for the development-tunnel setup where no gateway stands in front
// of the receiver (WEBHOOK_VALIDATE_JWT=true). It applies what the gateway policy applies (spec A authentication):
// signature through OIDC discovery from the identity server, the audience, and the required scope.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";

/** Signature algorithms accepted (the provider's identity server signs with RSA keys). */
const ACCEPTED_ALGORITHMS = ["RS256"];
const CLOCK_TOLERANCE_SECONDS = 30;
/** How long a failed discovery is remembered before it is tried again. */
const DISCOVERY_RETRY_MS = 30_000;

export interface JwtValidatorOptions {
  identityUrl: string;
  audience: string;
  requiredScope: string;
  scopeClaim: string;
  fetch?: typeof fetch;
}

type JwtVerdict =
  | { ok: true; claims: JWTPayload }
  /** 401 (no or bad token), 403 (valid token without the scope), 503 (identity server unreachable). */
  | { ok: false; status: 401 | 403 | 503; error: string; description: string };

export interface JwtValidator {
  validate(authorization: string | null): Promise<JwtVerdict>;
}

interface Discovery {
  issuer: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

/** Pure: whether the scope claim (space-separated string or array) grants `required`. */
export function hasScope(claim: unknown, required: string): boolean {
  if (typeof claim === "string") return claim.split(/\s+/).includes(required);
  if (Array.isArray(claim)) return claim.some((c) => typeof c === "string" && c.split(/\s+/).includes(required));
  return false;
}

export function createJwtValidator(o: JwtValidatorOptions): JwtValidator {
  const doFetch = o.fetch ?? fetch;
  const base = o.identityUrl.replace(/\/+$/, "");
  let discovery: Promise<Discovery> | undefined;
  let failedAt = 0;

  const discover = (): Promise<Discovery> => {
    if (discovery && !(failedAt && Date.now() - failedAt > DISCOVERY_RETRY_MS)) return discovery;
    failedAt = 0;
    discovery = (async () => {
      const res = await doFetch(`${base}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
      if (!res.ok) throw new Error(`OIDC discovery at ${base} answered HTTP ${res.status}`);
      const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (typeof doc.issuer !== "string" || typeof doc.jwks_uri !== "string")
        throw new Error("OIDC discovery document lacks issuer or jwks_uri");
      // OpenID Connect Discovery §4.3: the issuer must be the URL the document was fetched for.
      if (doc.issuer.replace(/\/+$/, "") !== base)
        throw new Error(`OIDC discovery issuer ${doc.issuer} does not match ${base}`);
      return { issuer: doc.issuer, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })();
    discovery.catch(() => (failedAt = Date.now()));
    return discovery;
  };

  return {
    async validate(authorization) {
      const m = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i.exec(authorization ?? "");
      if (!m)
        return {
          ok: false,
          status: 401,
          error: "invalid_request",
          description: "An Authorization: Bearer <JWT> header is required.",
        };
      let d: Discovery;
      try {
        d = await discover();
      } catch (err) {
        return {
          ok: false,
          status: 503,
          error: "temporarily_unavailable",
          description: `The identity server could not be reached: ${(err as Error).message}`,
        };
      }
      let claims: JWTPayload;
      try {
        ({ payload: claims } = await jwtVerify(m[1]!, d.jwks, {
          issuer: d.issuer,
          audience: o.audience,
          algorithms: ACCEPTED_ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (err) {
        if (err instanceof joseErrors.JWKSTimeout) {
          return {
            ok: false,
            status: 503,
            error: "temporarily_unavailable",
            description: "The identity server's signing keys could not be fetched.",
          };
        }
        const reason =
          err instanceof joseErrors.JWTExpired
            ? "The token has expired."
            : err instanceof joseErrors.JWTClaimValidationFailed
              ? `The token's ${err.claim} claim is not accepted (check issuer and audience).`
              : "The token's signature or format is not valid.";
        return { ok: false, status: 401, error: "invalid_token", description: reason };
      }
      if (!hasScope(claims[o.scopeClaim], o.requiredScope)) {
        return {
          ok: false,
          status: 403,
          error: "insufficient_scope",
          description: `The token lacks the scope ${o.requiredScope} in its ${o.scopeClaim} claim.`,
        };
      }
      return { ok: true, claims };
    },
  };
}
