// A function app's own storage account: host storage (blobs, queues), the deployment package container and what
// the app keeps there (the webhook receiver's idempotency table and delivery queues). Keys off; blob soft delete on
// (Checkov CKV2_AZURE_38).
import { StorageAccount } from "@cdktf/provider-azurerm/lib/storage-account/index.js";
import { StorageContainer } from "@cdktf/provider-azurerm/lib/storage-container/index.js";
import { Construct } from "constructs";
import type { Placement } from "./placement.js";

const DEPLOYMENT_CONTAINER = "app-package";

export interface FunctionStorageProps extends Placement {
  /** Globally unique storage account name. */
  name: string;
  /** Zone-redundant (ZRS) replication for a zone-redundant app; default false (LRS). */
  zoneRedundant?: boolean;
  /** Blob soft-delete retention in days; default 7. */
  blobSoftDeleteDays?: number;
}

export class FunctionStorage extends Construct {
  readonly account: StorageAccount;
  readonly deploymentContainer: StorageContainer;

  constructor(scope: Construct, id: string, props: FunctionStorageProps) {
    super(scope, id);
    this.account = new StorageAccount(this, "account", {
      name: props.name,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      accountKind: "StorageV2",
      accountTier: "Standard",
      accountReplicationType: props.zoneRedundant ? "ZRS" : "LRS",
      httpsTrafficOnlyEnabled: true,
      minTlsVersion: "TLS1_2",
      allowNestedItemsToBePublic: false,
      // Shared keys off: host storage, the deployment container and the table all use the app's identity. This
      // is why no azurerm_storage_table is declared here: that resource reads and sets table ACLs with the
      // account key (azurerm issues #32249, #30815); the receiver creates its table with its identity.
      sharedAccessKeyEnabled: false,
      defaultToOauthAuthentication: true,
      blobProperties: {
        deleteRetentionPolicy: { days: props.blobSoftDeleteDays ?? 7 },
        containerDeleteRetentionPolicy: { days: props.blobSoftDeleteDays ?? 7 },
      },
      tags: props.tags,
    });
    this.deploymentContainer = new StorageContainer(this, "deployment", {
      name: DEPLOYMENT_CONTAINER,
      storageAccountId: this.account.id,
      containerAccessType: "private",
    });
  }

  /** The deployment container's URL (functionAppConfig.deployment.storage.value). */
  get deploymentContainerUrl(): string {
    return `${this.account.primaryBlobEndpoint}${this.deploymentContainer.name}`;
  }
}
