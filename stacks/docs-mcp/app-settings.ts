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
    /** Client applications the server admits besides VS Code (its own check of `azp`/`appid`). */
    allowedClientIds: string[];
  };
}

export interface McpAppSettingsInputs {
  /** The app's own storage account (identity-based host storage). */
  storageAccountName: string;
  /** The host identity's client id: host storage and the deployment package, nothing else. */
  hostIdentityClientId: string;
  /** The data identity's client id: the index and the docs container, nothing else (DefaultAzureCredential). */
  dataIdentityClientId: string;
  /** The sign-in identity's client id, only with browser sign-in: the registration's federated credential. */
  signInIdentityClientId?: string;
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
    ...(a.allowedClientIds.length > 0 ? { MCP_AUTH_ALLOWED_CLIENT_IDS: a.allowedClientIds.join(",") } : {}),
    // DefaultAzureCredential picks the data identity by this: the server reads with it and nothing else.
    AZURE_CLIENT_ID: inputs.dataIdentityClientId,
    // App Service authentication: the RFC 9728 metadata and the 401 challenge with the scope, tokens of this
    // tenant only, tokens naming a principal (`oid`) only, and, with browser sign-in only, the identity whose
    // federated credential replaces a client secret.
    WEBSITE_AUTH_PRM_DEFAULT_WITH_SCOPES: a.scope,
    WEBSITE_AUTH_AAD_ALLOWED_TENANTS: a.tenantId,
    WEBSITE_AUTH_AAD_REQUIRE_CLIENT_SERVICE_PRINCIPAL: "true",
    ...(inputs.signInIdentityClientId ? { [FIC_CLIENT_ID_SETTING]: inputs.signInIdentityClientId } : {}),
    // The Functions host: the MCP custom-handler preview, identity-based host storage, telemetry.
    AzureWebJobsFeatureFlags: "EnableMcpCustomHandlerPreview",
    AzureWebJobsStorage__accountName: inputs.storageAccountName,
    AzureWebJobsStorage__credential: "managedidentity",
    AzureWebJobsStorage__clientId: inputs.hostIdentityClientId,
    APPLICATIONINSIGHTS_CONNECTION_STRING: inputs.appInsightsConnectionString,
  };
}
