// FunctionMonitoring on its own: a workspace of the app's own and Application Insights on it.
import { Testing } from "cdktf";
import { describe, expect, it } from "vitest";
import { FunctionMonitoring } from "../../../stacks/constructs/function-monitoring.js";
import { only } from "../harness.js";

describe("FunctionMonitoring", () => {
  it("keeps 30 days of logs by default, Application Insights on that workspace", () => {
    const json = JSON.parse(
      Testing.synthScope((scope) => {
        new FunctionMonitoring(scope, "m", { name: "fn", resourceGroupName: "rg", location: "x" });
      }),
    );
    expect(only(json, "azurerm_log_analytics_workspace")).toMatchObject({ name: "log-fn", retention_in_days: 30 });
    expect(only(json, "azurerm_application_insights")).toMatchObject({
      name: "appi-fn",
      workspace_id: expect.stringMatching(/^\$\{azurerm_log_analytics_workspace\.[^.]+\.id\}$/),
    });
  });
});
