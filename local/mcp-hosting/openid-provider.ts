// A local OpenID provider standing in for Entra ID (tests, `npm run local`, bench:mcp): an RS256 key pair generated
// at start, OpenID Connect discovery at {authority}/{tenant}/v2.0/.well-known/openid-configuration and the public
// key at {authority}/keys, on a loopback port. It mints access tokens shaped like Entra ID's v2.0 tokens (iss, aud,
// tid, azp: VS Code's client id unless given, oid, exp, scp or roles), so the server's validation runs unchanged
// against it. For outage tests the key endpoint can be made to fail (500) or hang.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import { VSCODE_CLIENT_ID } from "../../src/config/mcp.js";

/** How the key endpoint answers: the keys, 500, or never (the request hangs until the client gives up). */
type KeysAnswer = "keys" | "fail" | "hang";

export interface LocalOpenIdProvider {
  /** The base URL (mcp.auth.authority / MCP_AUTH_AUTHORITY). */
  authority: string;
  tenantId: string;
  /** The v2.0 issuer of the tenant. */
  issuer: string;
  /**
   * A signed access token: defaults iss = the issuer, tid = the tenant, azp = VS Code's client id, oid = a fixed
   * user, 5 minutes of validity. A claim given as undefined is left out.
   */
  token(
    claims: JWTPayload & { aud: string | string[] },
    options?: { expiresIn?: string; tenantId?: string; issuer?: string },
  ): Promise<string>;
  /** The signing key's id (what a token's `kid` names). */
  kid: string;
  /** From now on the key endpoint answers so. */
  keysAnswer(answer: KeysAnswer): void;
  /** Requests the key endpoint received. */
  keyFetches(): number;
  close(): Promise<void>;
}

const LOCAL_TENANT_ID = "00000000-0000-0000-0000-0000000000a1";
const LOCAL_USER_OID = "00000000-0000-0000-0000-00000000b0b1";
const KID = "local-1";

export async function startLocalOpenIdProvider(tenantId = LOCAL_TENANT_ID): Promise<LocalOpenIdProvider> {
  const pair = await generateKeyPair("RS256");
  const key: CryptoKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  let authority = "";
  let answer: KeysAnswer = "keys";
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === `/${tenantId}/v2.0/.well-known/openid-configuration`)
      res.end(JSON.stringify({ issuer: `${authority}/${tenantId}/v2.0`, jwks_uri: `${authority}/keys` }));
    else if (req.url === "/keys") {
      fetches++;
      if (answer === "keys") res.end(JSON.stringify({ keys: [jwk] }));
      else if (answer === "fail") res.writeHead(500).end("{}");
      // "hang": no answer; the client's timeout ends it (closeAllConnections at close).
    } else res.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  authority = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${authority}/${tenantId}/v2.0`;
  return {
    authority,
    tenantId,
    issuer,
    kid: KID,
    token: ({ aud, ...claims }, options = {}) => {
      const payload = Object.fromEntries(
        Object.entries({
          tid: options.tenantId ?? tenantId,
          azp: VSCODE_CLIENT_ID,
          oid: LOCAL_USER_OID,
          ...claims,
        }).filter(([, v]) => v !== undefined),
      );
      return new SignJWT(payload)
        .setProtectedHeader({ alg: "RS256", kid: KID })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "5m")
        .sign(key);
    },
    keysAnswer: (a) => {
      answer = a;
    },
    keyFetches: () => fetches,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
