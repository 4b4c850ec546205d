// Every stack: an azurerm remote backend (no local state with absolute paths) and the azurerm provider. The
// provider version is pinned by @cdktf/provider-azurerm (required_providers azurerm = 4.55.0); the Terraform
// version by stacks/versions.ts.
import { AzurermProvider } from "@cdktf/provider-azurerm/lib/provider/index.js";
import { AzurermBackend, TerraformStack } from "cdktf";
import type { Construct } from "constructs";

/** The azurerm provider version every stack pins (the one @cdktf/provider-azurerm 14.23.x generates). */
export const AZURERM_PROVIDER_VERSION = "4.55.0";

/** Where a stack deploys and keeps its state. */
export interface BaseStackProps {
  readonly subscriptionId: string;
  readonly tenantId: string;
  /** The azurerm backend: an existing account + container; state key <keyPrefix>/<stack id>.tfstate. */
  readonly backend: {
    resourceGroupName: string;
    storageAccountName: string;
    containerName: string;
    keyPrefix: string;
    /** Entra auth to the state account; default true. */
    useAzureadAuth?: boolean;
  };
  /** Tags on every resource (environment and managed-by included). */
  readonly tags: Record<string, string>;
}

function stateKey(keyPrefix: string, stackId: string): string {
  return `${keyPrefix}/${stackId}.tfstate`;
}

export abstract class BaseStack extends TerraformStack {
  protected readonly tags: Record<string, string>;

  constructor(scope: Construct, id: string, base: BaseStackProps) {
    super(scope, id);
    this.tags = base.tags;
    new AzurermBackend(this, {
      resourceGroupName: base.backend.resourceGroupName,
      storageAccountName: base.backend.storageAccountName,
      containerName: base.backend.containerName,
      key: stateKey(base.backend.keyPrefix, id),
      useAzureadAuth: base.backend.useAzureadAuth ?? true,
      subscriptionId: base.subscriptionId,
      tenantId: base.tenantId,
    });
    new AzurermProvider(this, "azurerm", {
      // data_plane_available = false: azurerm_storage_account's create/read then skip the data-plane calls that
      // need data roles on a brand-new account (features-block docs; queue_properties/static_website blocks are
      // not used: the docs site uses azurerm_storage_account_static_website).
      features: [{ storage: [{ dataPlaneAvailable: false }] }],
      subscriptionId: base.subscriptionId,
      tenantId: base.tenantId,
      // The deploy identity is scoped to resource groups and cannot register resource providers (provider docs:
      // resource_provider_registrations = "none"); the landing zone registers them.
      resourceProviderRegistrations: "none",
      // Shared-key access is off on the storage accounts: the data-plane calls left (static website) use Entra.
      storageUseAzuread: true,
    });
  }
}
