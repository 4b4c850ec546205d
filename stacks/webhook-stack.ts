// webhook: the receiver's function app and its API in the existing API Management instance.
import { DataAzurermApiManagement } from "@cdktf/provider-azurerm/lib/data-azurerm-api-management/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import { BaseStack } from "./base-stack.js";
import type { StackConfig } from "./config.js";
import { authorizedAppEntry } from "./webhook/authorized-app.js";
import { WebhookFunctionApp } from "./webhook/function-app.js";
import { apiPath, WebhookGateway } from "./webhook/gateway.js";

export interface WebhookStackProps {
  /** The contract's OpenAPI v1 document (JSON text). */
  openApiJson: string;
}

export class WebhookStack extends BaseStack {
  readonly fn: WebhookFunctionApp;
  readonly gateway: WebhookGateway;

  constructor(scope: Construct, id: string, config: StackConfig, props: WebhookStackProps) {
    super(scope, id, config);
    this.fn = new WebhookFunctionApp(this, "function", config, this.tags);
    this.gateway = new WebhookGateway(this, "gateway", config, this.fn.app, props.openApiJson);
    const apim = new DataAzurermApiManagement(this, "apim", {
      name: config.apim.name,
      resourceGroupName: config.apim.resource_group,
    });

    new TerraformOutput(this, "webhook_url", {
      value: `${apim.gatewayUrl}/${apiPath(config.app_name)}/api/webhooks`,
      description: "The URL to enter in the provider's webhook settings",
    });
    new TerraformOutput(this, "function_app_name", { value: this.fn.app.name });
    new TerraformOutput(this, "function_app_resource_group", { value: this.fn.app.resourceGroupName });
    new TerraformOutput(this, "function_app_principal_id", {
      value: this.fn.app.identity.principalId,
      description: "Assign the process API's app roles to this service principal (docs/infrastructure.md)",
    });
    new TerraformOutput(this, "authorized_apps_entry", {
      value: authorizedAppEntry(config),
      description: "Add to the process API's authorized_apps (it cannot be deployed from here)",
    });
  }
}
