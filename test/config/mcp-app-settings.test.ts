// The hosted server's app settings (src/config/mcp-app-settings.ts): what it needs to start, refused with the
// setting's name and what was expected, and never an admin key for a service in Azure.
import { describe, expect, it } from "vitest";
import { McpAppSettingsError, readMcpAppSettings } from "../../src/config/mcp-app-settings.js";

const BASE = {
  DOCS_SEARCH_ENDPOINT: "https://srch-docs-prod.search.windows.net",
  DOCS_URL: "https://docs.example.com",
  MCP_AUTH_TENANT_ID: "bbbbbbbb-0000-0000-0000-000000000000",
  MCP_AUTH_CLIENT_ID: "77777777-0000-0000-0000-000000000000",
  MCP_AUTH_APP_ID_URI: "api://docs-index-mcp-prod",
  WEBSITE_HOSTNAME: "func-docs-mcp-prod.azurewebsites.net",
  FUNCTIONS_CUSTOMHANDLER_PORT: "40123",
};

describe("hosted app settings", () => {
  it("derive the scope, the resource and the public host from the registration and App Service's host name", () => {
    const s = readMcpAppSettings(BASE);
    expect(s.port).toBe(40123);
    expect(s.search).toMatchObject({ index_name: "docs-index", container: "$web", agentic_retrieval: false });
    expect(s.mcp.public_hosts).toEqual(["func-docs-mcp-prod.azurewebsites.net"]);
    expect(s.mcp.auth).toEqual({
      tenant_id: "bbbbbbbb-0000-0000-0000-000000000000",
      audience: ["77777777-0000-0000-0000-000000000000", "api://docs-index-mcp-prod"],
      scope: "api://docs-index-mcp-prod/user_impersonation",
      authority: "https://login.microsoftonline.com",
      resource: "https://func-docs-mcp-prod.azurewebsites.net/mcp",
      allowed_client_ids: [],
    });
    expect(s.mcp.tool_calls_per_minute).toBe(120);
  });

  it("admit the client applications of MCP_AUTH_ALLOWED_CLIENT_IDS (VS Code's always) and take the tool call limit", () => {
    const s = readMcpAppSettings({
      ...BASE,
      MCP_AUTH_ALLOWED_CLIENT_IDS: "04b07795-8ddb-461a-bbee-02f9e1bf7b46, 88888888-0000-0000-0000-000000000000",
      MCP_TOOL_CALLS_PER_MINUTE: "30",
    });
    expect(s.mcp.auth?.allowed_client_ids).toEqual([
      "04b07795-8ddb-461a-bbee-02f9e1bf7b46",
      "88888888-0000-0000-0000-000000000000",
    ]);
    expect(s.mcp.tool_calls_per_minute).toBe(30);
    expect(() => readMcpAppSettings({ ...BASE, MCP_AUTH_ALLOWED_CLIENT_IDS: "vscode" })).toThrow(
      /MCP_auth\.allowed_client_ids\.0: expected a client id \(a GUID\)/,
    );
  });

  it("never start without token validation: the tenant, client id and Application ID URI are required", () => {
    const { MCP_AUTH_TENANT_ID: _, ...withoutTenant } = BASE;
    expect(() => readMcpAppSettings(withoutTenant)).toThrow(/MCP_AUTH_TENANT_ID: expected the Entra ID tenant id/);
  });

  it("name every missing or bad setting", () => {
    expect(() => readMcpAppSettings({})).toThrow(McpAppSettingsError);
    expect(() =>
      readMcpAppSettings({ ...BASE, MCP_AUTH_SCOPE: "user_impersonation", FUNCTIONS_CUSTOMHANDLER_PORT: "x" }),
    ).toThrow(
      /MCP_AUTH_SCOPE: expected the scope in full form: <Application ID URI>\/user_impersonation; FUNCTIONS_CUSTOMHANDLER_PORT: /,
    );
    const { WEBSITE_HOSTNAME: _, ...withoutHost } = BASE;
    expect(() => readMcpAppSettings(withoutHost)).toThrow(/MCP_PUBLIC_HOSTS: expected the public host name/);
  });

  it("refuse an admin key for a search service that is not the loopback stand-in", () => {
    expect(() => readMcpAppSettings({ ...BASE, SEARCH_ADMIN_KEY: "k" })).toThrow(
      /SEARCH_ADMIN_KEY: expected no admin key: keys are for a loopback stand-in only/,
    );
    expect(
      readMcpAppSettings({ ...BASE, DOCS_SEARCH_ENDPOINT: "http://127.0.0.1:8443", SEARCH_ADMIN_KEY: "k" }).adminKey,
    ).toBe("k");
    expect(() => readMcpAppSettings({ ...BASE, DOCS_SEARCH_ENDPOINT: "http://srch.example.com" })).toThrow(
      /DOCS_SEARCH_ENDPOINT: expected the search service endpoint as an https URL/,
    );
  });
});
