// docs-storage: the StorageV2 account the documentation sites publish into ($web) and the indexer reads.
// Data protection follows the spec's limits: blob soft delete 7 days (native deletion detection), versioning
// explicitly off (deletion detection does not tolerate it), container delete retention.
import { StorageAccount } from "@cdktf/provider-azurerm/lib/storage-account/index.js";
import { StorageAccountStaticWebsiteA } from "@cdktf/provider-azurerm/lib/storage-account-static-website/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import { BaseStack } from "./base-stack.js";
import type { StackConfig } from "./config.js";

export class DocsStorageStack extends BaseStack {
  readonly account: StorageAccount;

  constructor(scope: Construct, id: string, config: StackConfig) {
    super(scope, id, config);
    const docs = config.docs_storage;
    this.account = new StorageAccount(this, "docs", {
      name: config.docsAccount.name,
      resourceGroupName: config.docsAccount.resourceGroup,
      location: config.azure.location,
      accountKind: "StorageV2",
      accountTier: "Standard",
      accountReplicationType: docs.replication,
      httpsTrafficOnlyEnabled: true,
      minTlsVersion: "TLS1_2",
      allowNestedItemsToBePublic: false,
      sharedAccessKeyEnabled: docs.shared_key_access,
      defaultToOauthAuthentication: true,
      blobProperties: {
        // Must stay off: the indexer's native soft-delete detection is unsupported with versioning on.
        versioningEnabled: false,
        deleteRetentionPolicy: { days: docs.blob_soft_delete_days },
        containerDeleteRetentionPolicy: { days: docs.container_soft_delete_days },
      },
      tags: this.tags,
    });

    // The non-deprecated static website resource (the inline static_website block goes away in azurerm 5).
    new StorageAccountStaticWebsiteA(this, "website", {
      storageAccountId: this.account.id,
      indexDocument: docs.index_document,
      error404Document: docs.error_404_document,
    });

    new TerraformOutput(this, "storage_account_resource_id", {
      value: this.account.id,
      description: "search.storage_account_resource_id",
    });
    new TerraformOutput(this, "primary_web_endpoint", {
      value: this.account.primaryWebEndpoint,
      description: "Static website endpoint ($web)",
    });
    new TerraformOutput(this, "primary_blob_endpoint", { value: this.account.primaryBlobEndpoint });
  }
}
