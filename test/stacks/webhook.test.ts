import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { renderAllPolicies } from "../../stacks/policies/render.js";
import { all, build, fixtureOpenApi, only, synth } from "./harness.js";

const FN = "azurerm_function_app_flex_consumption";
const fnRef = (attr: string) =>
  expect.stringMatching(
    new RegExp(
      `^\\$\\{azurerm_function_app_flex_consumption\\.function_app_[A-Z0-9]+\\.${attr.replace(/[[\]]/g, "\\$&")}\\}$`,
    ),
  );

describe("webhook stack: function app", () => {
  const json = synth(build().webhook);
  const fn = only(json, FN);
  const storageKey = Object.keys(json.resource.azurerm_storage_account)[0]!;
  const storageRef = (attr: string) => `\${azurerm_storage_account.${storageKey}.${attr}}`;

  it("runs Node 22 on Flex Consumption (FC1, Linux) with a system-assigned identity", () => {
    expect(only(json, "azurerm_service_plan")).toMatchObject({ os_type: "Linux", sku_name: "FC1" });
    expect(fn).toMatchObject({
      name: "func-exp-webhooks-dev",
      runtime_name: "node",
      runtime_version: "22",
      identity: { type: "SystemAssigned" },
    });
  });

  it("has its own storage with identity-based deployment storage and no shared keys", () => {
    expect(only(json, "azurerm_storage_account")).toMatchObject({
      name: "stexpwebhooksdev",
      shared_access_key_enabled: false,
      min_tls_version: "TLS1_2",
      https_traffic_only_enabled: true,
      allow_nested_items_to_be_public: false,
    });
    expect(fn.storage_authentication_type).toBe("SystemAssignedIdentity");
    expect(fn.storage_access_key).toBeUndefined();
    expect(fn.storage_container_type).toBe("blobContainer");
    expect(fn.storage_container_endpoint).toMatch(/primary_blob_endpoint\}\$\{azurerm_storage_container\./);
    expect(only(json, "azurerm_storage_table")).toMatchObject({
      name: "webhookdeliveries",
      storage_account_name: storageRef("name"),
    });
  });

  it("sets exactly the app settings the receiver reads", () => {
    expect(fn.app_settings).toEqual({
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
      APPLICATIONINSIGHTS_CONNECTION_STRING: expect.stringMatching(
        /^\$\{azurerm_application_insights\.[^.]+\.connection_string\}$/,
      ),
      AzureWebJobsStorage__accountName: storageRef("name"),
      AzureWebJobsStorage__credential: "managedidentity",
    });
    expect(JSON.stringify(fn.app_settings)).not.toMatch(/AccountKey|primary_access_key|SharedAccessSignature/);
  });

  it("leaves PROJECT_LOOKUP_APP_ID_URI out when the config has none", () => {
    const settings = only(
      synth(build((c) => delete c.webhook_app!.project_lookup_app_id_uri).webhook),
      FN,
    ).app_settings;
    expect(settings).not.toHaveProperty("PROJECT_LOOKUP_APP_ID_URI");
    expect(settings.PROJECT_LOOKUP_BASE_URL).toBe("https://apim-corp-dev.azure-api.net/sys-casepro");
  });

  it("sends telemetry to workspace-based Application Insights", () => {
    expect(only(json, "azurerm_application_insights")).toMatchObject({
      application_type: "Node.JS",
      workspace_id: expect.stringMatching(/azurerm_log_analytics_workspace\./),
    });
  });

  it("grants the function identity blob, queue and table data roles on its own storage account only", () => {
    const grants = all(json, "azurerm_role_assignment");
    expect(grants.map((g) => g.role_definition_name).sort()).toEqual([
      "Storage Blob Data Owner",
      "Storage Queue Data Contributor",
      "Storage Table Data Contributor",
    ]);
    for (const g of grants)
      expect(g).toMatchObject({
        scope: storageRef("id"),
        principal_id: fnRef("identity[0].principal_id"),
        principal_type: "ServicePrincipal",
      });
  });

  it("accepts HTTP traffic from API Management only (the deployment endpoint stays Entra-authenticated)", () => {
    expect(fn.site_config).toMatchObject({
      ip_restriction_default_action: "Deny",
      ip_restriction: [{ action: "Allow", service_tag: "ApiManagement", priority: 100, name: "api-management" }],
      minimum_tls_version: "1.2",
    });
    expect(fn.webdeploy_publish_basic_authentication_enabled).toBe(false);
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

  it("passes the OpenAPI text through unchanged by Terraform interpolation", () => {
    const doc = JSON.stringify({
      openapi: "3.0.0",
      info: { title: "t", version: "v1", description: "literal ${var.x} and %{ if }" },
      paths: {},
    });
    const imported = only(synth(build(() => {}, doc).webhook), "azurerm_api_management_api").import.content_value;
    expect(imported).toBe(doc.replace("${", "$${").replace("%{", "%%{"));
  });

  it("points a backend at the function app (no trailing slash)", () => {
    expect(backend).toMatchObject({
      name: "exp-webhooks-function",
      protocol: "http",
      url: expect.stringMatching(/^https:\/\/\$\{azurerm_function_app_flex_consumption\.[^}]+\.default_hostname\}$/),
      resource_id: expect.stringMatching(
        /^https:\/\/management\.azure\.com\$\{azurerm_function_app_flex_consumption\.[^}]+\.id\}$/,
      ),
    });
  });

  it("attaches the policy selected by api_policy_type, identical to the rendered copy", () => {
    expect(policy.api_name).toMatch(/azurerm_api_management_api\./);
    expect(policy.depends_on).toEqual([expect.stringMatching(/^azurerm_api_management_backend\./)]);
    expect(policy.xml_content).toBe(renderAllPolicies().get("casepro.xml"));
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(policy.xml_content);
    expect(parsed.policies.inbound["set-backend-service"]["@_backend-id"]).toBe("exp-webhooks-function");
  });

  it("uses the standard corporate policy when api_policy_type is empty", () => {
    const standard = only(synth(build((c) => (c.api_policy_type = "")).webhook), "azurerm_api_management_api_policy");
    expect(standard.xml_content).toBe(renderAllPolicies().get("standard.xml"));
    expect(standard.xml_content).not.toMatch(/x-forward-tenant-origin/);
    expect(standard.xml_content).toMatch(
      /login\.microsoftonline\.com\/11111111-1111-1111-1111-111111111111\/v2\.0\/\.well-known\/openid-configuration/,
    );
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
    expect(json.output.function_app_principal_id.value).toMatch(/identity\[0\]\.principal_id/);
  });
});
