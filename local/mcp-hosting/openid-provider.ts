// A local OpenID provider standing in for Entra ID (tests, `npm run local`, bench:mcp): an RS256 key pair generated
// at start, OpenID Connect discovery at {authority}/{tenant}/v2.0/.well-known/openid-configuration and the public
// key at {authority}/keys, on a loopback port. It mints access tokens shaped like Entra ID's v2.0 tokens (iss, aud,
// tid, exp, scp or roles), so the server's validation runs unchanged against it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

export interface LocalOpenIdProvider {
  /** The base URL (mcp.auth.authority / MCP_AUTH_AUTHORITY). */
  authority: string;
  tenantId: string;
  /** The v2.0 issuer of the tenant. */
  issuer: string;
  /** A signed access token: defaults iss = the issuer, tid = the tenant, 5 minutes of validity. */
  token(
    claims: JWTPayload & { aud: string | string[] },
    options?: { expiresIn?: string; tenantId?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

const LOCAL_TENANT_ID = "00000000-0000-0000-0000-0000000000a1";

export async function startLocalOpenIdProvider(tenantId = LOCAL_TENANT_ID): Promise<LocalOpenIdProvider> {
  const pair = await generateKeyPair("RS256");
  const key: CryptoKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "local-1", alg: "RS256", use: "sig" };
  let authority = "";
  const server: Server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === `/${tenantId}/v2.0/.well-known/openid-configuration`)
      res.end(JSON.stringify({ issuer: `${authority}/${tenantId}/v2.0`, jwks_uri: `${authority}/keys` }));
    else if (req.url === "/keys") res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  authority = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${authority}/${tenantId}/v2.0`;
  return {
    authority,
    tenantId,
    issuer,
    token: ({ aud, ...claims }, options = {}) =>
      new SignJWT({ tid: options.tenantId ?? tenantId, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "local-1" })
        .setIssuer(issuer)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "5m")
        .sign(key),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
