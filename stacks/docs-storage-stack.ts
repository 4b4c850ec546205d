// docs-storage: the StorageV2 account the documentation sites publish into ($web) and the indexer reads.
// Data protection follows the spec's limits: blob soft delete 7 days (native deletion detection), versioning
// explicitly off (deletion detection does not tolerate it), container delete retention.
import { StorageAccount } from "@cdktf/provider-azurerm/lib/storage-account/index.js";
import { StorageAccountStaticWebsiteA } from "@cdktf/provider-azurerm/lib/storage-account-static-website/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import { BaseStack, type BaseStackProps } from "./base-stack.js";

export interface DocsStorageStackProps {
  readonly base: BaseStackProps;
  /** The docs account (search.storage_account_resource_id names it). */
  readonly name: string;
  readonly resourceGroupName: string;
  readonly location: string;
  readonly replication: "LRS" | "ZRS" | "GRS" | "RAGRS" | "GZRS" | "RAGZRS";
  /** At least 7: the indexer's deletion detection. */
  readonly blobSoftDeleteDays: number;
  readonly containerSoftDeleteDays: number;
  /** Shared-key (account key, SAS) access; off unless a publishing tool still needs keys. */
  readonly sharedKeyAccess: boolean;
  readonly indexDocument: string;
  readonly error404Document: string;
}

export class DocsStorageStack extends BaseStack {
  readonly account: StorageAccount;

  constructor(scope: Construct, id: string, props: DocsStorageStackProps) {
    super(scope, id, props.base);
    const docs = props;
    this.account = new StorageAccount(this, "docs", {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      accountKind: "StorageV2",
      accountTier: "Standard",
      accountReplicationType: docs.replication,
      httpsTrafficOnlyEnabled: true,
      minTlsVersion: "TLS1_2",
      allowNestedItemsToBePublic: false,
      sharedAccessKeyEnabled: docs.sharedKeyAccess,
      defaultToOauthAuthentication: true,
      blobProperties: {
        // Must stay off: the indexer's native soft-delete detection is unsupported with versioning on.
        versioningEnabled: false,
        deleteRetentionPolicy: { days: docs.blobSoftDeleteDays },
        containerDeleteRetentionPolicy: { days: docs.containerSoftDeleteDays },
      },
      tags: this.tags,
    });

    // The non-deprecated static website resource (the inline static_website block goes away in azurerm 5).
    new StorageAccountStaticWebsiteA(this, "website", {
      storageAccountId: this.account.id,
      indexDocument: docs.indexDocument,
      error404Document: docs.error404Document,
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
