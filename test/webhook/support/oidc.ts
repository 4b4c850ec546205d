// A local OIDC identity server for JWT tests: discovery document and JWKS on 127.0.0.1, plus a token minter.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from "jose";

export interface OidcServer {
  issuer: string;
  discoveryRequests: number;
  jwksRequests: number;
  sign(
    claims: JWTPayload,
    options?: { audience?: string; expiresIn?: string | number; issuer?: string; foreignKey?: boolean },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcServer(): Promise<OidcServer> {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const state = { discoveryRequests: 0, jwksRequests: 0 };
  let issuer = "";
  const server = createServer((req, res) => {
    if (req.url === "/.well-known/openid-configuration") {
      state.discoveryRequests++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ["RS256"] }));
    } else if (req.url === "/jwks") {
      state.jwksRequests++;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    issuer,
    async sign(
      claims: JWTPayload,
      o: { audience?: string; expiresIn?: string | number; issuer?: string; foreignKey?: boolean } = {},
    ) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .setIssuer(o.issuer ?? issuer)
        .setAudience(o.audience ?? "provider-v2-webhooks")
        .setIssuedAt()
        .setExpirationTime(o.expiresIn ?? "5m")
        .sign(o.foreignKey ? foreign.privateKey : privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
