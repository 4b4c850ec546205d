// Maps the validated config to the docs-mcp stack's typed props (called by stacks/app.ts when mcp.hosted.enabled).
import { fullScope, VSCODE_CLIENT_ID } from "../../src/config/mcp.js";
import type { StackConfig } from "../config/stack-config.js";
import type { FunctionAppStackProps } from "../function-app-stack.js";
import { flexAppProps, functionAppStackPlacement } from "../props.js";
import type { McpAppSettingsProps } from "./app-settings.js";

export interface DocsMcpStackProps extends FunctionAppStackProps {
  readonly logAnalyticsWorkspaceId: string;
  /** The search service (Search Index Data Reader on it, nothing broader). */
  readonly searchServiceId: string;
  /** The docs container (Storage Blob Data Reader on it only). */
  readonly docsContainerScope: string;
  readonly settings: McpAppSettingsProps;
  /** Client applications admitted by App Service authentication (VS Code first). */
  readonly allowedApplications: string[];
}

export function docsMcpStackProps(config: StackConfig): DocsMcpStackProps | undefined {
  const hosted = config.mcp?.hosted;
  if (!hosted?.enabled) return undefined;
  const r = hosted.registration;
  const placement = functionAppStackPlacement(config);
  const rg = placement.resourceGroupId;
  const s = config.search;
  return {
    ...placement,
    functionApp: flexAppProps(hosted),
    logAnalyticsWorkspaceId: hosted.log_analytics_workspace_id,
    searchServiceId: `${rg}/providers/Microsoft.Search/searchServices/${config.search_service.name}`,
    docsContainerScope: `${config.docsAccount.id}/blobServices/default/containers/${s.container}`,
    settings: {
      search: {
        endpoint: s.endpoint,
        indexName: s.index_name,
        indexerName: s.indexer_name,
        container: s.container,
        docsUrl: s.docs_url,
        apiVersion: s.api_version,
        agenticRetrieval: s.agentic_retrieval,
        knowledgeSourceName: s.knowledge_source_name,
        knowledgeBaseName: s.knowledge_base_name,
        docsBlobEndpoint: `https://${config.docsAccount.name}.blob.core.windows.net`,
      },
      auth: {
        tenantId: config.azure.tenant_id,
        clientId: r.client_id,
        appIdUri: r.app_id_uri,
        scope: fullScope(r),
        ...(r.app_role ? { appRole: r.app_role } : {}),
      },
    },
    allowedApplications: [...new Set([VSCODE_CLIENT_ID, ...r.allowed_client_ids])],
  };
}
