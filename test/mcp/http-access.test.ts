// Who may reach `docs-index mcp --http`: the pure access policy (bind, Origin, Host, bearer), and Entra ID token
// validation through OpenID Connect discovery against a local discovery endpoint with its own signing key.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { bearerToken, bindRefusal, hostAllowed, originAllowed } from "../../src/mcp/core/http-policy.js";
import { entraTokenValidator } from "../../src/mcp/shell/entra-auth.js";
import { serveHttp, type RunningHttp } from "../../src/mcp/shell/http.js";
import { mcpConfigSchema } from "../../src/config/mcp.js";

describe("access policy", () => {
  it("binds loopback freely and anything else only with token validation configured", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]"])
      expect(bindRefusal(host, false), host).toBeUndefined();
    expect(bindRefusal("0.0.0.0", false)).toMatch(/needs token validation.*mcp\.auth/);
    expect(bindRefusal("0.0.0.0", true)).toBeUndefined();
  });
  it("accepts no Origin, loopback origins and configured ones; refuses others and non-loopback Hosts", () => {
    expect(originAllowed(undefined, [])).toBe(true);
    expect(originAllowed("http://localhost:6274", [])).toBe(true);
    expect(originAllowed("https://evil.example.com", [])).toBe(false);
    expect(originAllowed("https://agents.example.com", ["https://agents.example.com"])).toBe(true);
    expect(originAllowed("null", [])).toBe(false);
    expect(hostAllowed("127.0.0.1:8080", true)).toBe(true);
    expect(hostAllowed("evil.example.com:8080", true)).toBe(false);
    expect(hostAllowed("mcp.example.com", false)).toBe(true);
    expect(bearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("Basic abc")).toBeUndefined();
  });
  it("validates the auth section: audience, role and tenant named, authority https", () => {
    expect(mcpConfigSchema.safeParse({ auth: { tenant_id: "x", audience: "a", required_role: "r" } }).success).toBe(
      false,
    );
    expect(mcpConfigSchema.safeParse({ top_cap: 51 }).success).toBe(false);
    const ok = mcpConfigSchema.parse({
      auth: { tenant_id: "00000000-0000-0000-0000-000000000001", audience: "api://docs", required_role: "Docs.Search" },
    });
    expect(ok.auth?.authority).toBe("https://login.microsoftonline.com");
  });
});

describe("Entra ID bearer tokens over Streamable HTTP", () => {
  const tenant = "00000000-0000-0000-0000-000000000001";
  let idp: Server;
  let authority: string;
  let key: CryptoKey;
  let mcp: RunningHttp;
  const token = (claims: Record<string, unknown>, audience = "api://docs-index-mcp") =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(`${authority}/${tenant}/v2.0`)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key);

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256");
    key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    idp = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === `/${tenant}/v2.0/.well-known/openid-configuration`)
        res.end(JSON.stringify({ issuer: `${authority}/${tenant}/v2.0`, jwks_uri: `${authority}/keys` }));
      else if (req.url === "/keys") res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end("{}");
    });
    await new Promise<void>((resolve) => idp.listen(0, "127.0.0.1", resolve));
    authority = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    const validateToken = await entraTokenValidator({
      tenant_id: tenant,
      audience: "api://docs-index-mcp",
      required_role: "Docs.Search",
      authority,
    });
    mcp = await serveHttp({
      host: "127.0.0.1",
      port: 0,
      allowedOrigins: [],
      validateToken,
      newServer: () => new McpServer({ name: "t", version: "1" }, { capabilities: { tools: {} } }),
      log: () => {},
    });
  });
  afterAll(async () => {
    await mcp?.close();
    idp?.close();
  });

  const post = (authorization?: string) =>
    fetch(mcp.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(authorization ? { authorization } : {}),
      },
      body: "{}",
    });

  it("refuses a call without a token (401), with a wrong audience (401) or without the role (403)", async () => {
    expect((await post()).status).toBe(401);
    const otherAudience = await post(`Bearer ${await token({ roles: ["Docs.Search"] }, "api://other")}`);
    expect(otherAudience.status).toBe(401);
    expect(((await otherAudience.json()) as { error: { message: string } }).error.message).toBe(
      'invalid token: unexpected "aud" claim value',
    );
    const noRole = await post(`Bearer ${await token({ roles: ["Other"] })}`);
    expect(noRole.status).toBe(403);
    expect(await noRole.text()).toMatch(/lacks the app role Docs\.Search/);
  });

  it("serves a client whose token carries the audience and the role", async () => {
    const client = new Client({ name: "t", version: "1" });
    const authorization = `Bearer ${await token({ roles: ["Docs.Search"] })}`;
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcp.url), { requestInit: { headers: { authorization } } }),
    );
    expect(client.getServerVersion()?.name).toBe("t");
    await client.close();
  });

  it("refuses to start when discovery fails", async () => {
    await expect(
      entraTokenValidator({ tenant_id: "nope", audience: "a", required_role: "r", authority }),
    ).rejects.toThrow(/OpenID Connect discovery failed: .* answered 404/);
  });
});

describe("sessions", () => {
  it("closes a session left idle (a client that never ends it)", async () => {
    const http = await serveHttp({
      host: "127.0.0.1",
      port: 0,
      allowedOrigins: [],
      newServer: () => new McpServer({ name: "t", version: "1" }, { capabilities: { tools: {} } }),
      log: () => {},
      idleSessionMs: 100,
    });
    try {
      const client = new Client({ name: "t", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      expect(http.sessions()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(http.sessions()).toBe(0);
    } finally {
      await http.close();
    }
  });
});
