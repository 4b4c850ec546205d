// Maps the validated config to the docs-mcp stack's typed props (called by stacks/app.ts when mcp.hosted.enabled).
import { fullScope, VSCODE_CLIENT_ID } from "../../src/config/mcp.js";
import type { StackConfig } from "../config/stack-config.js";
import type { FunctionAppStackProps } from "../function-app-stack.js";
import { flexAppProps, functionAppStackPlacement } from "../props.js";
import type { McpAppSettingsProps } from "./app-settings.js";

export interface DocsMcpStackProps extends FunctionAppStackProps {
  readonly logAnalyticsWorkspaceId: string;
  /** Where the data identity holds Search Index Data Reader: searchReadScopes (never the whole service). */
  readonly searchReadScopes: SearchReadScope[];
  /** The docs container (Storage Blob Data Reader on it only). */
  readonly docsContainerScope: string;
  readonly settings: McpAppSettingsProps;
  /** Client applications admitted by App Service authentication (VS Code first). */
  readonly allowedApplications: string[];
  /** App Service authentication's browser sign-in, with a dedicated identity's federated credential. */
  readonly browserSignIn: boolean;
}

/** One scope of the data identity's Search Index Data Reader, and what it names. */
interface SearchReadScope {
  what: "index" | "alias" | "knowledge-base" | "service";
  scope: string;
}

/**
 * The scopes of the data identity's Search Index Data Reader: the name the server queries as an index (Microsoft's
 * documented form for one index, `<service>/indexes/<name>`) and as an alias (`<service>/aliases/<name>`: after
 * migrate-to-alias the name is an alias over the generations, docs/blue-green.md), and the knowledge base where
 * agentic retrieval is on. Which of these a query through the alias is authorized against is UNCONFIRMED
 * (docs/infrastructure.md); `mcp.hosted.search_role_scope: service` grants the whole service instead.
 */
function searchReadScopes(
  searchServiceId: string,
  search: { index_name: string; agentic_retrieval: boolean; knowledge_base_name: string },
  roleScope: "index" | "service" = "index",
): SearchReadScope[] {
  if (roleScope === "service") return [{ what: "service", scope: searchServiceId }];
  return [
    { what: "index", scope: `${searchServiceId}/indexes/${search.index_name}` },
    { what: "alias", scope: `${searchServiceId}/aliases/${search.index_name}` },
    ...(search.agentic_retrieval
      ? [{ what: "knowledge-base" as const, scope: `${searchServiceId}/knowledgebases/${search.knowledge_base_name}` }]
      : []),
  ];
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
    searchReadScopes: searchReadScopes(
      `${rg}/providers/Microsoft.Search/searchServices/${config.search_service.name}`,
      s,
      hosted.search_role_scope,
    ),
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
        allowedClientIds: r.allowed_client_ids,
      },
    },
    allowedApplications: [...new Set([VSCODE_CLIENT_ID, ...r.allowed_client_ids])],
    browserSignIn: r.browser_sign_in,
  };
}
