// The azapi provider through CDKTF's escape hatches: no prebuilt azapi bindings exist on the npm registry, so the
// provider is a bare TerraformProvider and each resource a TerraformResource of type "azapi_resource" whose
// arguments are raw overrides (they reach cdk.tf.json, and `synth --hcl`, as written). Used only where azurerm
// cannot express what the stack needs (docs/infrastructure.md says which finding each use answers).
import { TerraformProvider, TerraformResource, Token } from "cdktf";
import type { Construct } from "constructs";

/** Azure/azapi, pinned like azurerm (exact version; a new one is a reviewed change). */
export const AZAPI_PROVIDER_SOURCE = "Azure/azapi";
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
  identity?: { type: "SystemAssigned" };
  tags?: Record<string, string>;
  /** Response paths exported as `output` (read them with outputAttribute). */
  responseExportValues?: string[];
  provider: AzapiProvider;
  dependsOn?: TerraformResource[];
}

export class AzapiResource extends TerraformResource {
  constructor(scope: Construct, id: string, props: AzapiResourceProps) {
    super(scope, id, { terraformResourceType: "azapi_resource", provider: props.provider, dependsOn: props.dependsOn });
    this.addOverride("type", props.type);
    this.addOverride("name", props.name);
    this.addOverride("parent_id", props.parentId);
    if (props.location) this.addOverride("location", props.location);
    if (props.identity) this.addOverride("identity", [{ type: props.identity.type }]);
    if (props.tags) this.addOverride("tags", props.tags);
    this.addOverride("body", props.body);
    if (props.responseExportValues) this.addOverride("response_export_values", props.responseExportValues);
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
