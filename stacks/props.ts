// Maps the validated config to each stack's typed props (called by stacks/app.ts). Stacks and constructs never
// see the config; the webhook stack's mapping is in stacks/webhook/props.ts.
import type { BaseStackProps } from "./base-stack.js";
import type { StackConfig } from "./config/stack-config.js";
import type { DocsSearchStackProps } from "./docs-search.js";
import type { DocsStorageStackProps } from "./docs-storage.js";

export function baseStackProps(config: StackConfig): BaseStackProps {
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
