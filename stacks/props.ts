// Maps the validated config to each stack's typed props (called by stacks/app.ts). Stacks and constructs never
// see the config; the webhook and docs-mcp stacks' mappings are in stacks/webhook/props.ts and
// stacks/docs-mcp/props.ts, on the shared parts below.
import type { BaseStackProps } from "./base-stack.js";
import type { StackConfig } from "./config/stack-config.js";
import type { DocsSearchStackProps } from "./docs-search-stack.js";
import type { DocsStorageStackProps } from "./docs-storage-stack.js";
import type { FlexAppProps, FunctionAppStackProps } from "./function-app-stack.js";

function baseStackProps(config: StackConfig): BaseStackProps {
  return {
    subscriptionId: config.azure.subscription_id,
    tenantId: config.azure.tenant_id,
    backend: {
      resourceGroupName: config.backend.resource_group,
      storageAccountName: config.backend.storage_account,
      containerName: config.backend.container,
      keyPrefix: config.backend.key_prefix,
      useAzureadAuth: config.backend.use_azuread_auth,
    },
    tags: { ...config.azure.tags, environment: config.environment, "managed-by": "cdktf" },
  };
}

/** Where the function-app stacks (webhook, docs-mcp) deploy: the configured resource group and region. */
export function functionAppStackPlacement(config: StackConfig): Omit<FunctionAppStackProps, "functionApp"> {
  return {
    base: baseStackProps(config),
    location: config.azure.location,
    resourceGroupName: config.azure.resource_group,
    resourceGroupId: `/subscriptions/${config.azure.subscription_id}/resourceGroups/${config.azure.resource_group}`,
  };
}

/** The keys webhook_app and mcp.hosted share: a Flex Consumption app's name, storage account and size. */
interface FlexAppConfig {
  function_app_name: string;
  storage_account: string;
  maximum_instance_count: number;
  instance_memory_mb: FlexAppProps["instanceMemoryMb"];
  always_ready_instances: number;
  zone_redundant: boolean;
}

export function flexAppProps(app: FlexAppConfig): FlexAppProps {
  return {
    name: app.function_app_name,
    storageAccountName: app.storage_account,
    maximumInstanceCount: app.maximum_instance_count,
    instanceMemoryMb: app.instance_memory_mb,
    alwaysReadyInstances: app.always_ready_instances,
    zoneRedundant: app.zone_redundant,
  };
}

export function docsStorageStackProps(config: StackConfig): DocsStorageStackProps {
  const d = config.docs_storage;
  return {
    base: baseStackProps(config),
    name: config.docsAccount.name,
    resourceGroupName: config.docsAccount.resourceGroup,
    location: config.azure.location,
    replication: d.replication,
    blobSoftDeleteDays: d.blob_soft_delete_days,
    containerSoftDeleteDays: d.container_soft_delete_days,
    sharedKeyAccess: d.shared_key_access,
    indexDocument: d.index_document,
    error404Document: d.error_404_document,
  };
}

export function docsSearchStackProps(config: StackConfig): DocsSearchStackProps {
  const s = config.search_service;
  return {
    base: baseStackProps(config),
    name: s.name,
    resourceGroupName: config.azure.resource_group,
    location: config.azure.location,
    sku: s.sku,
    replicas: s.replicas,
    partitions: s.partitions,
    semanticRanker: s.semantic_ranker,
    docsAccountId: config.docsAccount.id,
    docsContainer: config.search.container,
    deployPrincipalObjectId: s.deploy_principal_object_id,
    queryIdentities: s.query_identities.map((q) => ({
      name: q.name,
      objectId: q.object_id,
      principalType: q.principal_type,
    })),
  };
}
