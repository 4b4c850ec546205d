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
      features: [{}],
      subscriptionId: config.azure.subscription_id,
      tenantId: config.azure.tenant_id,
      // Shared-key access is off on the storage accounts: data-plane calls (static website, tables) use Entra.
      storageUseAzuread: true,
    });
  }

  protected get tags(): Record<string, string> {
    return { ...this.config.azure.tags, environment: this.config.environment, "managed-by": "cdktf" };
  }
}
