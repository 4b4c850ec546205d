// The webhook stack: what its function app has beyond every Flex app's baseline (function-app-stack.test.ts):
// the system-assigned identity, calls from the gateway's public IPs and its managed identity only, queue and table
// roles on its storage, its own Log Analytics workspace, the receiver's settings and delivery queues; and its API
// in the existing API Management instance.
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { loadSettings } from "../../webhook/src/settings.js";
import { renderAllPolicies } from "../../stacks/webhook/render-policies.js";
import { all, azapi, build, fixtureOpenApi, only, refOf, settingsOf, siteRef, synth } from "./harness.js";

describe("webhook stack: function app", () => {
  const json = synth(build().webhook);
  const site = azapi(json, "Microsoft.Web/sites");
  const storageRef = (attr: string) => refOf(json, "azurerm_storage_account", attr);

  it("uses its system-assigned identity, for the deployment package too", () => {
    expect(site.identity).toEqual([{ type: "SystemAssigned" }]);
    expect(site.body.properties.functionAppConfig.deployment.storage.authentication).toEqual({
      type: "SystemAssignedIdentity",
    });
    expect(json.resource.azurerm_user_assigned_identity).toBeUndefined();
  });

  it("declares no azurerm_storage_table: the receiver creates its table with its identity (finding 1)", () => {
    expect(json.resource.azurerm_storage_table).toBeUndefined();
    expect(all(json, "azurerm_role_assignment").map((g) => g.role_definition_name)).toContain(
      "Storage Table Data Contributor",
    );
  });

  it("keeps storage_blob_soft_delete_days of blob soft delete", () => {
    const json30 = synth(build((c) => (c.webhook_app!.storage_blob_soft_delete_days = 30)).webhook);
    expect(only(json30, "azurerm_storage_account").blob_properties).toEqual({
      delete_retention_policy: { days: 30 },
      container_delete_retention_policy: { days: 30 },
    });
  });

  it("sets exactly the app settings the receiver reads, the App Insights string among them (finding 5)", () => {
    expect(settingsOf(site)).toEqual({
      PROCESS_API_BASE_URL: "https://apim-corp-dev.azure-api.net/prc-cases",
      PROCESS_API_APP_ID_URI: "api://prc-cases-dev",
      PROJECT_LOOKUP_BASE_URL: "https://apim-corp-dev.azure-api.net/sys-casepro",
      PROJECT_LOOKUP_APP_ID_URI: "api://sys-casepro-dev",
      IDEMPOTENCY_STORE: "table",
      IDEMPOTENCY_TABLE_NAME: "webhookdeliveries",
      IDEMPOTENCY_TABLE_ENDPOINT: `https://${storageRef("name")}.table.core.windows.net`,
      WEBHOOK_PROVIDER_NAME: "casepro",
      WEBHOOK_IDENTITY_URL: "https://identity.casepro.example.com",
      WEBHOOK_AUDIENCE: "provider-v2-webhooks",
      WEBHOOK_REQUIRED_SCOPE: "provider-v2-webhooks-access",
      WEBHOOK_SCOPE_CLAIM: "scope",
      WEBHOOK_VALIDATE_JWT: "false",
      APPLICATIONINSIGHTS_CONNECTION_STRING: refOf(json, "azurerm_application_insights", "connection_string"),
      AzureWebJobsStorage__accountName: storageRef("name"),
      AzureWebJobsStorage__credential: "managedidentity",
      DELIVERY_PROCESSING: "queue",
      WEBHOOK_QUEUE__queueServiceUri: `https://${storageRef("name")}.queue.core.windows.net`,
      WEBHOOK_QUEUE__credential: "managedidentity",
      WEBHOOK_QUEUE_NAME: "webhook-deliveries",
      AzureFunctionsJobHost__extensions__queues__maxDequeueCount: "5",
      AzureFunctionsJobHost__extensions__queues__visibilityTimeout: "00:00:30",
    });
  });

  it("round trip: the receiver's own settings loader accepts what the stack writes, as in Azure", () => {
    // Terraform references resolve to plain values at apply time; stand in for them.
    const resolved = Object.fromEntries(
      Object.entries(settingsOf(site)).map(([k, v]) => [
        k,
        v
          .replace(/\$\{azurerm_storage_account\.[^}]+\.name\}/g, "stexpwebhooksdev")
          .replace(
            /\$\{azurerm_application_insights\.[^}]+\}/g,
            "InstrumentationKey=00000000-0000-0000-0000-000000000000",
          ),
      ]),
    );
    expect(JSON.stringify(resolved)).not.toContain("${");
    const settings = loadSettings({ ...resolved, WEBSITE_INSTANCE_ID: "0123abcd" });
    expect(settings).toMatchObject({
      inAzure: true,
      processApi: { baseUrl: "https://apim-corp-dev.azure-api.net/prc-cases", appIdUri: "api://prc-cases-dev" },
      idempotency: {
        kind: "table",
        tableName: "webhookdeliveries",
        endpoint: "https://stexpwebhooksdev.table.core.windows.net",
      },
      providerName: "casepro",
      jwt: { validate: false },
      processing: {
        kind: "queue",
        queueName: "webhook-deliveries",
        target: { queueServiceUri: "https://stexpwebhooksdev.queue.core.windows.net" },
        maxDequeueCount: 5,
        visibilityTimeoutMs: 30_000,
      },
    });
  });

  it("creates the delivery and poison queues with queue-scoped Storage Queue Data Contributor for the app's identity", () => {
    const queues = Object.values(json.resource.azurerm_storage_queue) as any[];
    expect(queues.map((q) => [q.name, q.storage_account_id])).toEqual([
      ["webhook-deliveries", storageRef("id")],
      ["webhook-deliveries-poison", storageRef("id")],
    ]);
    const grants = (Object.values(json.resource.azurerm_role_assignment) as any[]).filter((g) =>
      String(g.scope).startsWith("${azurerm_storage_queue."),
    );
    expect(grants).toHaveLength(2);
    for (const g of grants)
      expect(g).toMatchObject({
        role_definition_name: "Storage Queue Data Contributor",
        principal_type: "ServicePrincipal",
        principal_id: siteRef(json, "identity[0].principal_id"),
      });
  });

  it("round trip without the optional project lookup app id", () => {
    const s = settingsOf(
      azapi(synth(build((c) => delete c.webhook_app!.project_lookup_app_id_uri).webhook), "Microsoft.Web/sites"),
    );
    expect(s).not.toHaveProperty("PROJECT_LOOKUP_APP_ID_URI");
    const resolved = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.replace(/\$\{[^}]+\}/g, "x1")]));
    expect(loadSettings({ ...resolved, WEBSITE_INSTANCE_ID: "1" }).projectLookup).toEqual({
      baseUrl: "https://apim-corp-dev.azure-api.net/sys-casepro",
      appIdUri: undefined,
    });
  });

  it("accepts calls from the gateway's own public IPs only, not the ApiManagement service tag (finding 3)", () => {
    const config = site.body.properties.siteConfig;
    expect(config.ipSecurityRestrictionsDefaultAction).toBe("Deny");
    expect(config.ipSecurityRestrictions).toBe(
      '${[ for key, val in toset(range(0, length(data.azurerm_api_management.apim.public_ip_addresses), 1)): { name = format("gateway-%d", val), ipAddress = format("%s/32", element(tolist(data.azurerm_api_management.apim.public_ip_addresses), val)), action = "Allow", priority = 100 + val }]}',
    );
    expect(JSON.stringify(site)).not.toMatch(/ApiManagement"|serviceTag|service_tag/);
    // The deployment endpoint is not behind the gateway; basic credentials are off, so it needs Entra.
    expect(config).toMatchObject({
      scmIpSecurityRestrictionsUseMain: false,
      scmIpSecurityRestrictionsDefaultAction: "Allow",
    });
  });

  it("requires a token for its app registration from the gateway's managed identity (Easy Auth, finding 3)", () => {
    const auth = azapi(json, "Microsoft.Web/sites/config", "authsettingsV2").body.properties;
    expect(auth.globalValidation).not.toHaveProperty("redirectToProvider");
    expect(auth.identityProviders.azureActiveDirectory).toEqual({
      enabled: true,
      registration: {
        clientId: "55555555-5555-5555-5555-555555555555",
        openIdIssuer: "https://sts.windows.net/11111111-1111-1111-1111-111111111111/v2.0",
      },
      validation: {
        allowedAudiences: ["api://func-exp-webhooks-dev", "55555555-5555-5555-5555-555555555555"],
        defaultAuthorizationPolicy: {
          allowedPrincipals: { identities: ["${data.azurerm_api_management.apim.identity[0].principal_id}"] },
        },
      },
    });
  });

  it("keeps its telemetry on a Log Analytics workspace of its own (30 days), with no diagnostic setting", () => {
    expect(only(json, "azurerm_log_analytics_workspace")).toMatchObject({
      name: "log-func-exp-webhooks-dev",
      sku: "PerGB2018",
      retention_in_days: 30,
    });
    expect(only(json, "azurerm_application_insights").workspace_id).toBe(
      refOf(json, "azurerm_log_analytics_workspace", "id"),
    );
    expect(json.resource.azurerm_monitor_diagnostic_setting).toBeUndefined();
  });

  it("grants the function identity blob, queue and table data roles on its own storage account only", () => {
    // The delivery queues' own grants (scoped to each queue) are checked with the queues.
    const grants = all(json, "azurerm_role_assignment").filter(
      (g) => !String(g.scope).startsWith("${azurerm_storage_queue."),
    );
    expect(grants.map((g) => g.role_definition_name).sort()).toEqual([
      "Storage Blob Data Owner",
      "Storage Queue Data Contributor",
      "Storage Table Data Contributor",
    ]);
    for (const g of grants)
      expect(g).toMatchObject({
        scope: storageRef("id"),
        principal_id: siteRef(json, "identity[0].principal_id"),
        principal_type: "ServicePrincipal",
      });
  });
});

