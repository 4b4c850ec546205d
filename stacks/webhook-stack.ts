// webhook: the receiver's function app (its storage, monitoring, Flex app) and its API in the existing API
// Management instance. Composed of small constructs with typed Props (stacks/webhook/*); the props come from
// stacks/webhook/props.ts. The receiver's delivery queues (stacks/webhook/queues.ts) add their settings to the
// app's and their queue-scoped role assignments once the app's identity exists.
import { DataAzurermApiManagement } from "@cdktf/provider-azurerm/lib/data-azurerm-api-management/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import { FunctionAppStack } from "./function-app-stack.js";
import { webhookAppSettings } from "./webhook/app-settings.js";
import { WebhookFunctionApp } from "./webhook/function-app.js";
import { FunctionStorage } from "./constructs/function-storage.js";
import { WebhookGateway } from "./webhook/gateway.js";
import { WebhookQueues, webhookQueueAppSettings } from "./webhook/queues.js";
import { FunctionMonitoring } from "./constructs/function-monitoring.js";
import type { WebhookStackProps } from "./webhook/props.js";

export class WebhookStack extends FunctionAppStack {
  readonly storage: FunctionStorage;
  readonly monitoring: FunctionMonitoring;
  readonly fn: WebhookFunctionApp;
  readonly gateway: WebhookGateway;
  readonly queues: WebhookQueues;
  readonly apim: DataAzurermApiManagement;

  constructor(scope: Construct, id: string, props: WebhookStackProps) {
    super(scope, id, props);
    const where = this.where;
    const f = props.functionApp;

    // The existing gateway: its public IPs are the function's allow-list, its managed identity the only caller.
    this.apim = new DataAzurermApiManagement(this, "apim", {
      name: props.apim.name,
      resourceGroupName: props.apim.resourceGroupName,
    });

    this.storage = new FunctionStorage(this, "storage", {
      ...where,
      name: f.storageAccountName,
      zoneRedundant: f.zoneRedundant,
      blobSoftDeleteDays: f.storageBlobSoftDeleteDays,
    });
    this.monitoring = new FunctionMonitoring(this, "monitoring", { ...where, name: f.name });

    this.fn = new WebhookFunctionApp(this, "function", {
      ...where,
      name: f.name,
      resourceGroupId: props.resourceGroupId,
      maximumInstanceCount: f.maximumInstanceCount,
      instanceMemoryMb: f.instanceMemoryMb,
      zoneRedundant: f.zoneRedundant,
      alwaysReadyInstances: f.alwaysReadyInstances,
      storage: this.storage,
      appSettings: {
        ...webhookAppSettings(props.receiver, {
          storageAccountName: this.storage.account.name,
          appInsightsConnectionString: this.monitoring.insights.connectionString,
        }),
        ...webhookQueueAppSettings(this.storage.account.name, props.deliveryQueue),
        ...props.additionalAppSettings,
      },
      gatewayPublicIps: this.apim.publicIpAddresses,
      platformAuth: {
        tenantId: props.base.tenantId,
        clientId: props.gatewayAuth.clientId,
        allowedAudiences: [...new Set([props.gatewayAuth.audience, props.gatewayAuth.clientId])],
        allowedPrincipalIds: [this.apim.identity.get(0).principalId],
      },
      azapi: this.azapi,
    });

    this.queues = new WebhookQueues(this, "queues", {
      ...props.deliveryQueue,
      storageAccount: this.storage.account,
      principalId: this.fn.principalId,
    });

    this.gateway = new WebhookGateway(this, "gateway", {
      apimName: props.apim.name,
      apimResourceGroupName: props.apim.resourceGroupName,
      path: props.api.path,
      backendName: props.api.backendName,
      functionHostName: this.fn.defaultHostName,
      functionId: this.fn.site.id,
      functionTitle: `${f.name} (function app)`,
      openApiJson: props.api.openApiJson,
      policyXml: props.api.policyXml,
    });

    new TerraformOutput(this, "webhook_url", {
      value: `${this.apim.gatewayUrl}/${props.api.path}/api/webhooks`,
      description: "The URL to enter in the provider's webhook settings",
    });
    new TerraformOutput(this, "function_app_name", { value: f.name });
    new TerraformOutput(this, "function_app_resource_group", { value: props.resourceGroupName });
    new TerraformOutput(this, "function_app_principal_id", {
      value: this.fn.principalId,
      description: "Assign the process API's app roles to this service principal (docs/infrastructure.md)",
    });
    new TerraformOutput(this, "authorized_apps_entry", {
      value: props.authorizedApp,
      description: "Add to the process API's authorized_apps (it cannot be deployed from here)",
    });
  }
}
