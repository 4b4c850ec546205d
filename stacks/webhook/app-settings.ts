// The app settings contract between this stack and the webhook receiver (webhook/src/settings.ts): names are
// fixed, values come from typed props. Pure, so the contract is tested without synthesizing, and the test feeds
// the result to the receiver's own settings loader.

export interface ReceiverSettingsProps {
  processApi: { baseUrl: string; appIdUri: string };
  projectLookup: { baseUrl: string; appIdUri?: string };
  /** The idempotency table; the receiver creates it with its identity (Storage Table Data Contributor). */
  idempotencyTable: string;
  provider: { name: string; identityUrl: string; audience: string; requiredScope: string; scopeClaim: string };
}

export interface AppSettingsInputs {
  /** The function's own storage account (host storage and the idempotency table). */
  storageAccountName: string;
  /** Application Insights connection string (a token at synth time). */
  appInsightsConnectionString: string;
}

function tableEndpoint(accountName: string): string {
  return `https://${accountName}.table.core.windows.net`;
}

export function webhookAppSettings(props: ReceiverSettingsProps, inputs: AppSettingsInputs): Record<string, string> {
  return {
    PROCESS_API_BASE_URL: props.processApi.baseUrl,
    PROCESS_API_APP_ID_URI: props.processApi.appIdUri,
    PROJECT_LOOKUP_BASE_URL: props.projectLookup.baseUrl,
    ...(props.projectLookup.appIdUri ? { PROJECT_LOOKUP_APP_ID_URI: props.projectLookup.appIdUri } : {}),
    IDEMPOTENCY_STORE: "table",
    IDEMPOTENCY_TABLE_NAME: props.idempotencyTable,
    IDEMPOTENCY_TABLE_ENDPOINT: tableEndpoint(inputs.storageAccountName),
    WEBHOOK_PROVIDER_NAME: props.provider.name,
    WEBHOOK_IDENTITY_URL: props.provider.identityUrl,
    WEBHOOK_AUDIENCE: props.provider.audience,
    WEBHOOK_REQUIRED_SCOPE: props.provider.requiredScope,
    WEBHOOK_SCOPE_CLAIM: props.provider.scopeClaim,
    // The gateway validates the caller's JWT (spec A) and then authenticates itself to the function with its
    // managed identity, which the platform's authentication checks before the receiver runs.
    WEBHOOK_VALIDATE_JWT: "false",
    // A plain app setting here: the site is managed through azapi, so no provider moves it into site_config.
    APPLICATIONINSIGHTS_CONNECTION_STRING: inputs.appInsightsConnectionString,
    // Identity-based host storage (system-assigned identity; no connection string, no key). The site is written
    // whole by azapi, so no AzureWebJobsStorage connection string is injected beside these.
    AzureWebJobsStorage__accountName: inputs.storageAccountName,
    AzureWebJobsStorage__credential: "managedidentity",
  };
}
