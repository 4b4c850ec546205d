// The hosted MCP server's Flex Consumption function app (Node 22), managed through azapi like the webhook's
// (stacks/webhook/function-app.ts says why), with one user-assigned identity per purpose so none holds more than
// its own: the host identity (host storage and the deployment package: Storage Blob Data Owner on the app's own
// account), the data identity (what the server reads with: its roles are granted by the stack) and, only with
// browser sign-in, a sign-in identity with no role at all whose federated credential on the app registration
// replaces a client secret (Microsoft: that identity should serve this one purpose). HTTPS only, basic publishing
// credentials off, App Service authentication in front (platform-auth.ts), diagnostics to the existing workspace.
// Public: agent hosts call it from anywhere; the platform and the server both check the caller's Entra ID token.
import { ApplicationInsights } from "@cdktf/provider-azurerm/lib/application-insights/index.js";
import { MonitorDiagnosticSetting } from "@cdktf/provider-azurerm/lib/monitor-diagnostic-setting/index.js";
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { ServicePlan } from "@cdktf/provider-azurerm/lib/service-plan/index.js";
import { UserAssignedIdentity } from "@cdktf/provider-azurerm/lib/user-assigned-identity/index.js";
import { Construct } from "constructs";
import { AzapiResource, type AzapiProvider } from "../constructs/azapi.js";
import type { Placement } from "../constructs/placement.js";
import { ROLES } from "../roles.js";
import type { FunctionStorage } from "../constructs/function-storage.js";
import { lockDownSite, NODE_RUNTIME_VERSION, WEB_API_VERSION } from "../webhook/function-app.js";
import type { PlatformAuthProps } from "../constructs/platform-auth.js";
import { mcpAppSettings, type McpAppSettingsProps } from "./app-settings.js";

export interface McpFunctionAppProps extends Placement {
  name: string;
  resourceGroupId: string;
  maximumInstanceCount: number;
  instanceMemoryMb: 512 | 2048 | 4096;
  alwaysReadyInstances: number;
  /** Zone-balanced plan (Checkov CKV_AZURE_225). */
  zoneRedundant: boolean;
  storage: FunctionStorage;
  logAnalyticsWorkspaceId: string;
  settings: McpAppSettingsProps;
  platformAuth: PlatformAuthProps;
  /** A sign-in identity for App Service authentication's browser sign-in (none: bearer tokens only). */
  browserSignIn: boolean;
  azapi: AzapiProvider;
}

export class McpFunctionApp extends Construct {
  /** Host storage and the deployment package only. */
  readonly hostIdentity: UserAssignedIdentity;
  /** What the server reads with (AZURE_CLIENT_ID): the stack grants its roles on the index and the docs. */
  readonly dataIdentity: UserAssignedIdentity;
  /** The registration's federated credential, only with browser sign-in; no role anywhere. */
  readonly signInIdentity: UserAssignedIdentity | undefined;
  readonly site: AzapiResource;
  readonly defaultHostName: string;

  constructor(scope: Construct, id: string, props: McpFunctionAppProps) {
    super(scope, id);
    const where = { resourceGroupName: props.resourceGroupName, location: props.location, tags: props.tags };
    this.hostIdentity = new UserAssignedIdentity(this, "identity", { ...where, name: `id-${props.name}` });
    this.dataIdentity = new UserAssignedIdentity(this, "data-identity", { ...where, name: `id-${props.name}-data` });
    this.signInIdentity = props.browserSignIn
      ? new UserAssignedIdentity(this, "sign-in-identity", { ...where, name: `id-${props.name}-sign-in` })
      : undefined;
    const identities = [this.hostIdentity, this.dataIdentity, ...(this.signInIdentity ? [this.signInIdentity] : [])];
    const plan = new ServicePlan(this, "plan", {
      ...where,
      name: `asp-${props.name}`,
      osType: "Linux",
      skuName: "FC1",
      zoneBalancingEnabled: props.zoneRedundant,
    });
    const insights = new ApplicationInsights(this, "insights", {
      ...where,
      name: `appi-${props.name}`,
      applicationType: "Node.JS",
      workspaceId: props.logAnalyticsWorkspaceId,
    });
    const appSettings = mcpAppSettings(props.settings, {
      storageAccountName: props.storage.account.name,
      hostIdentityClientId: this.hostIdentity.clientId,
      dataIdentityClientId: this.dataIdentity.clientId,
      ...(this.signInIdentity ? { signInIdentityClientId: this.signInIdentity.clientId } : {}),
      appInsightsConnectionString: insights.connectionString,
    });
    this.site = new AzapiResource(this, "site", {
      provider: props.azapi,
      type: `Microsoft.Web/sites@${WEB_API_VERSION}`,
      name: props.name,
      parentId: props.resourceGroupId,
      location: props.location,
      identity: { type: "UserAssigned", identityIds: identities.map((i) => i.id) },
      tags: props.tags,
      responseExportValues: ["properties.defaultHostName"],
      body: {
        kind: "functionapp,linux",
        properties: {
          serverFarmId: plan.id,
          httpsOnly: true,
          clientCertEnabled: false,
          siteConfig: {
            minTlsVersion: "1.2",
            scmMinTlsVersion: "1.2",
            ftpsState: "Disabled",
            http20Enabled: true,
            appSettings: Object.entries(appSettings).map(([name, value]) => ({ name, value })),
          },
          functionAppConfig: {
            deployment: {
              storage: {
                type: "blobContainer",
                value: props.storage.deploymentContainerUrl,
                authentication: { type: "UserAssignedIdentity", userAssignedIdentityResourceId: this.hostIdentity.id },
              },
            },
            scaleAndConcurrency: {
              maximumInstanceCount: props.maximumInstanceCount,
              instanceMemoryMB: props.instanceMemoryMb,
              ...(props.alwaysReadyInstances > 0
                ? { alwaysReady: [{ name: "http", instanceCount: props.alwaysReadyInstances }] }
                : {}),
            },
            runtime: { name: "node", version: NODE_RUNTIME_VERSION },
          },
        },
      },
    });
    this.defaultHostName = this.site.outputAttribute("properties.defaultHostName");

    lockDownSite(this, this.site, props.azapi, props.platformAuth);
    new MonitorDiagnosticSetting(this, "diagnostics", {
      name: "to-log-analytics",
      targetResourceId: this.site.id,
      logAnalyticsWorkspaceId: props.logAnalyticsWorkspaceId,
      enabledLog: [{ category: "FunctionAppLogs" }],
      enabledMetric: [{ category: "AllMetrics" }],
    });
    // Host storage and the deployment package, on the app's own account only, for the host identity only.
    new RoleAssignment(this, "host-blob", {
      scope: props.storage.account.id,
      roleDefinitionName: ROLES.storageBlobDataOwner,
      principalId: this.hostIdentity.principalId,
      principalType: "ServicePrincipal",
      description: "Functions host storage and deployment package",
    });
  }
}
