// WEBHOOK_VALIDATE_JWT=true (development tunnel, no gateway): in-process validation against a local OIDC server,
// with the gateway policy's audience and scope.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasScope } from "../../../webhook/src/auth/validate-jwt.js";
import { startDevServer, type DevServer } from "../../../local/webhook/dev-server.js";
import { startOidcServer, type OidcServer } from "../support/oidc.js";

let oidc: OidcServer;
let server: DevServer;
const body = JSON.stringify({ Object: "Note", Event: "Created", OrgId: 1 });

async function post(authorization?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization) headers.authorization = authorization;
  const res = await fetch(server.url, { method: "POST", headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  oidc = await startOidcServer();
  server = await startDevServer({
    port: 0,
    quiet: true,
    env: { WEBHOOK_VALIDATE_JWT: "true", WEBHOOK_IDENTITY_URL: oidc.issuer },
  });
});
afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

describe("in-process JWT validation", () => {
  it("accepts a token with the audience and the scope (space-separated claim), fetching discovery and keys once", async () => {
    const token = await oidc.sign({ scope: "openid provider-v2-webhooks-access" });
    expect((await post(`Bearer ${token}`)).status).toBe(200);
    expect((await post(`Bearer ${token}`)).status).toBe(200);
    expect(oidc.discoveryRequests).toBe(1);
    expect(oidc.jwksRequests).toBe(1);
    expect(server.description.join("\n")).toMatch(/JWT validation: on/);
  });

  it("401 problem without a bearer token", async () => {
    const res = await post();
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_request"/);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 401, type: "/problems/webhooks/unauthorized" });
  });

  it.each([
    ["wrong audience", { audience: "someone-else" }],
    ["wrong issuer", { issuer: "https://evil.example.com" }],
    ["expired", { expiresIn: Math.floor(Date.now() / 1000) - 3600 }],
    ["signed by another key", { foreignKey: true }],
  ])("401 for a token with %s", async (_name, options) => {
    const token = await oidc.sign({ scope: "provider-v2-webhooks-access" }, options);
    const res = await post(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  });

  it("403 for a valid token without the required scope", async () => {
    const token = await oidc.sign({ scope: "other-scope" });
    const res = await post(`Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toMatch(/insufficient_scope/);
  });

  it("reads scope claims as strings or arrays", () => {
    expect(hasScope("a provider-v2-webhooks-access", "provider-v2-webhooks-access")).toBe(true);
    expect(hasScope(["provider-v2-webhooks-access"], "provider-v2-webhooks-access")).toBe(true);
    expect(hasScope("provider-v2-webhooks-access-extra", "provider-v2-webhooks-access")).toBe(false);
    expect(hasScope(undefined, "x")).toBe(false);
  });

  it("503 with Retry-After when the identity server cannot be reached", async () => {
    const down = await startDevServer({
      port: 0,
      quiet: true,
      env: { WEBHOOK_VALIDATE_JWT: "true", WEBHOOK_IDENTITY_URL: "http://127.0.0.1:9" },
    });
    try {
      const res = await fetch(down.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer a.b.c" },
        body,
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("30");
    } finally {
      await down.close();
    }
  });
});
