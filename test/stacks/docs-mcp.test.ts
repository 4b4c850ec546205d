// The docs-mcp stack (the hosted MCP server): off unless mcp.hosted.enabled; on, a Flex Consumption app (Node 22)
// with a user-assigned identity that may read the index and the docs container and nothing more, no key, App
// Service authentication with Entra ID as Microsoft documents it for MCP servers (401, allowed audiences and
// client applications incl. VS Code, the protected-resource metadata setting, tenant restriction, the
// managed-identity federated credential instead of a secret), HTTPS only, basic publishing off, diagnostics to
// the configured Log Analytics workspace. Tested on the synthesized JSON.
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/schema.js";
import { readMcpAppSettings } from "../../src/config/mcp-app-settings.js";
import { mcpConfigSchema, VSCODE_CLIENT_ID } from "../../src/config/mcp.js";
import { all, build, only, synth } from "./harness.js";

const WORKSPACE =
  "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev/providers/Microsoft.OperationalInsights/workspaces/log-shared-dev";
const RG = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev";

function hosted(c: Config, extra: Record<string, unknown> = {}) {
  c.mcp = mcpConfigSchema.parse({
    hosted: {
      enabled: true,
      function_app_name: "func-docs-mcp-dev",
      storage_account: "stdocsmcpdev",
      registration: {
        client_id: "77777777-0000-0000-0000-000000000000",
        app_id_uri: "api://docs-index-mcp-dev",
        allowed_client_ids: ["88888888-0000-0000-0000-000000000000"],
      },
      log_analytics_workspace_id: WORKSPACE,
      ...extra,
    },
  });
}

const azapi = (json: any, type: string, name?: string): any => {
  const found = Object.values(json.resource.azapi_resource ?? {}).filter(
    (r: any) => r.type.startsWith(`${type}@`) && (name === undefined || r.name === name),
  );
  if (found.length !== 1) throw new Error(`expected one azapi_resource ${type}, found ${found.length}`);
  return found[0];
};
const settingsOf = (site: any): Record<string, string> =>
  Object.fromEntries(site.body.properties.siteConfig.appSettings.map((s: any) => [s.name, s.value]));

