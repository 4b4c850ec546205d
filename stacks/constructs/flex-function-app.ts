// A Flex Consumption function app (Node 22) as every app of this repository gets it: the FC1 plan, the site
// managed whole through azapi (Microsoft.Web/sites), HTTPS only, basic publishing off, App Service authentication
// in front (platform-auth.ts), host storage and the deployment package on the app's own account through an
// identity, and telemetry. azapi, not azurerm_function_app_flex_consumption: that resource injects an
// AzureWebJobsStorage connection string with an empty key even with identity-based host storage, and it wins over
// AzureWebJobsStorage__accountName (azurerm issues #29693, #33211; azure-functions-host #11796).
// What differs between apps is a prop: the identities, who may call, more roles on the storage, where telemetry goes.
import { ApplicationInsights } from "@cdktf/provider-azurerm/lib/application-insights/index.js";
import { MonitorDiagnosticSetting } from "@cdktf/provider-azurerm/lib/monitor-diagnostic-setting/index.js";
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { ServicePlan } from "@cdktf/provider-azurerm/lib/service-plan/index.js";
import { UserAssignedIdentity } from "@cdktf/provider-azurerm/lib/user-assigned-identity/index.js";
import { Fn, TerraformIterator, Token } from "cdktf";
import { Construct } from "constructs";
import { ROLES } from "../roles.js";
import { AzapiResource, type AzapiProvider } from "./azapi.js";
import type { FunctionStorage } from "./function-storage.js";
import type { Placement } from "./placement.js";
import { authSettingsV2Body, type PlatformAuthProps } from "./platform-auth.js";

const NODE_RUNTIME_VERSION = "22";
/** ARM API version of Microsoft.Web used for the site and its children (Flex functionAppConfig is GA there). */
const WEB_API_VERSION = "2024-04-01";

/** How a Flex Consumption app scales (the config's webhook_app and mcp.hosted keys of the same names). */
export interface FlexScale {
  /** Scale-out limit (40-1000); default 40. */
  readonly maximumInstanceCount?: number;
  /** Instance memory; default 2048. */
  readonly instanceMemoryMb?: 512 | 2048 | 4096;
  /** Always-ready instances of the http group (billed while idle); default 0. */
  readonly alwaysReadyInstances?: number;
  /** Zone-balanced plan (Checkov CKV_AZURE_225; the platform then keeps 2 always-ready instances); default false. */
  readonly zoneRedundant?: boolean;
}

/** A role the host identity holds on the app's own storage account besides Storage Blob Data Owner. */
interface HostStorageRole {
  /** The role assignment's construct id (its address in the state). */
  readonly id: string;
  readonly role: string;
  readonly description: string;
}

/**
 * Where the app's telemetry goes. `logAnalyticsWorkspaceId`: Application Insights appi-<name> on that existing
 * workspace, created here, and the site's FunctionAppLogs and metrics sent there (a diagnostic setting).
 * `insights`: Application Insights the stack keeps beside the app (FunctionMonitoring, on a workspace of its own).
 */
type FlexMonitoring = { readonly logAnalyticsWorkspaceId: string } | { readonly insights: ApplicationInsights };

export interface FlexFunctionAppProps extends Placement, FlexScale {
  readonly name: string;
  /** /subscriptions/<id>/resourceGroups/<name> (azapi's parent_id). */
  readonly resourceGroupId: string;
  /** The app's own storage: host storage and the deployment package (the host identity is its Blob Data Owner). */
  readonly storage: FunctionStorage;
  /** More roles for the host identity on that account (e.g. host queues, a table the app writes); default none. */
  readonly hostStorageRoles?: readonly HostStorageRole[];
  /**
   * Purposes of user-assigned identities (id-<name>-<purpose>) beside a user-assigned host identity (id-<name>: host
   * storage and the deployment package only), so none holds more than its own; the stack grants their roles.
   * Default: none, and the site's system-assigned identity holds host storage and whatever the stack grants.
   */
  readonly userAssignedIdentities?: readonly string[];
  /** Easy Auth: the app registration and the identities or client applications admitted. */
  readonly platformAuth: PlatformAuthProps;
  /**
   * The only addresses allowed to call the app (a list token, e.g. a gateway's public IPs): one Allow rule each,
   * named <ruleName>-<n>, anything else denied. Default: any address (the platform still requires a token).
   */
  readonly allowedCallers?: { readonly ruleName: string; readonly ips: string[] };
  readonly monitoring: FlexMonitoring;
  /** The stack's azapi provider. */
  readonly azapi: AzapiProvider;
}