describe("webhook stack: API Management", () => {
  const json = synth(build().webhook);
  const api = only(json, "azurerm_api_management_api");
  const backend = only(json, "azurerm_api_management_backend");
  const policy = only(json, "azurerm_api_management_api_policy");

  it("adds the API to the existing instance at exp-{app_name}, HTTPS only, imported from OpenAPI v1", () => {
    expect(json.resource.azurerm_api_management).toBeUndefined();
    expect(json.data.azurerm_api_management.apim).toEqual({
      name: "apim-corp-dev",
      resource_group_name: "rg-apim-dev",
    });
    expect(api).toMatchObject({
      name: "exp-webhooks",
      path: "exp-webhooks",
      protocols: ["https"],
      api_management_name: "apim-corp-dev",
      resource_group_name: "rg-apim-dev",
      subscription_required: false,
      import: { content_format: "openapi+json", content_value: fixtureOpenApi },
    });
  });

  it("sets the description the import stores, so plans show no diff after an import (finding 7)", () => {
    expect(api).not.toHaveProperty("description"); // the fixture has no info.description
    const doc = JSON.stringify({
      openapi: "3.0.0",
      info: { title: "t", version: "v1", description: "Receives ${x} events" },
      paths: {},
    });
    expect(only(synth(build(() => {}, doc).webhook), "azurerm_api_management_api").description).toBe(
      "Receives $${x} events",
    );
  });

  it("passes the OpenAPI text through unchanged by Terraform interpolation", () => {
    const doc = JSON.stringify({
      openapi: "3.0.0",
      info: { title: "t", version: "v1", description: "literal ${var.x} and %{ if }" },
      paths: {},
    });
    const imported = only(synth(build(() => {}, doc).webhook), "azurerm_api_management_api").import.content_value;
    expect(imported).toBe(doc.split("${").join("$${").split("%{").join("%%{"));
    expect(imported).toContain("literal $${var.x} and %%{ if }");
  });

  it("points a backend at the function app's host name (no trailing slash)", () => {
    expect(backend).toMatchObject({
      name: "exp-webhooks-function",
      protocol: "http",
      url: expect.stringMatching(/^https:\/\/\$\{azapi_resource\.[^.]+\.output\.properties\.defaultHostName\}$/),
      resource_id: expect.stringMatching(/^https:\/\/management\.azure\.com\$\{azapi_resource\.[^.]+\.id\}$/),
    });
    expect(azapi(json, "Microsoft.Web/sites").response_export_values).toEqual(["properties.defaultHostName"]);
  });

  it("attaches the policy selected by api_policy_type, identical to the rendered copy", () => {
    expect(policy.api_name).toMatch(/azurerm_api_management_api\./);
    expect(policy.depends_on).toEqual([expect.stringMatching(/^azurerm_api_management_backend\./)]);
    expect(policy.xml_content).toBe(renderAllPolicies().get("casepro.xml"));
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(policy.xml_content);
    expect(parsed.policies.inbound["set-backend-service"]["@_backend-id"]).toBe("exp-webhooks-function");
    expect(parsed.policies.inbound["authentication-managed-identity"]["@_resource"]).toBe(
      "api://func-exp-webhooks-dev",
    );
  });

  it("uses the standard corporate policy when api_policy_type is empty: client apps and role checked (finding 8)", () => {
    const standard = only(synth(build((c) => (c.api_policy_type = "")).webhook), "azurerm_api_management_api_policy");
    expect(standard.xml_content).toBe(renderAllPolicies().get("standard.xml"));
    expect(standard.xml_content).not.toMatch(/x-forward-tenant-origin/);
    const token = new XMLParser({ ignoreAttributes: false }).parse(standard.xml_content).policies.inbound[
      "validate-azure-ad-token"
    ];
    expect(token["@_tenant-id"]).toBe("11111111-1111-1111-1111-111111111111");
    expect(token["client-application-ids"]["application-id"]).toBe("44444444-4444-4444-4444-444444444444");
    expect(token["required-claims"].claim).toMatchObject({ "@_name": "roles", value: "Webhooks.Send" });
  });

  it("the gateway audience defaults to the app registration's client id without an App ID URI", () => {
    const json2 = synth(build((c) => delete c.webhook_app!.gateway_auth.app_id_uri).webhook);
    const xml = only(json2, "azurerm_api_management_api_policy").xml_content;
    expect(xml).toContain('<authentication-managed-identity resource="55555555-5555-5555-5555-555555555555" />');
    expect(
      azapi(json2, "Microsoft.Web/sites/config").body.properties.identityProviders.azureActiveDirectory.validation
        .allowedAudiences,
    ).toEqual(["55555555-5555-5555-5555-555555555555"]);
  });

  it("outputs the webhook URL and the process API's authorized_apps entry", () => {
    expect(json.output.webhook_url.value).toBe(
      "${data.azurerm_api_management.apim.gateway_url}/exp-webhooks/api/webhooks",
    );
    expect(json.output.authorized_apps_entry.value).toEqual({
      project_id: "exp-webhooks",
      app_roles: ["App.Write"],
      scopes: ["user_impersonation"],
    });
    expect(json.output.function_app_principal_id.value).toMatch(
      /^\$\{azapi_resource\.[^.]+\.identity\[0\]\.principal_id\}$/,
    );
  });
});
