// The webhook API in the existing API Management instance: path exp-{app_name}, HTTPS only, imported from the
// contract's OpenAPI v1, a backend pointing at the function app, and the policy chosen by api_policy_type.
import { ApiManagementApi } from "@cdktf/provider-azurerm/lib/api-management-api/index.js";
import { ApiManagementApiPolicy } from "@cdktf/provider-azurerm/lib/api-management-api-policy/index.js";
import { ApiManagementBackend } from "@cdktf/provider-azurerm/lib/api-management-backend/index.js";
import type { FunctionAppFlexConsumption } from "@cdktf/provider-azurerm/lib/function-app-flex-consumption/index.js";
import { Construct } from "constructs";
import { renderPolicy } from "../../src/gateway/policy.js";
import { selectPolicy } from "../../src/gateway/select.js";
import type { StackConfig } from "../config.js";
import { terraformLiteral } from "../terraform-literal.js";

export const apiPath = (appName: string) => `exp-${appName}`;
/** The API Management backend (the policy's set-backend-service backend-id). */
export const backendName = (appName: string) => `${apiPath(appName)}-function`;

export class WebhookGateway extends Construct {
  readonly api: ApiManagementApi;
  readonly policyXml: string;

  constructor(scope: Construct, id: string, config: StackConfig, fn: FunctionAppFlexConsumption, openApiJson: string) {
    super(scope, id);
    const apim = { apiManagementName: config.apim.name, resourceGroupName: config.apim.resource_group };
    const name = apiPath(config.app_name);

    const backend = new ApiManagementBackend(this, "backend", {
      ...apim,
      name: backendName(config.app_name),
      protocol: "http",
      // No trailing slash: API Management appends the operation path (/api/webhooks).
      url: `https://${fn.defaultHostname}`,
      resourceId: `https://management.azure.com${fn.id}`,
      title: `${config.webhook_app.function_app_name} (function app)`,
    });

    this.api = new ApiManagementApi(this, "api", {
      ...apim,
      name,
      displayName: name,
      path: name,
      protocols: ["https"],
      revision: "1",
      // The provider calls with its JWT only; no subscription key (the policy authenticates the call).
      subscriptionRequired: false,
      import: { contentFormat: "openapi+json", contentValue: terraformLiteral(openApiJson) },
    });

    // The literal backend name keeps the XML reviewable (a token would render as ${...}); dependsOn orders it.
    this.policyXml = renderPolicy(selectPolicy(config, backendName(config.app_name)));
    new ApiManagementApiPolicy(this, "policy", {
      ...apim,
      apiName: this.api.name,
      xmlContent: terraformLiteral(this.policyXml),
      dependsOn: [backend],
    });
  }
}