export class FlexFunctionApp extends Construct {
  readonly plan: ServicePlan;
  readonly site: AzapiResource;
  /** The app's host name (https://<defaultHostName>). */
  readonly defaultHostName: string;
  /** The identity holding host storage: the site's system-assigned one, or the user-assigned host identity. */
  readonly principalId: string;
  /** Where APPLICATIONINSIGHTS_CONNECTION_STRING points. */
  readonly insights: ApplicationInsights;
  private readonly identities = new Map<string, UserAssignedIdentity>();
  /** The site's app settings in the order added; the site's body holds this list and reads it at synth time. */
  private readonly appSettings: { name: string; value: string }[] = [];

  constructor(scope: Construct, id: string, props: FlexFunctionAppProps) {
    super(scope, id);
    const where = { resourceGroupName: props.resourceGroupName, location: props.location, tags: props.tags };
    if (props.userAssignedIdentities) this.createIdentities(props.name, props.userAssignedIdentities, where);
    const host = this.identities.get("host");

    this.plan = new ServicePlan(this, "plan", {
      ...where,
      name: `asp-${props.name}`,
      osType: "Linux",
      skuName: "FC1",
      zoneBalancingEnabled: props.zoneRedundant ?? false,
    });
    this.insights =
      "insights" in props.monitoring
        ? props.monitoring.insights
        : new ApplicationInsights(this, "insights", {
            ...where,
            name: `appi-${props.name}`,
            applicationType: "Node.JS",
            workspaceId: props.monitoring.logAnalyticsWorkspaceId,
          });
    this.site = new AzapiResource(this, "site", {
      provider: props.azapi,
      type: `Microsoft.Web/sites@${WEB_API_VERSION}`,
      name: props.name,
      parentId: props.resourceGroupId,
      location: props.location,
      identity: host
        ? { type: "UserAssigned", identityIds: [...this.identities.values()].map((i) => i.id) }
        : { type: "SystemAssigned" },
      tags: props.tags,
      responseExportValues: ["properties.defaultHostName"],
      body: siteBody(props, this.plan.id, this.appSettings, host),
    });
    this.defaultHostName = this.site.outputAttribute("properties.defaultHostName");
    this.principalId = host ? host.principalId : this.site.principalId;

    lockDownSite(this, this.site, props.azapi, props.platformAuth);
    if ("logAnalyticsWorkspaceId" in props.monitoring)
      new MonitorDiagnosticSetting(this, "diagnostics", {
        name: "to-log-analytics",
        targetResourceId: this.site.id,
        logAnalyticsWorkspaceId: props.monitoring.logAnalyticsWorkspaceId,
        enabledLog: [{ category: "FunctionAppLogs" }],
        enabledMetric: [{ category: "AllMetrics" }],
      });
    // Host storage and the deployment package, on the app's own account only, for the host identity only.
    const hostBlob = {
      id: "host-blob",
      role: ROLES.storageBlobDataOwner,
      description: "Functions host storage and deployment package",
    };
    for (const r of [hostBlob, ...(props.hostStorageRoles ?? [])])
      new RoleAssignment(this, r.id, {
        scope: props.storage.account.id,
        roleDefinitionName: r.role,
        principalId: this.principalId,
        principalType: "ServicePrincipal",
        description: r.description,
      });
  }

  /** A user-assigned identity: "host", or a purpose named in userAssignedIdentities. */
  identity(purpose: string): UserAssignedIdentity {
    const found = this.identities.get(purpose);
    if (!found) throw new Error(`function app ${this.node.path}: no user-assigned identity for "${purpose}"`);
    return found;
  }

  /** Adds app settings after those already set; a name set twice is refused (one value would hide the other). */
  addAppSettings(settings: Record<string, string>): void {
    for (const [name, value] of Object.entries(settings)) {
      if (this.appSettings.some((s) => s.name === name))
        throw new Error(`function app ${this.node.path}: app setting ${name} is set twice`);
      this.appSettings.push({ name, value });
    }
  }

  /** The host identity (construct id "identity", id-<name>) first, then one a purpose ("<purpose>-identity"). */
  private createIdentities(name: string, purposes: readonly string[], where: Placement): void {
    if (purposes.includes("host")) throw new Error(`function app ${this.node.path}: "host" is not a purpose`);
    this.identities.set("host", new UserAssignedIdentity(this, "identity", { ...where, name: `id-${name}` }));
    for (const purpose of purposes)
      this.identities.set(
        purpose,
        new UserAssignedIdentity(this, `${purpose}-identity`, { ...where, name: `id-${name}-${purpose}` }),
      );
  }
}

