// docs-mcp: `docs-index mcp` hosted as one signed-in, stateless endpoint (https://<app>/mcp) that agent hosts add
// by URL (docs/mcp-hosting.md). The app is the shared Flex Consumption construct (function-app-stack.ts); what is
// this stack's own: one user-assigned identity per purpose so none holds more than its own (the host identity the
// app's storage only; the data identity reads the index it serves, Search Index Data Reader on that index and its
// alias, not the service, and the docs container, Storage Blob Data Reader on it; with browser sign-in only, a
// sign-in identity with no role whose federated credential on the app registration replaces a client secret),
// callers from anywhere with an Entra ID token the platform and the server both check, telemetry to an existing
// workspace, the server's settings. No key exists anywhere. Deployed after docs-search, where mcp.hosted.enabled.
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import type { UserAssignedIdentity } from "@cdktf/provider-azurerm/lib/user-assigned-identity/index.js";
import { TerraformOutput } from "cdktf";
import type { Construct } from "constructs";
import type { FlexFunctionApp } from "./constructs/flex-function-app.js";
import { FIC_CLIENT_ID_SETTING, mcpAppSettings } from "./docs-mcp/app-settings.js";
import type { DocsMcpStackProps } from "./docs-mcp/props.js";
import { FunctionAppStack } from "./function-app-stack.js";
import { ROLES } from "./roles.js";

export class DocsMcpStack extends FunctionAppStack {
  readonly fn: FlexFunctionApp;
  /** What the server reads with (AZURE_CLIENT_ID): the index and the docs, nothing else. */
  readonly dataIdentity: UserAssignedIdentity;
  /** The registration's federated credential, only with browser sign-in; no role anywhere. */
  readonly signInIdentity: UserAssignedIdentity | undefined;

  constructor(scope: Construct, id: string, props: DocsMcpStackProps) {
    super(scope, id, props);
    const f = props.functionApp;
    const a = props.settings.auth;
    this.fn = this.functionApp({
      userAssignedIdentities: props.browserSignIn ? ["data", "sign-in"] : ["data"],
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
      monitoring: { logAnalyticsWorkspaceId: props.logAnalyticsWorkspaceId },
    });
    this.dataIdentity = this.fn.identity("data");
    this.signInIdentity = props.browserSignIn ? this.fn.identity("sign-in") : undefined;
    this.fn.addAppSettings(
      mcpAppSettings(props.settings, {
        storageAccountName: this.storage.account.name,
        hostIdentityClientId: this.fn.identity("host").clientId,
        dataIdentityClientId: this.dataIdentity.clientId,
        ...(this.signInIdentity ? { signInIdentityClientId: this.signInIdentity.clientId } : {}),
        appInsightsConnectionString: this.fn.insights.connectionString,
      }),
    );

    const principalId = this.dataIdentity.principalId;
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
    if (this.signInIdentity)
      new TerraformOutput(this, "mcp_sign_in_identity_principal_id", {
        value: this.signInIdentity.principalId,
        description: "Subject of the federated credential on the app registration (docs/mcp-hosting.md)",
      });
  }
}
