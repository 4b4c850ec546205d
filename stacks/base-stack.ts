// Every stack: an azurerm remote backend from the config (no local state with absolute paths) and the azurerm
// provider. The provider version is pinned by @cdktf/provider-azurerm (required_providers azurerm = 4.55.0).
import { AzurermProvider } from "@cdktf/provider-azurerm/lib/provider/index.js";
import { AzurermBackend, TerraformStack } from "cdktf";
import type { Construct } from "constructs";
import type { StackConfig } from "./config.js";

/** The azurerm provider version every stack pins (the one @cdktf/provider-azurerm 14.23.x generates). */
export const AZURERM_PROVIDER_VERSION = "4.55.0";

export function stateKey(config: StackConfig, stackId: string): string {
  return `${config.backend.key_prefix}/${stackId}.tfstate`;
}

export abstract class BaseStack extends TerraformStack {
  constructor(
    scope: Construct,
    id: string,
    protected readonly config: StackConfig,
  ) {
    super(scope, id);
    new AzurermBackend(this, {
      resourceGroupName: config.backend.resource_group,
      storageAccountName: config.backend.storage_account,
      containerName: config.backend.container,
      key: stateKey(config, id),
      useAzureadAuth: config.backend.use_azuread_auth,
      subscriptionId: config.azure.subscription_id,
      tenantId: config.azure.tenant_id,
    });
    new AzurermProvider(this, "azurerm", {
      // data_plane_available = false: azurerm_storage_account's create/read then skip the data-plane calls that
      // need data roles on a brand-new account (features-block docs; queue_properties/static_website blocks are
      // not used: the docs site uses azurerm_storage_account_static_website).
      features: [{ storage: [{ dataPlaneAvailable: false }] }],
      subscriptionId: config.azure.subscription_id,
      tenantId: config.azure.tenant_id,
      // The deploy identity is scoped to resource groups and cannot register resource providers (provider docs:
      // resource_provider_registrations = "none"); the landing zone registers them.
      resourceProviderRegistrations: "none",
      // Shared-key access is off on the storage accounts: the data-plane calls left (static website) use Entra.
      storageUseAzuread: true,
    });
  }

  protected get tags(): Record<string, string> {
    return { ...this.config.azure.tags, environment: this.config.environment, "managed-by": "cdktf" };
  }
}
