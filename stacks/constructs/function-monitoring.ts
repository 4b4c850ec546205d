// Application Insights on a Log Analytics workspace of the function app's own (the webhook's). An app that sends its
// telemetry to an existing workspace gets its Application Insights from FlexFunctionApp instead.
import { ApplicationInsights } from "@cdktf/provider-azurerm/lib/application-insights/index.js";
import { LogAnalyticsWorkspace } from "@cdktf/provider-azurerm/lib/log-analytics-workspace/index.js";
import { Construct } from "constructs";
import type { Placement } from "./placement.js";

export interface FunctionMonitoringProps extends Placement {
  /** Base name: log-<name> and appi-<name>. */
  name: string;
  /** Log retention in days; default 30. */
  retentionInDays?: number;
}

export class FunctionMonitoring extends Construct {
  readonly workspace: LogAnalyticsWorkspace;
  readonly insights: ApplicationInsights;

  constructor(scope: Construct, id: string, props: FunctionMonitoringProps) {
    super(scope, id);
    this.workspace = new LogAnalyticsWorkspace(this, "logs", {
      name: `log-${props.name}`,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      sku: "PerGB2018",
      retentionInDays: props.retentionInDays ?? 30,
      tags: props.tags,
    });
    this.insights = new ApplicationInsights(this, "insights", {
      name: `appi-${props.name}`,
      resourceGroupName: props.resourceGroupName,
      location: props.location,
      applicationType: "Node.JS",
      workspaceId: this.workspace.id,
      tags: props.tags,
    });
  }
}
