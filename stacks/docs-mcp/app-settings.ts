// The hosted MCP server's app settings: what the server reads (src/config/mcp-app-settings.ts, same names) and what
// the Functions host and App Service authentication need. Pure, so the contract is tested without synthesizing:
// the test feeds the result to the server's own settings reader.

export interface McpAppSettingsProps {
  search: {
    endpoint: string;
    indexName: string;
    indexerName: string;
    container: string;
    docsUrl: string;
    apiVersion: string;
    agenticRetrieval: boolean;
    knowledgeSourceName: string;
    knowledgeBaseName: string;
    /** The docs account's blob endpoint (answers that read page blobs). */
    docsBlobEndpoint: string;
  };
  auth: {
    tenantId: string;
    clientId: string;
    appIdUri: string;
    /** The delegated scope in full form: <App ID URI>/<scope>. */
    scope: string;
    appRole?: string;
  };
}

export interface McpAppSettingsInputs {
  /** The app's own storage account (identity-based host storage). */
  storageAccountName: string;
  /** The user-assigned identity's client id (host storage, search, blobs, the secretless sign-in credential). */
  identityClientId: string;
  /** Application Insights connection string (a token at synth time). */
  appInsightsConnectionString: string;
}

/** The app setting Microsoft documents for secretless built-in authentication (managed-identity FIC). */
export const FIC_CLIENT_ID_SETTING = "OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID";

export function mcpAppSettings(props: McpAppSettingsProps, inputs: McpAppSettingsInputs): Record<string, string> {
  const s = props.search;
  const a = props.auth;
  return {
    // The server (src/config/mcp-app-settings.ts).
    DOCS_SEARCH_ENDPOINT: s.endpoint,
    DOCS_URL: s.docsUrl,
    DOCS_CONTAINER: s.container,
    DOCS_INDEX_NAME: s.indexName,
    DOCS_INDEXER_NAME: s.indexerName,
    DOCS_SEARCH_API_VERSION: s.apiVersion,
    DOCS_AGENTIC_RETRIEVAL: String(s.agenticRetrieval),
    DOCS_KNOWLEDGE_SOURCE_NAME: s.knowledgeSourceName,
    DOCS_KNOWLEDGE_BASE_NAME: s.knowledgeBaseName,
    DOCS_STORAGE_BLOB_ENDPOINT: s.docsBlobEndpoint,
    MCP_AUTH_TENANT_ID: a.tenantId,
    MCP_AUTH_CLIENT_ID: a.clientId,
    MCP_AUTH_APP_ID_URI: a.appIdUri,
    MCP_AUTH_SCOPE: a.scope,
    ...(a.appRole ? { MCP_AUTH_REQUIRED_ROLE: a.appRole } : {}),
    // DefaultAzureCredential picks the user-assigned identity by this.
    AZURE_CLIENT_ID: inputs.identityClientId,
    // App Service authentication: the RFC 9728 metadata and the 401 challenge with the scope, tokens of this
    // tenant only, and the identity whose federated credential replaces a client secret.
    WEBSITE_AUTH_PRM_DEFAULT_WITH_SCOPES: a.scope,
    WEBSITE_AUTH_AAD_ALLOWED_TENANTS: a.tenantId,
    [FIC_CLIENT_ID_SETTING]: inputs.identityClientId,
    // The Functions host: the MCP custom-handler preview, identity-based host storage, telemetry.
    AzureWebJobsFeatureFlags: "EnableMcpCustomHandlerPreview",
    AzureWebJobsStorage__accountName: inputs.storageAccountName,
    AzureWebJobsStorage__credential: "managedidentity",
    AzureWebJobsStorage__clientId: inputs.identityClientId,
    APPLICATIONINSIGHTS_CONNECTION_STRING: inputs.appInsightsConnectionString,
  };
}