describe("docs-mcp stack", () => {
  it("is off by default: the dev config synthesizes no docs-mcp stack", () => {
    expect(build().mcp).toBeUndefined();
    expect(build((c) => hosted(c, { enabled: false })).mcp).toBeUndefined();
  });

  const built = build((c) => hosted(c));
  const json = synth(built.mcp!);
  const site = azapi(json, "Microsoft.Web/sites");
  const settings = settingsOf(site);
  const identityKey = Object.keys(json.resource.azurerm_user_assigned_identity)[0]!;
  const identityRef = (attr: string) => `\${azurerm_user_assigned_identity.${identityKey}.${attr}}`;

  it("runs Node 22 on Flex Consumption with a user-assigned identity, HTTPS only, basic publishing off", () => {
    expect(only(json, "azurerm_service_plan")).toMatchObject({ os_type: "Linux", sku_name: "FC1" });
    expect(site).toMatchObject({
      type: "Microsoft.Web/sites@2024-04-01",
      name: "func-docs-mcp-dev",
      parent_id: RG,
      identity: [{ type: "UserAssigned", identity_ids: [identityRef("id")] }],
      body: { kind: "functionapp,linux", properties: { httpsOnly: true, clientCertEnabled: false } },
    });
    expect(site.body.properties.siteConfig).toMatchObject({ minTlsVersion: "1.2", ftpsState: "Disabled" });
    expect(site.body.properties.functionAppConfig).toMatchObject({
      runtime: { name: "node", version: "22" },
      deployment: {
        storage: {
          type: "blobContainer",
          authentication: { type: "UserAssignedIdentity", userAssignedIdentityResourceId: identityRef("id") },
        },
      },
    });
    for (const endpoint of ["scm", "ftp"])
      expect(azapi(json, "Microsoft.Web/sites/basicPublishingCredentialsPolicies", endpoint).body).toEqual({
        properties: { allow: false },
      });
  });

  it("grants Search Index Data Reader on the search service and Blob Data Reader on the docs container only", () => {
    const grants = all(json, "azurerm_role_assignment").map((r) => [r.role_definition_name, r.scope]);
    expect(grants).toEqual(
      expect.arrayContaining([
        ["Search Index Data Reader", `${RG}/providers/Microsoft.Search/searchServices/srch-docs-dev`],
        [
          "Storage Blob Data Reader",
          `${RG}/providers/Microsoft.Storage/storageAccounts/stdocsdev/blobServices/default/containers/$web`,
        ],
      ]),
    );
    // The third: host storage on the app's own account.
    expect(grants).toHaveLength(3);
    expect(grants.map(([role]) => role)).not.toContain("Search Index Data Contributor");
    for (const r of all(json, "azurerm_role_assignment")) expect(r.principal_id).toBe(identityRef("principal_id"));
  });

  it("holds no key: no admin key, no connection string, no client secret", () => {
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/SEARCH_ADMIN_KEY|AccountKey|primary_access_key|SharedAccessSignature|clientSecret"/);
    expect(settings).not.toHaveProperty("AzureWebJobsStorage");
    expect(only(json, "azurerm_storage_account").shared_access_key_enabled).toBe(false);
  });

  it("puts App Service authentication in front: 401, audiences, VS Code and configured clients, secretless", () => {
    const auth = azapi(json, "Microsoft.Web/sites/config", "authsettingsV2").body.properties;
    expect(auth.platform).toEqual({ enabled: true });
    expect(auth.globalValidation).toEqual({
      requireAuthentication: true,
      unauthenticatedClientAction: "Return401",
      redirectToProvider: "azureactivedirectory",
    });
    expect(auth.httpSettings).toEqual({ requireHttps: true });
    expect(auth.identityProviders.azureActiveDirectory).toEqual({
      enabled: true,
      registration: {
        clientId: "77777777-0000-0000-0000-000000000000",
        openIdIssuer: "https://login.microsoftonline.com/11111111-1111-1111-1111-111111111111/v2.0",
        clientSecretSettingName: "OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID",
      },
      validation: {
        allowedAudiences: ["api://docs-index-mcp-dev", "77777777-0000-0000-0000-000000000000"],
        defaultAuthorizationPolicy: {
          allowedApplications: [VSCODE_CLIENT_ID, "88888888-0000-0000-0000-000000000000"],
        },
      },
    });
    expect(settings).toMatchObject({
      WEBSITE_AUTH_PRM_DEFAULT_WITH_SCOPES: "api://docs-index-mcp-dev/user_impersonation",
      WEBSITE_AUTH_AAD_ALLOWED_TENANTS: "11111111-1111-1111-1111-111111111111",
      OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID: identityRef("client_id"),
      AzureWebJobsFeatureFlags: "EnableMcpCustomHandlerPreview",
      AzureWebJobsStorage__credential: "managedidentity",
      AzureWebJobsStorage__clientId: identityRef("client_id"),
      AZURE_CLIENT_ID: identityRef("client_id"),
    });
  });

  it("sends diagnostics and telemetry to the configured Log Analytics workspace", () => {
    const site_ = Object.keys(json.resource.azapi_resource).find((k) =>
      json.resource.azapi_resource[k].type.startsWith("Microsoft.Web/sites@"),
    );
    expect(only(json, "azurerm_monitor_diagnostic_setting")).toMatchObject({
      target_resource_id: `\${azapi_resource.${site_}.id}`,
      log_analytics_workspace_id: WORKSPACE,
      enabled_log: [{ category: "FunctionAppLogs" }],
    });
    expect(only(json, "azurerm_application_insights").workspace_id).toBe(WORKSPACE);
  });

  it("writes the app settings the server reads: the package's own reader accepts them", () => {
    const env = {
      ...settings,
      WEBSITE_HOSTNAME: "func-docs-mcp-dev.azurewebsites.net",
      FUNCTIONS_CUSTOMHANDLER_PORT: "7071",
    };
    const read = readMcpAppSettings(env);
    // dev points at the local stand-in (a loopback endpoint).
    expect(read.endpoint).toBe("http://127.0.0.1:8443");
    expect(read.mcp.auth).toMatchObject({
      tenant_id: "11111111-1111-1111-1111-111111111111",
      audience: ["77777777-0000-0000-0000-000000000000", "api://docs-index-mcp-dev"],
      scope: "api://docs-index-mcp-dev/user_impersonation",
      authority: "https://login.microsoftonline.com",
      resource: "https://func-docs-mcp-dev.azurewebsites.net/mcp",
    });
    expect(read.mcp.public_hosts).toEqual(["func-docs-mcp-dev.azurewebsites.net"]);
    expect(read.adminKey).toBeUndefined();
  });

  it("refuses bad registration identifiers with the key and what was expected", () => {
    const bad = mcpConfigSchema.safeParse({
      hosted: {
        enabled: true,
        function_app_name: "func-docs-mcp-dev",
        storage_account: "stdocsmcpdev",
        registration: { client_id: "not-a-guid", app_id_uri: "api://docs-index-mcp/" },
        log_analytics_workspace_id: "log-docs",
      },
    });
    const messages = bad.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        "hosted.registration.client_id: expected the app registration's application (client) id (a GUID)",
        "hosted.registration.app_id_uri: expected the Application ID URI, e.g. api://docs-index-mcp (no trailing slash)",
        expect.stringMatching(/^hosted\.log_analytics_workspace_id: expected a Log Analytics workspace resource id/),
      ]),
    );
  });
});
