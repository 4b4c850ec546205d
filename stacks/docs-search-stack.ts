// docs-search: the Azure AI Search service (RBAC only, semantic ranker per config, system-assigned identity) and the
// role assignments the indexer, the deploy pipeline and the query identities need.
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { SearchService } from "@cdktf/provider-azurerm/lib/search-service/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import { BaseStack, type BaseStackProps } from "./base-stack.js";
import { ROLES } from "./roles.js";

export interface DocsSearchStackProps {
  readonly base: BaseStackProps;
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  readonly sku: string;
  readonly replicas: number;
  readonly partitions: number;
  /** Semantic ranker plan; "disabled" leaves it off (no semantic queries, no agentic retrieval). */
  readonly semanticRanker: "free" | "standard" | "disabled";
  /** The docs account the indexer reads (its resource id; owned by the docs-storage stack). */
  readonly docsAccountId: string;
  /** The container the sites publish into (search.container): query identities read pages from it. */
  readonly docsContainer: string;
  /** The deploy pipeline's service principal (object id). */
  readonly deployPrincipalObjectId: string;
  /**
   * Identities that query the index: Search Index Data Reader each, and Storage Blob Data Reader on the docs
   * container (not the account) so the MCP tools read a page's main content from the page itself.
   */
  readonly queryIdentities: { name: string; objectId: string; principalType: "User" | "Group" | "ServicePrincipal" }[];
}

export class DocsSearchStack extends BaseStack {
  readonly service: SearchService;

  constructor(scope: Construct, id: string, props: DocsSearchStackProps) {
    super(scope, id, props.base);
    const s = props;
    this.service = new SearchService(this, "search", {
      name: s.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      sku: s.sku,
      replicaCount: s.replicas,
      partitionCount: s.partitions,
      // The provider has no "disabled" value: the ranker is off when semantic_search_sku is absent.
      ...(s.semanticRanker === "disabled" ? {} : { semanticSearchSku: s.semanticRanker }),
      // RBAC only: no admin or query keys (authentication_failure_mode is only valid with keys on).
      localAuthenticationEnabled: false,
      identity: { type: "SystemAssigned" },
      tags: this.tags,
    });

    // The docs account is owned by the docs-storage stack; its id is known from the config, and this stack
    // declares the dependency explicitly (no remote-state lookup needed).
    new RoleAssignment(this, "search-reads-docs", {
      scope: props.docsAccountId,
      roleDefinitionName: ROLES.storageBlobDataReader,
      principalId: this.service.identity.principalId,
      principalType: "ServicePrincipal",
      description: "Search indexer reads the docs container with the search service's managed identity",
    });
    new RoleAssignment(this, "deploy-service-contributor", {
      scope: this.service.id,
      roleDefinitionName: ROLES.searchServiceContributor,
      principalId: s.deployPrincipalObjectId,
      principalType: "ServicePrincipal",
      description: "Deploy pipeline: index, datasource and indexer definitions",
    });
    new RoleAssignment(this, "deploy-index-data-contributor", {
      scope: this.service.id,
      roleDefinitionName: ROLES.searchIndexDataContributor,
      principalId: s.deployPrincipalObjectId,
      principalType: "ServicePrincipal",
      description: "Deploy pipeline: document reads and orphan clean-up",
    });
    for (const q of s.queryIdentities) {
      new RoleAssignment(this, `query-${q.name}`, {
        scope: this.service.id,
        roleDefinitionName: ROLES.searchIndexDataReader,
        principalId: q.objectId,
        principalType: q.principalType,
        description: `Query identity ${q.name}`,
      });
      new RoleAssignment(this, `query-${q.name}-pages`, {
        scope: `${props.docsAccountId}/blobServices/default/containers/${s.docsContainer}`,
        roleDefinitionName: ROLES.storageBlobDataReader,
        principalId: q.objectId,
        principalType: q.principalType,
        description: `Query identity ${q.name} reads the published pages (docs-index mcp: main content)`,
      });
    }

    // These feed the placeholders of search-definitions/ (SEARCH endpoint and STORAGE_ACCOUNT_RESOURCE_ID).
    new TerraformOutput(this, "search_endpoint", {
      value: `https://${s.name}.search.windows.net`,
      description: "search.endpoint",
    });
    new TerraformOutput(this, "storage_account_resource_id", {
      value: props.docsAccountId,
      description: "search.storage_account_resource_id",
    });
    new TerraformOutput(this, "search_service_name", { value: this.service.name });
    new TerraformOutput(this, "search_principal_id", { value: this.service.identity.principalId });
  }
}
