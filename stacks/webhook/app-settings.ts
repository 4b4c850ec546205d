// The app settings contract between this stack and the webhook receiver (webhook/): names are fixed, values
// come from vars.yml. Pure, so the contract is tested without synthesizing.
import type { StackConfig } from "../config.js";

export interface AppSettingsInputs {
  /** The function's own storage account (host storage and the idempotency table). */
  storageAccountName: string;
  /** Application Insights connection string (a token at synth time). */
  appInsightsConnectionString: string;
}

export function tableEndpoint(accountName: string): string {
  return `https://${accountName}.table.core.windows.net`;
}

export function webhookAppSettings(config: StackConfig, inputs: AppSettingsInputs): Record<string, string> {
  const app = config.webhook_app;
  const provider = config.provider;
  return {
    PROCESS_API_BASE_URL: app.process_api_base_url,
    PROCESS_API_APP_ID_URI: app.process_api_app_id_uri,
    PROJECT_LOOKUP_BASE_URL: app.project_lookup_base_url,
    ...(app.project_lookup_app_id_uri ? { PROJECT_LOOKUP_APP_ID_URI: app.project_lookup_app_id_uri } : {}),
    IDEMPOTENCY_STORE: "table",
    IDEMPOTENCY_TABLE_NAME: app.idempotency_table,
    IDEMPOTENCY_TABLE_ENDPOINT: tableEndpoint(inputs.storageAccountName),
    WEBHOOK_PROVIDER_NAME: provider.name,
    WEBHOOK_IDENTITY_URL: provider.identity_url,
    WEBHOOK_AUDIENCE: provider.audience,
    WEBHOOK_REQUIRED_SCOPE: provider.required_scope,
    WEBHOOK_SCOPE_CLAIM: provider.scope_claim,
    // The gateway validates the provider's JWT (spec A); the function trusts the gateway.
    WEBHOOK_VALIDATE_JWT: "false",
    APPLICATIONINSIGHTS_CONNECTION_STRING: inputs.appInsightsConnectionString,
    // Identity-based host storage (system-assigned identity; no connection string, no key).
    AzureWebJobsStorage__accountName: inputs.storageAccountName,
    AzureWebJobsStorage__credential: "managedidentity",
  };
}
