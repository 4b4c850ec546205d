// Maps the validated config to the docs-mcp stack's typed props (called by stacks/app.ts when mcp.hosted.enabled).
import { fullScope, VSCODE_CLIENT_ID } from "../../src/config/mcp.js";
import type { BaseStackProps } from "../base-stack.js";
import type { StackConfig } from "../config/stack-config.js";
import { baseStackProps } from "../props.js";
import type { McpAppSettingsProps } from "./app-settings.js";

export interface DocsMcpStackProps {
  base: BaseStackProps;
  location: string;
  resourceGroupName: string;
  resourceGroupId: string;
  functionApp: {
    name: string;
    storageAccountName: string;
    maximumInstanceCount: number;
    instanceMemoryMb: 512 | 2048 | 4096;
    alwaysReadyInstances: number;
    zoneRedundant: boolean;
  };
  logAnalyticsWorkspaceId: string;
  /** The search service (Search Index Data Reader on it, nothing broader). */
  searchServiceId: string;
  /** The docs container (Storage Blob Data Reader on it only). */
  docsContainerScope: string;
  settings: McpAppSettingsProps;
  /** Client applications admitted by App Service authentication (VS Code first). */
  allowedApplications: string[];
}

export function docsMcpStackProps(config: StackConfig): DocsMcpStackProps | undefined {
  const hosted = config.mcp?.hosted;
  if (!hosted?.enabled) return undefined;
  const r = hosted.registration;
  const rg = `/subscriptions/${config.azure.subscription_id}/resourceGroups/${config.azure.resource_group}`;
  const s = config.search;
  return {
    base: baseStackProps(config),
    location: config.azure.location,
    resourceGroupName: config.azure.resource_group,
    resourceGroupId: rg,
    functionApp: {
      name: hosted.function_app_name,
      storageAccountName: hosted.storage_account,
      maximumInstanceCount: hosted.maximum_instance_count,
      instanceMemoryMb: hosted.instance_memory_mb,
      alwaysReadyInstances: hosted.always_ready_instances,
      zoneRedundant: hosted.zone_redundant,
    },
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
