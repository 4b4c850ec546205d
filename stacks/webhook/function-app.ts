// The webhook receiver's Flex Consumption function app (Node 22): its own storage account (identity-based host
// storage, deployment container, idempotency table), Application Insights on a Log Analytics workspace, a
// system-assigned identity and the app settings the receiver reads. Reachable only from API Management.
import { ApplicationInsights } from "@cdktf/provider-azurerm/lib/application-insights/index.js";
import { FunctionAppFlexConsumption } from "@cdktf/provider-azurerm/lib/function-app-flex-consumption/index.js";
import { LogAnalyticsWorkspace } from "@cdktf/provider-azurerm/lib/log-analytics-workspace/index.js";
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { ServicePlan } from "@cdktf/provider-azurerm/lib/service-plan/index.js";
import { StorageAccount } from "@cdktf/provider-azurerm/lib/storage-account/index.js";
import { StorageContainer } from "@cdktf/provider-azurerm/lib/storage-container/index.js";
import { StorageTable } from "@cdktf/provider-azurerm/lib/storage-table/index.js";
import { Construct } from "constructs";
import type { StackConfig } from "../config.js";
import { ROLES } from "../roles.js";
import { webhookAppSettings } from "./app-settings.js";

export const NODE_RUNTIME_VERSION = "22";
export const DEPLOYMENT_CONTAINER = "app-package";
/**
 * Shared-key access on the function's storage. Off: host storage, the deployment container and the table all
 * use the app's managed identity. UNCONFIRMED against a live deploy that the azurerm 4.55 flex resource never
 * needs a key when storage_authentication_type is SystemAssignedIdentity; flip here if `apply` says otherwise.
 */
export const FUNCTION_STORAGE_SHARED_KEY_ACCESS = false;
/** Only API Management may call the app's HTTP endpoints (service tag). */
export const GATEWAY_SERVICE_TAG = "ApiManagement";

export class WebhookFunctionApp extends Construct {
  readonly app: FunctionAppFlexConsumption;
  readonly storage: StorageAccount;
  readonly insights: ApplicationInsights;

  constructor(scope: Construct, id: string, config: StackConfig, tags: Record<string, string>) {
    super(scope, id);
    const w = config.webhook_app;
    const rg = config.azure.resource_group;
    const location = config.azure.location;

    this.storage = new StorageAccount(this, "storage", {
      name: w.storage_account,
      resourceGroupName: rg,
      location,
      accountKind: "StorageV2",
      accountTier: "Standard",
      accountReplicationType: "LRS",
      httpsTrafficOnlyEnabled: true,
      minTlsVersion: "TLS1_2",
      allowNestedItemsToBePublic: false,
      sharedAccessKeyEnabled: FUNCTION_STORAGE_SHARED_KEY_ACCESS,
      defaultToOauthAuthentication: true,
      tags,
    });
    const container = new StorageContainer(this, "deployment", {
      name: DEPLOYMENT_CONTAINER,
      storageAccountId: this.storage.id,
      containerAccessType: "private",
    });
    new StorageTable(this, "idempotency", { name: w.idempotency_table, storageAccountName: this.storage.name });

    const workspace = new LogAnalyticsWorkspace(this, "logs", {
      name: `log-${w.function_app_name}`,
      resourceGroupName: rg,
      location,
      sku: "PerGB2018",
      retentionInDays: 30,
      tags,
    });
    this.insights = new ApplicationInsights(this, "insights", {
      name: `appi-${w.function_app_name}`,
      resourceGroupName: rg,
      location,
      applicationType: "Node.JS",
      workspaceId: workspace.id,
      tags,
    });

    const plan = new ServicePlan(this, "plan", {
      name: `asp-${w.function_app_name}`,
      resourceGroupName: rg,
      location,
      osType: "Linux",
      skuName: "FC1",
      tags,
    });

    this.app = new FunctionAppFlexConsumption(this, "app", {
      name: w.function_app_name,
      resourceGroupName: rg,
      location,
      servicePlanId: plan.id,
      runtimeName: "node",
      runtimeVersion: NODE_RUNTIME_VERSION,
      storageContainerType: "blobContainer",
      storageContainerEndpoint: `${this.storage.primaryBlobEndpoint}${container.name}`,
      storageAuthenticationType: "SystemAssignedIdentity",
      maximumInstanceCount: w.maximum_instance_count,
      instanceMemoryInMb: w.instance_memory_mb,
      identity: { type: "SystemAssigned" },
      webdeployPublishBasicAuthenticationEnabled: false,
      // https_only is not set: azurerm issue #29006 reports it failing on Flex Consumption. Callers reach the app
      // only through the gateway (HTTPS-only API), and the backend URL is https.
      siteConfig: {
        minimumTlsVersion: "1.2",
        ipRestrictionDefaultAction: "Deny",
        // The SCM (deployment) endpoint is not behind the gateway: the pipeline publishes the package there with
        // its Entra identity (basic publishing credentials are off).
        scmIpRestrictionDefaultAction: "Allow",
        scmUseMainIpRestriction: false,
        ipRestriction: [{ name: "api-management", action: "Allow", priority: 100, serviceTag: GATEWAY_SERVICE_TAG }],
      },
      appSettings: webhookAppSettings(config, {
        storageAccountName: this.storage.name,
        appInsightsConnectionString: this.insights.connectionString,
      }),
      tags,
    });

    // Host storage and deployment package (blob owner, queues) and the idempotency table, on this account only.
    const principalId = this.app.identity.principalId;
    const grant = (rid: string, role: string, why: string) =>
      new RoleAssignment(this, rid, {
        scope: this.storage.id,
        roleDefinitionName: role,
        principalId,
        principalType: "ServicePrincipal",
        description: why,
      });
    grant("host-blob", ROLES.storageBlobDataOwner, "Functions host storage and deployment package");
    grant("host-queue", ROLES.storageQueueDataContributor, "Functions host storage");
    grant("idempotency-table", ROLES.storageTableDataContributor, "Idempotency table of webhook deliveries");
  }
}
