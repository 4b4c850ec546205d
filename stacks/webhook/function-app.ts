// The webhook receiver's Flex Consumption function app (Node 22), managed whole through azapi (Microsoft.Web/sites):
// azurerm_function_app_flex_consumption injects an AzureWebJobsStorage connection string with an empty key even
// with identity-based host storage, and that wins over AzureWebJobsStorage__accountName (azurerm issues #29693,
// #33211; azure-functions-host #11796). HTTPS only, basic publishing credentials off, reachable only from the
// gateway's public IPs, and Easy Auth admits only the gateway's managed identity (platform-auth.ts).
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { ServicePlan } from "@cdktf/provider-azurerm/lib/service-plan/index.js";
import { Fn, TerraformIterator, Token } from "cdktf";
import { Construct } from "constructs";
import type { Placement } from "../constructs/placement.js";
import { AzapiResource, type AzapiProvider } from "../constructs/azapi.js";
import { ROLES } from "../roles.js";
import type { FunctionStorage } from "../constructs/function-storage.js";
import { authSettingsV2Body, type PlatformAuthProps } from "../constructs/platform-auth.js";

export const NODE_RUNTIME_VERSION = "22";
/** ARM API version of Microsoft.Web used for the site and its children (Flex functionAppConfig is GA there). */
export const WEB_API_VERSION = "2024-04-01";

/**
 * What every function app of this repository gets on its site: basic (user/password) publishing off on both
 * endpoints (deployments use Entra) and App Service authentication in front (platform-auth.ts). The children are
 * created in `scope` with fixed ids, so their addresses in the state stay where they were.
 */
export function lockDownSite(
  scope: Construct,
  site: AzapiResource,
  azapi: AzapiProvider,
  platformAuth: PlatformAuthProps,
): void {
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
    body: authSettingsV2Body(platformAuth),
  });
}

export interface WebhookFunctionAppProps extends Placement {
  name: string;
  /** /subscriptions/<id>/resourceGroups/<name> (azapi's parent_id). */
  resourceGroupId: string;
  /** Node major version; default 22. */
  runtimeVersion?: string;
  /** Flex scale-out limit (40-1000); default 40. */
  maximumInstanceCount?: number;
  /** Instance memory; default 2048. */
  instanceMemoryMb?: 512 | 2048 | 4096;
  /** Zone-balanced plan (Checkov CKV_AZURE_225; the platform then keeps 2 always-ready instances); default false. */
  zoneRedundant?: boolean;
  /** Always-ready instances of the http group (billed while idle); default 0. */
  alwaysReadyInstances?: number;
  /** The app's own storage (host storage, deployment container, idempotency table). */
  storage: FunctionStorage;
  appSettings: Record<string, string>;
  /** The only addresses allowed to call the app: the gateway's public IPs (a list token). */
  gatewayPublicIps: string[];
  /** Easy Auth: the app registration and the identities admitted. */
  platformAuth: PlatformAuthProps;
  azapi: AzapiProvider;
}

/**
 * ipSecurityRestrictions: one Allow rule per gateway IP, from a list known only at plan time. Iterates over the
 * indexes (a list iterator iterates a set, whose keys are its values) so each rule gets a number and a priority.
 */
function gatewayIpRules(gatewayPublicIps: string[]): unknown {
  const ips = Token.asString(Fn.tolist(gatewayPublicIps));
  return TerraformIterator.fromList(Fn.range(0, Fn.lengthOf(gatewayPublicIps))).forExpressionForList(
    `{ name = format("gateway-%d", val), ipAddress = format("%s/32", element(${ips}, val)), action = "Allow", priority = 100 + val }`,
  );
}

export class WebhookFunctionApp extends Construct {
  readonly plan: ServicePlan;
  readonly site: AzapiResource;
  /** The app's host name (https://<defaultHostName> is the gateway backend). */
  readonly defaultHostName: string;
  readonly principalId: string;

  constructor(scope: Construct, id: string, props: WebhookFunctionAppProps) {
    super(scope, id);
    const alwaysReady = props.alwaysReadyInstances ?? 0;

    this.plan = new ServicePlan(this, "plan", {
      name: `asp-${props.name}`,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      osType: "Linux",
      skuName: "FC1",
      zoneBalancingEnabled: props.zoneRedundant ?? false,
      tags: props.tags,
    });

    this.site = new AzapiResource(this, "site", {
      provider: props.azapi,
      type: `Microsoft.Web/sites@${WEB_API_VERSION}`,
      name: props.name,
      parentId: props.resourceGroupId,
      location: props.location,
      identity: { type: "SystemAssigned" },
      tags: props.tags,
      responseExportValues: ["properties.defaultHostName"],
      body: {
        kind: "functionapp,linux",
        properties: {
          serverFarmId: this.plan.id,
          // On: the provider issue behind leaving it off (#29006) was fixed in azurerm 4.31.0 (#29024), and ARM
          // itself always accepted it on Flex.
          httpsOnly: true,
          clientCertEnabled: false,
          siteConfig: {
            minTlsVersion: "1.2",
            scmMinTlsVersion: "1.2",
            ftpsState: "Disabled",
            http20Enabled: true,
            // The gateway's own public IPs: the ApiManagement service tag covers API Management's control plane,
            // not the gateway's outbound calls (Microsoft service-tag docs).
            ipSecurityRestrictionsDefaultAction: "Deny",
            ipSecurityRestrictions: gatewayIpRules(props.gatewayPublicIps),
            // The SCM (deployment) endpoint is not behind the gateway: the pipeline publishes there with its
            // Entra identity (basic publishing credentials are off below).
            scmIpSecurityRestrictionsUseMain: false,
            scmIpSecurityRestrictionsDefaultAction: "Allow",
            appSettings: Object.entries(props.appSettings).map(([name, value]) => ({ name, value })),
          },
          functionAppConfig: {
            deployment: {
              storage: {
                type: "blobContainer",
                value: props.storage.deploymentContainerUrl,
                authentication: { type: "SystemAssignedIdentity" },
              },
            },
            scaleAndConcurrency: {
              maximumInstanceCount: props.maximumInstanceCount ?? 40,
              instanceMemoryMB: props.instanceMemoryMb ?? 2048,
              ...(alwaysReady > 0 ? { alwaysReady: [{ name: "http", instanceCount: alwaysReady }] } : {}),
            },
            runtime: { name: "node", version: props.runtimeVersion ?? NODE_RUNTIME_VERSION },
          },
        },
      },
    });
    this.defaultHostName = this.site.outputAttribute("properties.defaultHostName");
    this.principalId = this.site.principalId;

    lockDownSite(this, this.site, props.azapi, props.platformAuth);

    // Host storage and deployment package (blob owner, queues) and the idempotency table, on this account only.
    const grant = (rid: string, role: string, why: string) =>
      new RoleAssignment(this, rid, {
        scope: props.storage.account.id,
        roleDefinitionName: role,
        principalId: this.principalId,
        principalType: "ServicePrincipal",
        description: why,
      });
    grant("host-blob", ROLES.storageBlobDataOwner, "Functions host storage and deployment package");
    grant("host-queue", ROLES.storageQueueDataContributor, "Functions host storage");
    grant("idempotency-table", ROLES.storageTableDataContributor, "Idempotency table (the receiver creates it)");
  }
}
