// The azapi provider through CDKTF's escape hatches: no prebuilt azapi bindings exist on the npm registry, so the
// provider is a bare TerraformProvider and each resource a TerraformResource of type "azapi_resource" that
// synthesizes its own arguments (for cdk.tf.json and for `synth --hcl`). Used only where azurerm
// cannot express what the stack needs (docs/infrastructure.md says which finding each use answers).
import { TerraformProvider, TerraformResource, Token } from "cdktf";
import type { Construct } from "constructs";

/** Azure/azapi, pinned like azurerm (exact version; a new one is a reviewed change). */
const AZAPI_PROVIDER_SOURCE = "Azure/azapi";
export const AZAPI_PROVIDER_VERSION = "2.12.0";

export interface AzapiProviderProps {
  subscriptionId: string;
  tenantId: string;
}

export class AzapiProvider extends TerraformProvider {
  constructor(
    scope: Construct,
    id: string,
    private readonly props: AzapiProviderProps,
  ) {
    super(scope, id, {
      terraformResourceType: "azapi",
      terraformProviderSource: AZAPI_PROVIDER_SOURCE,
      terraformGeneratorMetadata: { providerName: "azapi", providerVersion: AZAPI_PROVIDER_VERSION },
    });
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    return {
      subscription_id: this.props.subscriptionId,
      tenant_id: this.props.tenantId,
      // Same reason as azurerm's resource_provider_registrations = "none": a deploy identity scoped to resource
      // groups cannot register resource providers (azapi docs: skip_provider_registration, default false).
      skip_provider_registration: true,
    };
  }

  protected override synthesizeHclAttributes(): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(this.synthesizeAttributes()).map(([k, value]) => [
        k,
        { value, isBlock: false, type: "simple", storageClassType: typeof value === "boolean" ? "boolean" : "string" },
      ]),
    );
  }
}

export interface AzapiResourceProps {
  /** `<resource type>@<api version>`, e.g. Microsoft.Web/sites@2024-04-01. */
  type: string;
  name: string;
  /** The resource group id (top-level resources) or the parent resource id (child resources). */
  parentId: string;
  location?: string;
  /** The ARM request body (snake_case is not applied: ARM property names as written). */
  body: Record<string, unknown>;
  /** A system-assigned identity, or user-assigned ones (their resource ids). */
  identity?: { type: "SystemAssigned" } | { type: "UserAssigned"; identityIds: string[] };
  tags?: Record<string, string>;
  /** Response paths exported as `output` (read them with outputAttribute). */
  responseExportValues?: string[];
  /** The stack's azapi provider (it must exist in the stack; passing it documents the dependency). */
  provider: AzapiProvider;
  dependsOn?: TerraformResource[];
}

export class AzapiResource extends TerraformResource {
  private readonly props: AzapiResourceProps;

  constructor(scope: Construct, id: string, props: AzapiResourceProps) {
    // The one azapi provider of the stack is the default: no `provider` meta-argument (which `synth --hcl`
    // would quote).
    super(scope, id, { terraformResourceType: "azapi_resource", dependsOn: props.dependsOn });
    this.props = props;
  }

  protected override synthesizeAttributes(): Record<string, unknown> {
    const p = this.props;
    return {
      type: p.type,
      name: p.name,
      parent_id: p.parentId,
      location: p.location,
      identity: p.identity
        ? [
            p.identity.type === "UserAssigned"
              ? { type: p.identity.type, identity_ids: p.identity.identityIds }
              : { type: p.identity.type },
          ]
        : undefined,
      tags: p.tags,
      body: p.body,
      response_export_values: p.responseExportValues,
    };
  }

  /** For `cdktf synth --hcl`: identity is a block; everything else an argument. */
  protected override synthesizeHclAttributes(): Record<string, unknown> {
    const attrs = this.synthesizeAttributes();
    return Object.fromEntries(
      Object.entries(attrs)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [
          key,
          key === "identity"
            ? { value, isBlock: true, type: "list", storageClassType: "list" }
            : key === "tags"
              ? { value, isBlock: false, type: "map", storageClassType: "stringMap" }
              : {
                  value,
                  isBlock: false,
                  type: "simple",
                  storageClassType: typeof value === "string" ? "string" : "any",
                },
        ]),
    );
  }

  get id(): string {
    return this.getStringAttribute("id");
  }

  /** The system-assigned identity's object id (identity[0].principal_id). */
  get principalId(): string {
    return this.getStringAttribute("identity[0].principal_id");
  }

  /** An exported response value, e.g. outputAttribute("properties.defaultHostName"). */
  outputAttribute(path: string): string {
    return Token.asString(this.interpolationForAttribute(`output.${path}`));
  }
}
