// What every function-app stack gets from FunctionAppStack and the Flex Consumption construct, asserted once over
// both apps (webhook from the dev config, docs-mcp with mcp.hosted turned on): the pinned azapi provider, the FC1
// plan and the azapi site (Node 22; HTTPS and TLS 1.2 only; FTP and basic publishing off), App Service
// authentication answering 401, the app's own storage without keys and its host identity as the only Blob Data
// Owner, identity-based host storage, workspace-based Application Insights, and the scale keys. webhook.test.ts
// and docs-mcp.test.ts assert what differs.
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/schema.js";
import { AZAPI_PROVIDER_VERSION } from "../../stacks/constructs/azapi.js";
import { all, azapi, build, only, refOf, settingsOf, siteRef, synth, withHostedMcp } from "./harness.js";

interface App {
  stack: "webhook" | "mcp";
  name: string;
  storageAccount: string;
  /** Turns the app on in the dev config (the webhook is always on). */
  on: (c: Config) => void;
  /** The app's scale keys in the config (after `on`). */
  scale: (c: Config) => { always_ready_instances: number; zone_redundant: boolean };
  /** The identity holding host storage, as a reference: the site's own, or the user-assigned host identity. */
  hostPrincipal: (json: any) => string;
}

const APPS: App[] = [
  {
    stack: "webhook",
    name: "func-exp-webhooks-dev",
    storageAccount: "stexpwebhooksdev",
    on: () => {},
    scale: (c) => c.webhook_app!,
    hostPrincipal: (json) => siteRef(json, "identity[0].principal_id"),
  },
  {
    stack: "mcp",
    name: "func-docs-mcp-dev",
    storageAccount: "stdocsmcpdev",
    on: (c) => withHostedMcp(c),
    scale: (c) => c.mcp!.hosted!,
    hostPrincipal: (json) =>
      refOf(json, "azurerm_user_assigned_identity", "principal_id", (r) => r.name === "id-func-docs-mcp-dev"),
  },
];

const synthApp = (app: App, mutate: (c: Config) => void = () => {}) =>
  synth(
    build((c) => {
      app.on(c);
      mutate(c);
    })[app.stack]!,
  );

