// The docs-mcp stack (the hosted MCP server): off unless mcp.hosted.enabled; on, what its function app has beyond
// every Flex app's baseline (function-app-stack.test.ts): one user-assigned identity per purpose (the data identity
// reads the index it serves and the docs container and nothing more; the host identity holds the app's own storage;
// a sign-in identity without roles only with browser sign-in), callers from any address, App Service
// authentication with Entra ID as Microsoft documents it for MCP servers (allowed audiences and client
// applications incl. VS Code, the protected-resource metadata setting, tenant and principal checks, no client
// credential for bearer tokens), diagnostics to the configured Log Analytics workspace. Tested on the synthesized JSON.
import { describe, expect, it } from "vitest";
import { readMcpAppSettings } from "../../src/config/mcp-app-settings.js";
import { mcpConfigSchema, VSCODE_CLIENT_ID } from "../../src/config/mcp.js";
import { all, azapi, build, MCP_WORKSPACE, only, refOf, settingsOf, siteRef, synth, withHostedMcp } from "./harness.js";

const RG = "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev";

describe("docs-mcp stack", () => {
  it("is off by default: the dev config synthesizes no docs-mcp stack", () => {
    expect(build().mcp).toBeUndefined();
    expect(build((c) => withHostedMcp(c, { enabled: false })).mcp).toBeUndefined();
  });

  const built = build((c) => withHostedMcp(c));
  const json = synth(built.mcp!);
  const site = azapi(json, "Microsoft.Web/sites");
  const settings = settingsOf(site);
  /** A reference to the identity named id-func-docs-mcp-dev<suffix> ("" host, "-data", "-sign-in"). */
  const identityOf = (j: any, suffix: string) => (attr: string) =>
    refOf(j, "azurerm_user_assigned_identity", attr, (r) => r.name === `id-func-docs-mcp-dev${suffix}`);
  const hostRef = identityOf(json, "");
  const dataRef = identityOf(json, "-data");
  const SEARCH = `${RG}/providers/Microsoft.Search/searchServices/srch-docs-dev`;
  const DOCS_CONTAINER = `${RG}/providers/Microsoft.Storage/storageAccounts/stdocsdev/blobServices/default/containers/$web`;
  const grantsOf = (j: any) =>
    all(j, "azurerm_role_assignment").map((r) => [r.role_definition_name, r.scope, r.principal_id]);

  it("gives the site a host and a data identity, and deploys its package with the host identity", () => {
    expect(site.identity).toEqual([{ type: "UserAssigned", identity_ids: [hostRef("id"), dataRef("id")] }]);
    expect(site.body.properties.functionAppConfig.deployment.storage.authentication).toEqual({
      type: "UserAssignedIdentity",
      userAssignedIdentityResourceId: hostRef("id"),
    });
  });

  it("takes calls from any address: agent hosts call it from anywhere, with a token", () => {
    expect(site.body.properties.siteConfig).not.toHaveProperty("ipSecurityRestrictions");
    expect(site.body.properties.siteConfig).not.toHaveProperty("ipSecurityRestrictionsDefaultAction");
  });

  it("grants the data identity Search Index Data Reader on the index and its alias, not the service", () => {
    expect(grantsOf(json)).toEqual(
      expect.arrayContaining([
        ["Search Index Data Reader", `${SEARCH}/indexes/docs-index`, dataRef("principal_id")],
        ["Search Index Data Reader", `${SEARCH}/aliases/docs-index`, dataRef("principal_id")],
      ]),
    );
    expect(grantsOf(json).filter(([, scope]) => scope === SEARCH)).toEqual([]);
    expect(grantsOf(json).map(([role]) => role)).not.toContain("Search Index Data Contributor");
  });

  it("keeps each identity to its purpose: data reads index and docs, host holds the app's own storage", () => {
    const byScope = (a: unknown[], b: unknown[]) => (String(a[1]) < String(b[1]) ? -1 : 1);
    expect(grantsOf(json).sort(byScope)).toEqual([
      [
        "Storage Blob Data Owner",
        expect.stringMatching(/^\$\{azurerm_storage_account\..*\.id\}$/),
        hostRef("principal_id"),
      ],
      ["Search Index Data Reader", `${SEARCH}/aliases/docs-index`, dataRef("principal_id")],
      ["Search Index Data Reader", `${SEARCH}/indexes/docs-index`, dataRef("principal_id")],
      ["Storage Blob Data Reader", DOCS_CONTAINER, dataRef("principal_id")],
    ]);
    // No federated credential, no sign-in identity unless browser sign-in is asked for.
    expect(Object.keys(json.resource.azurerm_user_assigned_identity)).toHaveLength(2);
    expect(json.output).not.toHaveProperty("mcp_sign_in_identity_principal_id");
  });

  it("grants the whole service only when mcp.hosted.search_role_scope says so", () => {
    const wide = synth(build((c) => withHostedMcp(c, { search_role_scope: "service" })).mcp!);
    expect(grantsOf(wide).filter(([role]) => role === "Search Index Data Reader")).toEqual([
      ["Search Index Data Reader", SEARCH, identityOf(wide, "-data")("principal_id")],
    ]);
    expect(mcpConfigSchema.safeParse({ hosted: { search_role_scope: "all" } }).error!.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["hosted", "search_role_scope"], message: "expected index or service" }),
      ]),
    );
  });

  it("with agentic retrieval on, adds the knowledge base to the data identity's scopes and nothing broader", () => {
    const agentic = synth(
      build((c) => {
        withHostedMcp(c);
        c.search.agentic_retrieval = true;
      }).mcp!,
    );
    const search = grantsOf(agentic).filter(([role]) => role === "Search Index Data Reader");
    expect(search.map(([, scope]) => scope).sort()).toEqual([
      `${SEARCH}/aliases/docs-index`,
      `${SEARCH}/indexes/docs-index`,
      `${SEARCH}/knowledgebases/docs-knowledge-base`,
    ]);
  });

  it("holds no key: no admin key, no connection string, no client secret", () => {
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/SEARCH_ADMIN_KEY|AccountKey|primary_access_key|SharedAccessSignature|clientSecret"/);
    expect(settings).not.toHaveProperty("AzureWebJobsStorage");
    expect(only(json, "azurerm_storage_account").shared_access_key_enabled).toBe(false);
  });

  it("puts App Service authentication in front: 401, audiences, VS Code and configured clients, no credential", () => {
    const auth = azapi(json, "Microsoft.Web/sites/config", "authsettingsV2").body.properties;
    expect(auth.globalValidation).toEqual({
      requireAuthentication: true,
      unauthenticatedClientAction: "Return401",
      redirectToProvider: "azureactivedirectory",
    });
    expect(auth.identityProviders.azureActiveDirectory).toEqual({
      enabled: true,
      registration: {
        clientId: "77777777-0000-0000-0000-000000000000",
        openIdIssuer: "https://login.microsoftonline.com/11111111-1111-1111-1111-111111111111/v2.0",
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
      WEBSITE_AUTH_AAD_REQUIRE_CLIENT_SERVICE_PRINCIPAL: "true",
      // The server's own check of the client application (VS Code is always admitted).
      MCP_AUTH_ALLOWED_CLIENT_IDS: "88888888-0000-0000-0000-000000000000",
      AzureWebJobsFeatureFlags: "EnableMcpCustomHandlerPreview",
      AzureWebJobsStorage__credential: "managedidentity",
      AzureWebJobsStorage__clientId: hostRef("client_id"),
      AZURE_CLIENT_ID: dataRef("client_id"),
    });
    expect(settings).not.toHaveProperty("OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID");
  });

  it("with browser sign-in, a sign-in identity without any role is the federated credential, and only it", () => {
    const signIn = synth(
      build((c) =>
        withHostedMcp(c, {
          registration: {
            client_id: "77777777-0000-0000-0000-000000000000",
            app_id_uri: "api://docs-index-mcp-dev",
            browser_sign_in: true,
          },
        }),
      ).mcp!,
    );
    const signInRef = identityOf(signIn, "-sign-in");
    const auth = azapi(signIn, "Microsoft.Web/sites/config", "authsettingsV2").body.properties;
    expect(auth.identityProviders.azureActiveDirectory.registration.clientSecretSettingName).toBe(
      "OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID",
    );
    const signInSettings = settingsOf(azapi(signIn, "Microsoft.Web/sites"));
    expect(signInSettings.OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID).toBe(signInRef("client_id"));
    expect(signInSettings.AZURE_CLIENT_ID).toBe(identityOf(signIn, "-data")("client_id"));
    expect(grantsOf(signIn).filter(([, , principal]) => principal === signInRef("principal_id"))).toEqual([]);
    expect(signIn.output.mcp_sign_in_identity_principal_id.value).toBe(signInRef("principal_id"));
  });

  it("sends diagnostics and telemetry to the configured Log Analytics workspace", () => {
    expect(only(json, "azurerm_monitor_diagnostic_setting")).toMatchObject({
      target_resource_id: siteRef(json, "id"),
      log_analytics_workspace_id: MCP_WORKSPACE,
      enabled_log: [{ category: "FunctionAppLogs" }],
      enabled_metric: [{ category: "AllMetrics" }],
    });
    expect(only(json, "azurerm_application_insights").workspace_id).toBe(MCP_WORKSPACE);
    expect(json.resource.azurerm_log_analytics_workspace).toBeUndefined();
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
    // The server's own client-application check admits what App Service authentication admits.
    expect(read.mcp.auth?.allowed_client_ids).toEqual(["88888888-0000-0000-0000-000000000000"]);
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
