// docs-mcp: `docs-index mcp` hosted as one signed-in, stateless endpoint (https://<app>/mcp) that agent hosts add
// by URL (docs/mcp-hosting.md). Its own Flex Consumption function app and storage; its data identity may read the
// index it serves (Search Index Data Reader on that index and its alias, not the service) and the docs container
// (Storage Blob Data Reader on it), nothing else; the host identity holds the app's own storage only; no key exists
// anywhere. Deployed after docs-search, only where mcp.hosted.enabled is true.
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import { FIC_CLIENT_ID_SETTING } from "./docs-mcp/app-settings.js";
import { McpFunctionApp } from "./docs-mcp/function-app.js";
import type { DocsMcpStackProps } from "./docs-mcp/props.js";
import { FunctionAppStack } from "./function-app-stack.js";
import { ROLES } from "./roles.js";
import { FunctionStorage } from "./constructs/function-storage.js";

export class DocsMcpStack extends FunctionAppStack {
  readonly fn: McpFunctionApp;

  constructor(scope: Construct, id: string, props: DocsMcpStackProps) {
    super(scope, id, props);
    const where = this.where;
    const f = props.functionApp;
    const storage = new FunctionStorage(this, "storage", {
      ...where,
      name: f.storageAccountName,
      zoneRedundant: f.zoneRedundant,
    });
    const a = props.settings.auth;
    this.fn = new McpFunctionApp(this, "function", {
      ...where,
      name: f.name,
      resourceGroupId: props.resourceGroupId,
      maximumInstanceCount: f.maximumInstanceCount,
      instanceMemoryMb: f.instanceMemoryMb,
      alwaysReadyInstances: f.alwaysReadyInstances,
      zoneRedundant: f.zoneRedundant,
      storage,
      logAnalyticsWorkspaceId: props.logAnalyticsWorkspaceId,
      settings: props.settings,
      platformAuth: {
        tenantId: a.tenantId,
        clientId: a.clientId,
        allowedAudiences: [a.appIdUri, a.clientId],
        allowedApplications: props.allowedApplications,
        openIdIssuer: `https://login.microsoftonline.com/${a.tenantId}/v2.0`,
        // A client credential serves App Service authentication's own sign-in flow only; bearer tokens need none.
        ...(props.browserSignIn ? { clientSecretSettingName: FIC_CLIENT_ID_SETTING } : {}),
        redirectToProvider: "azureactivedirectory",
      },
      browserSignIn: props.browserSignIn,
      azapi: this.azapi,
    });
    const principalId = this.fn.dataIdentity.principalId;
    for (const { what, scope } of props.searchReadScopes)
      new RoleAssignment(this, `search-${what}-reader`, {
        scope,
        roleDefinitionName: ROLES.searchIndexDataReader,
        principalId,
        principalType: "ServicePrincipal",
        description: `docs-index mcp (hosted): queries ${what === "service" ? "every index" : `the ${what.replace("-", " ")} it serves`}`,
      });
    new RoleAssignment(this, "docs-container-reader", {
      scope: props.docsContainerScope,
      roleDefinitionName: ROLES.storageBlobDataReader,
      principalId,
      principalType: "ServicePrincipal",
      description: "docs-index mcp (hosted): reads published pages of the docs container",
    });

    new TerraformOutput(this, "mcp_url", {
      value: `https://${this.fn.defaultHostName}/mcp`,
      description: "The URL agent hosts add (docs/mcp-hosting.md)",
    });
    new TerraformOutput(this, "mcp_function_app_name", { value: f.name });
    new TerraformOutput(this, "mcp_function_app_resource_group", { value: props.resourceGroupName });
    new TerraformOutput(this, "mcp_data_identity_principal_id", {
      value: principalId,
      description: "The identity the server reads the index and the docs with",
    });
    if (this.fn.signInIdentity)
      new TerraformOutput(this, "mcp_sign_in_identity_principal_id", {
        value: this.fn.signInIdentity.principalId,
        description: "Subject of the federated credential on the app registration (docs/mcp-hosting.md)",
      });
  }
}
