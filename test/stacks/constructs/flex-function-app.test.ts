// FlexFunctionApp on its own, with the fewest props: its defaults, the identities it makes per purpose, the app
// settings in the order added, and the props it refuses at synth time. What both stacks make of it is
// test/stacks/function-app-stack.test.ts's.
import { Testing, TerraformStack } from "cdktf";
import { describe, expect, it } from "vitest";
import { AzapiProvider } from "../../../stacks/constructs/azapi.js";
import { FlexFunctionApp, type FlexFunctionAppProps } from "../../../stacks/constructs/flex-function-app.js";
import { FunctionMonitoring } from "../../../stacks/constructs/function-monitoring.js";
import { FunctionStorage } from "../../../stacks/constructs/function-storage.js";
import { all, azapi, only, refOf, settingsOf } from "../harness.js";

const WHERE = { resourceGroupName: "rg", location: "westeurope" };
const WORKSPACE = "/subscriptions/s/resourceGroups/rg/providers/Microsoft.OperationalInsights/workspaces/log-x";

/** A stack holding the app with the fewest props, plus `own` (given the stack); `then` runs before synthesis. */
function synthApp(
  own: Partial<FlexFunctionAppProps> | ((stack: TerraformStack) => Partial<FlexFunctionAppProps>) = {},
  then: (app: FlexFunctionApp) => void = () => {},
) {
  const stack = new TerraformStack(Testing.app(), "t");
  const app = new FlexFunctionApp(stack, "function", {
    ...WHERE,
    name: "func-x",
    resourceGroupId: "/subscriptions/s/resourceGroups/rg",
    storage: new FunctionStorage(stack, "storage", { ...WHERE, name: "stx" }),
    platformAuth: { tenantId: "t", clientId: "c", allowedAudiences: ["c"] },
    monitoring: { logAnalyticsWorkspaceId: WORKSPACE },
    azapi: new AzapiProvider(stack, "azapi", { subscriptionId: "s", tenantId: "t" }),
    ...(typeof own === "function" ? own(stack) : own),
  });
  then(app);
  stack.prepareStack();
  return JSON.parse(Testing.synth(stack));
}

describe("FlexFunctionApp", () => {
  it("defaults: 40 instances of 2048 MB, none always ready, not zone-balanced, the system-assigned identity", () => {
    const json = synthApp();
    const site = azapi(json, "Microsoft.Web/sites");
    expect(site.body.properties.functionAppConfig.scaleAndConcurrency).toEqual({
      maximumInstanceCount: 40,
      instanceMemoryMB: 2048,
    });
    expect(only(json, "azurerm_service_plan").zone_balancing_enabled).toBe(false);
    expect(site.identity).toEqual([{ type: "SystemAssigned" }]);
    expect(json.resource.azurerm_user_assigned_identity).toBeUndefined();
    expect(only(json, "azurerm_role_assignment").principal_id).toBe(
      refOf(json, "azapi_resource", "identity[0].principal_id", (r) => r.type.startsWith("Microsoft.Web/sites@")),
    );
    // Any caller address unless allowedCallers names some.
    expect(site.body.properties.siteConfig).not.toHaveProperty("ipSecurityRestrictions");
  });

  it("with user-assigned identities: a host identity first, one per purpose, and only the host one on storage", () => {
    let app: FlexFunctionApp | undefined;
    const json = synthApp({ userAssignedIdentities: ["data", "sign-in"] }, (a) => (app = a));
    const names = all(json, "azurerm_user_assigned_identity").map((i) => i.name);
    expect(names.sort()).toEqual(["id-func-x", "id-func-x-data", "id-func-x-sign-in"]);
    const ref = (name: string) => refOf(json, "azurerm_user_assigned_identity", "id", (r) => r.name === name);
    expect(azapi(json, "Microsoft.Web/sites").identity).toEqual([
      { type: "UserAssigned", identity_ids: [ref("id-func-x"), ref("id-func-x-data"), ref("id-func-x-sign-in")] },
    ]);
    expect(only(json, "azurerm_role_assignment").principal_id).toBe(
      refOf(json, "azurerm_user_assigned_identity", "principal_id", (r) => r.name === "id-func-x"),
    );
    expect(() => app!.identity("reader")).toThrow(/function app t\/function: no user-assigned identity for "reader"/);
  });

  it("refuses a purpose named host: the host identity is always there", () => {
    expect(() => synthApp({ userAssignedIdentities: ["host"] })).toThrow(/"host" is not a purpose/);
  });

  it("writes app settings in the order added, and refuses a name set twice", () => {
    const json = synthApp({}, (app) => {
      app.addAppSettings({ B: "2", A: "1" });
      app.addAppSettings({ C: "3" });
    });
    expect(azapi(json, "Microsoft.Web/sites").body.properties.siteConfig.appSettings.map((s: any) => s.name)).toEqual([
      "B",
      "A",
      "C",
    ]);
    expect(settingsOf(azapi(json, "Microsoft.Web/sites"))).toEqual({ A: "1", B: "2", C: "3" });
    const twice = (app: FlexFunctionApp) => {
      app.addAppSettings({ A: "1" });
      app.addAppSettings({ A: "2" });
    };
    expect(() => synthApp({}, twice)).toThrow(/function app t\/function: app setting A is set twice/);
  });

  it("admits only the allowed callers' addresses, and refuses a rule name Terraform could not hold", () => {
    const json = synthApp({ allowedCallers: { ruleName: "gateway", ips: ["203.0.113.7"] } });
    expect(azapi(json, "Microsoft.Web/sites").body.properties.siteConfig).toMatchObject({
      ipSecurityRestrictionsDefaultAction: "Deny",
      ipSecurityRestrictions: expect.stringContaining('format("gateway-%d", val)'),
      scmIpSecurityRestrictionsUseMain: false,
    });
    expect(() => synthApp({ allowedCallers: { ruleName: 'a", x = "b', ips: [] } })).toThrow(
      /allowedCallers\.ruleName .*: expected lowercase letters, digits, hyphens/,
    );
  });

  it("on a workspace: its own Application Insights and the site's logs there; with the stack's, neither", () => {
    const onWorkspace = synthApp();
    expect(only(onWorkspace, "azurerm_application_insights")).toMatchObject({
      name: "appi-func-x",
      workspace_id: WORKSPACE,
    });
    expect(only(onWorkspace, "azurerm_monitor_diagnostic_setting")).toMatchObject({
      target_resource_id: refOf(onWorkspace, "azapi_resource", "id", (r) => r.type.startsWith("Microsoft.Web/sites@")),
      log_analytics_workspace_id: WORKSPACE,
    });
    const own = synthApp((stack) => ({
      monitoring: { insights: new FunctionMonitoring(stack, "monitoring", { name: "own", ...WHERE }).insights },
    }));
    expect(all(own, "azurerm_application_insights").map((i) => i.name)).toEqual(["appi-own"]);
    expect(own.resource.azurerm_monitor_diagnostic_setting).toBeUndefined();
  });
});
