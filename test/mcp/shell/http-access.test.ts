// Who may reach `docs-index mcp --http`: Entra ID token validation through OpenID Connect discovery against a
// local OpenID provider with its own signing key, the 401 challenge and the RFC 9728 metadata (the pure access
// policy is tested in test/mcp/core/http-policy.test.ts, the auth section's schema in test/config/mcp.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { entraTokenValidator } from "../../../src/mcp/shell/entra-auth.js";
import { resourceMetadataUrl } from "../../../src/mcp/core/resource-metadata.js";
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from "../../../local/mcp-hosting/openid-provider.js";
import { serveHttp, type RunningHttp } from "../../../src/mcp/shell/http.js";
import { mcpAuthConfigSchema, type McpAuthConfig } from "../../../src/config/mcp.js";

describe("Entra ID bearer tokens over Streamable HTTP, with protected-resource metadata", () => {
  const RESOURCE = "https://docs-mcp.example.com/mcp";
  const APP_ID_URI = "api://docs-index-mcp";
  const CLIENT_ID = "11111111-2222-3333-4444-555555555555";
  /** An application calling as itself (client credentials), listed in allowed_client_ids. */
  const AGENT_APP = "22222222-0000-0000-0000-000000000000";
  let idp: LocalOpenIdProvider;
  let mcp: RunningHttp;
  let auth: McpAuthConfig;

  beforeAll(async () => {
    idp = await startLocalOpenIdProvider();
    auth = mcpAuthConfigSchema.parse({
      tenant_id: idp.tenantId,
      audience: [CLIENT_ID, APP_ID_URI],
      scope: `${APP_ID_URI}/user_impersonation`,
      required_role: "Docs.Search",
      authority: idp.authority,
      resource: RESOURCE,
      allowed_client_ids: [AGENT_APP],
    });
    mcp = await serveHttp({
      host: "127.0.0.1",
      port: 0,
      allowedOrigins: [],
      auth: { validate: await entraTokenValidator(auth), config: auth },
      stateless: true,
      newServer: () => new McpServer({ name: "t", version: "1" }, { capabilities: { tools: {} } }),
      log: () => {},
    });
  });
  afterAll(async () => {
    await mcp?.close();
    await idp?.close();
  });

  const post = (authorization?: string) =>
    fetch(mcp.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
  const bearer = async (claims: Record<string, unknown>, aud: string = CLIENT_ID, tenantId?: string) =>
    `Bearer ${await idp.token({ aud, ...claims }, tenantId ? { tenantId } : {})}`;

  it("answers an unauthenticated POST 401 with the resource_metadata challenge naming the scope, no error (RFC 6750 §3.1)", async () => {
    const answer = await post();
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="https://docs-mcp.example.com/.well-known/oauth-protected-resource/mcp", scope="${APP_ID_URI}/user_impersonation"`,
    );
  });

  it("serves RFC 9728 metadata naming the authorization server (the tenant) and the scope, at both paths", async () => {
    const origin = new URL(mcp.url).origin;
    for (const p of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const answer = await fetch(`${origin}${p}`);
      expect(answer.status, p).toBe(200);
      expect(await answer.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [idp.issuer],
        scopes_supported: [`${APP_ID_URI}/user_impersonation`],
        bearer_methods_supported: ["header"],
        resource_name: "docs-index (documentation search)",
      });
    }
    expect(resourceMetadataUrl(RESOURCE)).toBe(getOAuthProtectedResourceMetadataUrl(new URL(RESOURCE)));
  });

  it("answers a user's token with the scope and an application's token with the role", async () => {
    const client = new Client({ name: "t", version: "1" });
    const authorization = await bearer({ scp: "user_impersonation", oid: "user-1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcp.url), { requestInit: { headers: { authorization } } }),
    );
    expect(client.getServerVersion()?.name).toBe("t");
    await client.close();
    const appOnly = { roles: ["Docs.Search"], azp: AGENT_APP, oid: "sp-1", sub: "sp-1" };
    expect((await post(await bearer(appOnly, APP_ID_URI))).status).toBe(200);
    expect((await post(await bearer({ ...appOnly, sub: undefined, idtyp: "app" }, APP_ID_URI))).status).toBe(200);
  });

  it("refuses a wrong audience, another tenant or an expired token (401) and a token without scope or role (403)", async () => {
    const otherAudience = await post(await bearer({ scp: "user_impersonation" }, "api://other"));
    expect(otherAudience.status).toBe(401);
    expect(otherAudience.headers.get("www-authenticate")).toMatch(
      /^Bearer error="invalid_token", error_description="The access token is not valid for this server", resource_metadata=/,
    );
    // RFC 6750 without over-sharing: the library's message stays in the log.
    expect(((await otherAudience.json()) as { error: { message: string } }).error.message).toBe(
      "unauthorized: the access token is not valid for this server; sign in again",
    );
    const otherTenant = await post(
      await bearer({ scp: "user_impersonation" }, CLIENT_ID, "99999999-0000-0000-0000-000000000000"),
    );
    expect(otherTenant.status).toBe(401);
    expect(await otherTenant.text()).not.toMatch(/99999999|tenant/);
    const expired = await post(
      `Bearer ${await idp.token({ aud: CLIENT_ID, scp: "user_impersonation" }, { expiresIn: "-5m" })}`,
    );
    expect(expired.status).toBe(401);
    const noPermission = await post(await bearer({ scp: "Other.Scope", roles: ["Other"] }));
    expect(noPermission.status).toBe(403);
    expect(noPermission.headers.get("www-authenticate")).toMatch(
      /^Bearer error="insufficient_scope", resource_metadata="[^"]+", scope="api:\/\/docs-index-mcp\/user_impersonation"$/,
    );
    const body = await noPermission.text();
    expect(body).toMatch(
      /lacks the permission this server requires \(scope api:\/\/docs-index-mcp\/user_impersonation\)/,
    );
    expect(body).not.toMatch(/Docs\.Search|roles/);
  });

  it("refuses to start when discovery fails", async () => {
    await expect(entraTokenValidator({ ...auth, tenant_id: "nope" })).rejects.toThrow(
      /OpenID Connect discovery failed: .* answered 404/,
    );
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
      // Long enough that the client's own notification after initialize arrives first on a loaded machine.
      idleSessionMs: 1_000,
    });
    try {
      const client = new Client({ name: "t", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      expect(http.sessions()).toBe(1);
      // The sweep closes it (the test's own timeout bounds the wait).
      while (http.sessions() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(http.sessions()).toBe(0);
    } finally {
      await http.close();
    }
  });
});
