// The webhook API in the existing API Management instance: HTTPS only, imported from the contract's OpenAPI v1, a
// backend pointing at the function app, and the gateway policy (rendered by stacks/policies/ from the config).
import { ApiManagementApi } from "@cdktf/provider-azurerm/lib/api-management-api/index.js";
import { ApiManagementApiPolicy } from "@cdktf/provider-azurerm/lib/api-management-api-policy/index.js";
import { ApiManagementBackend } from "@cdktf/provider-azurerm/lib/api-management-backend/index.js";
import { Construct } from "constructs";
import { terraformLiteral } from "../terraform-literal.js";

export const apiPath = (appName: string) => `exp-${appName}`;
/** The API Management backend (the policy's set-backend-service backend-id). */
export const backendName = (appName: string) => `${apiPath(appName)}-function`;

export interface WebhookGatewayProps {
  /** The existing API Management instance. */
  apimName: string;
  apimResourceGroupName: string;
  /** API name and URL path (exp-{app_name}). */
  path: string;
  /** The backend's name; the policy routes to it by this name. */
  backendName: string;
  /** The function app's host name and ARM id (tokens). */
  functionHostName: string;
  functionId: string;
  functionTitle: string;
  /** The contract's OpenAPI v1 document (JSON text). */
  openApiJson: string;
  /** The policy XML (stacks/policies/policy.ts). */
  policyXml: string;
}

/**
 * The description API Management stores on import (the document's info.description). The provider sends
 * `description` only when it is set, then reads the imported one back: left unset, every plan shows a diff.
 */
function importedDescription(openApiJson: string): string | undefined {
  const info = (JSON.parse(openApiJson) as { info?: { description?: unknown } }).info;
  return typeof info?.description === "string" ? info.description : undefined;
}

export class WebhookGateway extends Construct {
  readonly api: ApiManagementApi;
  readonly backend: ApiManagementBackend;

  constructor(scope: Construct, id: string, props: WebhookGatewayProps) {
    super(scope, id);
    const apim = { apiManagementName: props.apimName, resourceGroupName: props.apimResourceGroupName };

    this.backend = new ApiManagementBackend(this, "backend", {
      ...apim,
      name: props.backendName,
      protocol: "http",
      // No trailing slash: API Management appends the operation path (/api/webhooks).
      url: `https://${props.functionHostName}`,
      resourceId: `https://management.azure.com${props.functionId}`,
      title: props.functionTitle,
    });

    const description = importedDescription(props.openApiJson);
    this.api = new ApiManagementApi(this, "api", {
      ...apim,
      name: props.path,
      displayName: props.path,
      path: props.path,
      protocols: ["https"],
      revision: "1",
      // The provider calls with its JWT only; no subscription key (the policy authenticates the call).
      subscriptionRequired: false,
      ...(description ? { description: terraformLiteral(description) } : {}),
      import: { contentFormat: "openapi+json", contentValue: terraformLiteral(props.openApiJson) },
    });

    // The literal backend name keeps the XML reviewable (a token would render as ${...}); dependsOn orders it.
    new ApiManagementApiPolicy(this, "policy", {
      ...apim,
      apiName: this.api.name,
      xmlContent: terraformLiteral(props.policyXml),
      dependsOn: [this.backend],
    });
  }
}