describe.each(APPS)("every function app: $stack", (app) => {
  const json = synthApp(app);
  const site = azapi(json, "Microsoft.Web/sites");
  const storageRef = (attr: string) => refOf(json, "azurerm_storage_account", attr);

  it("pins the azapi provider, which registers no resource providers either", () => {
    expect(json.terraform.required_providers.azapi).toEqual({ source: "Azure/azapi", version: AZAPI_PROVIDER_VERSION });
    expect(json.provider.azapi[0]).toEqual({
      skip_provider_registration: true,
      subscription_id: "00000000-0000-0000-0000-000000000000",
      tenant_id: "11111111-1111-1111-1111-111111111111",
    });
  });

  it("runs Node 22 on a Flex Consumption plan (FC1, Linux), its site managed whole through azapi", () => {
    expect(only(json, "azurerm_service_plan")).toMatchObject({
      name: `asp-${app.name}`,
      os_type: "Linux",
      sku_name: "FC1",
    });
    expect(site).toMatchObject({
      type: "Microsoft.Web/sites@2024-04-01",
      name: app.name,
      parent_id: "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev",
      location: "westeurope",
      body: { kind: "functionapp,linux" },
      response_export_values: ["properties.defaultHostName"],
    });
    expect(site.body.properties.serverFarmId).toBe(refOf(json, "azurerm_service_plan", "id"));
    expect(site.body.properties.functionAppConfig.runtime).toEqual({ name: "node", version: "22" });
    // azurerm's flex app would inject an AzureWebJobsStorage connection string (finding 2).
    expect(json.resource.azurerm_function_app_flex_consumption).toBeUndefined();
  });

  it("is HTTPS only (finding 4), TLS 1.2 on both endpoints, no client certificates, FTP and basic publishing off", () => {
    expect(site.body.properties).toMatchObject({ httpsOnly: true, clientCertEnabled: false });
    expect(site.body.properties.siteConfig).toMatchObject({
      minTlsVersion: "1.2",
      scmMinTlsVersion: "1.2",
      ftpsState: "Disabled",
      http20Enabled: true,
    });
    const policies = all(json, "azapi_resource").filter((r) =>
      r.type.startsWith("Microsoft.Web/sites/basicPublishingCredentialsPolicies@"),
    );
    expect(policies.map((p) => p.name).sort()).toEqual(["ftp", "scm"]);
    for (const p of policies)
      expect(p).toMatchObject({ parent_id: siteRef(json, "id"), body: { properties: { allow: false } } });
  });

  it("answers 401 without a token: App Service authentication in front, HTTPS required, no token store", () => {
    const auth = azapi(json, "Microsoft.Web/sites/config", "authsettingsV2");
    expect(auth.parent_id).toBe(siteRef(json, "id"));
    expect(auth.body.properties).toMatchObject({
      platform: { enabled: true },
      globalValidation: { requireAuthentication: true, unauthenticatedClientAction: "Return401" },
      httpSettings: { requireHttps: true },
      identityProviders: { azureActiveDirectory: { enabled: true } },
      login: { tokenStore: { enabled: false } },
    });
  });

  it("keeps host storage and the package on its own account, keys off, reached by the host identity only", () => {
    expect(only(json, "azurerm_storage_account")).toMatchObject({
      name: app.storageAccount,
      shared_access_key_enabled: false,
      default_to_oauth_authentication: true,
      min_tls_version: "TLS1_2",
      https_traffic_only_enabled: true,
      allow_nested_items_to_be_public: false,
    });
    expect(only(json, "azurerm_storage_container")).toMatchObject({
      name: "app-package",
      container_access_type: "private",
    });
    expect(site.body.properties.functionAppConfig.deployment.storage).toMatchObject({
      type: "blobContainer",
      value: `${storageRef("primary_blob_endpoint")}${refOf(json, "azurerm_storage_container", "name")}`,
    });
    const settings = settingsOf(site);
    expect(settings).toMatchObject({
      AzureWebJobsStorage__accountName: storageRef("name"),
      AzureWebJobsStorage__credential: "managedidentity",
    });
    expect(settings).not.toHaveProperty("AzureWebJobsStorage");
    expect(settings).not.toHaveProperty("DEPLOYMENT_STORAGE_CONNECTION_STRING");
    expect(JSON.stringify(json)).not.toMatch(/AccountKey|primary_access_key|SharedAccessSignature/);
    const owners = all(json, "azurerm_role_assignment").filter(
      (g) => g.role_definition_name === "Storage Blob Data Owner",
    );
    expect(owners).toEqual([
      expect.objectContaining({
        scope: storageRef("id"),
        principal_id: app.hostPrincipal(json),
        principal_type: "ServicePrincipal",
        description: "Functions host storage and deployment package",
      }),
    ]);
  });

  it("turns blob soft delete on for its storage (Checkov CKV2_AZURE_38), 7 days by default", () => {
    expect(only(json, "azurerm_storage_account").blob_properties).toEqual({
      delete_retention_policy: { days: 7 },
      container_delete_retention_policy: { days: 7 },
    });
  });

  it("sends telemetry to workspace-based Application Insights (finding 5)", () => {
    expect(only(json, "azurerm_application_insights")).toMatchObject({
      name: `appi-${app.name}`,
      application_type: "Node.JS",
      workspace_id: expect.any(String),
    });
    expect(settingsOf(site).APPLICATIONINSIGHTS_CONNECTION_STRING).toBe(
      refOf(json, "azurerm_application_insights", "connection_string"),
    );
    // azapi writes siteConfig as given: nothing moves the connection string into another block on read.
    expect(site.body.properties.siteConfig).not.toHaveProperty("applicationInsightsConnectionString");
  });

  it("scales to 40 instances of 2048 MB, none always ready, not zone-redundant in dev (LRS)", () => {
    expect(site.body.properties.functionAppConfig.scaleAndConcurrency).toEqual({
      maximumInstanceCount: 40,
      instanceMemoryMB: 2048,
    });
    expect(only(json, "azurerm_service_plan").zone_balancing_enabled).toBe(false);
    expect(only(json, "azurerm_storage_account").account_replication_type).toBe("LRS");
  });

  it("adds always-ready http instances, and goes zone-balanced on ZRS storage, when configured", () => {
    const scaled = synthApp(app, (c) => {
      app.scale(c).always_ready_instances = 3;
      app.scale(c).zone_redundant = true;
    });
    expect(
      azapi(scaled, "Microsoft.Web/sites").body.properties.functionAppConfig.scaleAndConcurrency.alwaysReady,
    ).toEqual([{ name: "http", instanceCount: 3 }]);
    expect(only(scaled, "azurerm_service_plan").zone_balancing_enabled).toBe(true);
    expect(only(scaled, "azurerm_storage_account").account_replication_type).toBe("ZRS");
  });
});