/** The site's properties: HTTPS and TLS 1.2 only, FTP off, the Flex deployment, scale and runtime. */
function siteBody(
  props: FlexFunctionAppProps,
  planId: string,
  appSettings: { name: string; value: string }[],
  host: UserAssignedIdentity | undefined,
): Record<string, unknown> {
  const alwaysReady = props.alwaysReadyInstances ?? 0;
  return {
    kind: "functionapp,linux",
    properties: {
      serverFarmId: planId,
      // On: the provider issue behind leaving it off (#29006) was fixed in azurerm 4.31.0 (#29024), and ARM itself
      // always accepted it on Flex.
      httpsOnly: true,
      clientCertEnabled: false,
      siteConfig: {
        minTlsVersion: "1.2",
        scmMinTlsVersion: "1.2",
        ftpsState: "Disabled",
        http20Enabled: true,
        ...(props.allowedCallers ? callerRestrictions(props.allowedCallers) : {}),
        appSettings,
      },
      functionAppConfig: {
        deployment: {
          storage: {
            type: "blobContainer",
            value: props.storage.deploymentContainerUrl,
            authentication: host
              ? { type: "UserAssignedIdentity", userAssignedIdentityResourceId: host.id }
              : { type: "SystemAssignedIdentity" },
          },
        },
        scaleAndConcurrency: {
          maximumInstanceCount: props.maximumInstanceCount ?? 40,
          instanceMemoryMB: props.instanceMemoryMb ?? 2048,
          ...(alwaysReady > 0 ? { alwaysReady: [{ name: "http", instanceCount: alwaysReady }] } : {}),
        },
        runtime: { name: "node", version: NODE_RUNTIME_VERSION },
      },
    },
  };
}

/**
 * The main endpoint open to the given addresses only. The deployment (SCM) endpoint is not behind them: the
 * pipeline publishes there with its Entra identity (basic publishing credentials are off).
 */
function callerRestrictions(callers: { ruleName: string; ips: string[] }): Record<string, unknown> {
  return {
    ipSecurityRestrictionsDefaultAction: "Deny",
    ipSecurityRestrictions: ipAllowRules(callers.ruleName, callers.ips),
    scmIpSecurityRestrictionsUseMain: false,
    scmIpSecurityRestrictionsDefaultAction: "Allow",
  };
}

/**
 * ipSecurityRestrictions: one Allow rule per address, from a list known only at plan time. Iterates over the
 * indexes (a list iterator iterates a set, whose keys are its values) so each rule gets a number and a priority.
 */
function ipAllowRules(ruleName: string, ips: string[]): unknown {
  // The name goes into a Terraform expression: letters, digits and hyphens only.
  if (!/^[a-z][a-z0-9-]*$/.test(ruleName))
    throw new Error(`allowedCallers.ruleName ${JSON.stringify(ruleName)}: expected lowercase letters, digits, hyphens`);
  const list = Token.asString(Fn.tolist(ips));
  return TerraformIterator.fromList(Fn.range(0, Fn.lengthOf(ips))).forExpressionForList(
    `{ name = format("${ruleName}-%d", val), ipAddress = format("%s/32", element(${list}, val)), action = "Allow", priority = 100 + val }`,
  );
}

/**
 * Basic (user/password) publishing off on both endpoints (deployments use Entra) and App Service authentication
 * in front (platform-auth.ts), as children of the app with fixed ids.
 */
function lockDownSite(scope: Construct, site: AzapiResource, azapi: AzapiProvider, auth: PlatformAuthProps): void {
  for (const endpoint of ["scm", "ftp"])
    new AzapiResource(scope, `basic-publishing-${endpoint}`, {
      provider: azapi,
      type: `Microsoft.Web/sites/basicPublishingCredentialsPolicies@${WEB_API_VERSION}`,
      name: endpoint,
      parentId: site.id,
      body: { properties: { allow: false } },
    });
  new AzapiResource(scope, "platform-auth", {
    provider: azapi,
    type: `Microsoft.Web/sites/config@${WEB_API_VERSION}`,
    name: "authsettingsV2",
    parentId: site.id,
    body: authSettingsV2Body(auth),
  });
}
