// webhook: the receiver's function app and its API in the existing API Management instance. The app is the shared
// Flex Consumption construct (function-app-stack.ts); what is the webhook's own: telemetry on a workspace of its
// own, the system-assigned identity, calls admitted from the gateway's public IPs and its managed identity only,
// queue and table roles on the app's storage, the receiver's settings, its delivery queues (stacks/webhook/queues.ts,
// queue-scoped roles once the identity exists) and the API. The props come from stacks/webhook/props.ts.
import { DataAzurermApiManagement } from "@cdktf/provider-azurerm/lib/data-azurerm-api-management/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import type { FlexFunctionApp } from "./constructs/flex-function-app.js";
import { FunctionMonitoring } from "./constructs/function-monitoring.js";
import { FunctionAppStack } from "./function-app-stack.js";
import { ROLES } from "./roles.js";
import { webhookAppSettings } from "./webhook/app-settings.js";
import { WebhookGateway } from "./webhook/gateway.js";
import type { WebhookStackProps } from "./webhook/props.js";
import { WebhookQueues, webhookQueueAppSettings } from "./webhook/queues.js";

export class WebhookStack extends FunctionAppStack {
  readonly monitoring: FunctionMonitoring;
  readonly fn: FlexFunctionApp;
  readonly gateway: WebhookGateway;
  readonly queues: WebhookQueues;
  readonly apim: DataAzurermApiManagement;

  constructor(scope: Construct, id: string, props: WebhookStackProps) {
    super(scope, id, props);
    const f = props.functionApp;

    // The existing gateway: its public IPs are the function's allow-list, its managed identity the only caller.
    this.apim = new DataAzurermApiManagement(this, "apim", {
      name: props.apim.name,
      resourceGroupName: props.apim.resourceGroupName,
    });
    this.monitoring = new FunctionMonitoring(this, "monitoring", { ...this.where, name: f.name });

    this.fn = this.functionApp({
      // The gateway's own public IPs: the ApiManagement service tag covers API Management's control plane, not the
      // gateway's outbound calls (Microsoft service-tag docs).
      allowedCallers: { ruleName: "gateway", ips: this.apim.publicIpAddresses },
      platformAuth: {
        tenantId: props.base.tenantId,
        clientId: props.gatewayAuth.clientId,
        allowedAudiences: [...new Set([props.gatewayAuth.audience, props.gatewayAuth.clientId])],
        allowedPrincipalIds: [this.apim.identity.get(0).principalId],
      },
      hostStorageRoles: [
        { id: "host-queue", role: ROLES.storageQueueDataContributor, description: "Functions host storage" },
        {
          id: "idempotency-table",
          role: ROLES.storageTableDataContributor,
          description: "Idempotency table (the receiver creates it)",
        },
      ],
      monitoring: { insights: this.monitoring.insights },
    });
    this.fn.addAppSettings({
      ...webhookAppSettings(props.receiver, {
        storageAccountName: this.storage.account.name,
        appInsightsConnectionString: this.fn.insights.connectionString,
      }),
      ...webhookQueueAppSettings(this.storage.account.name, props.deliveryQueue),
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
