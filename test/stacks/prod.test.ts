// The prod example's stacks: the per-environment choices .checkov.yaml leaves to the config (zone redundancy,
// search replicas) hold for prod, which the pipelines also re-check with Checkov when DEPLOY_ENV is prod.
import path from "node:path";
import { Testing } from "cdktf";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { buildStacks } from "../../stacks/app.js";
import { fixtureOpenApi, only, synth } from "./harness.js";
import { repoRoot } from "../../src/config/repo-root.js";

const PROD_FILE = "config/prod/vars.yml";

describe("prod stacks", () => {
  const config = loadConfig({ VARS_FILE: path.join(repoRoot, PROD_FILE) });
  const built = buildStacks(config, { file: PROD_FILE, openApiJson: fixtureOpenApi, app: Testing.app() });
  const webhook = synth(built.webhook);
  const search = synth(built.search);

  it("run the Flex plan zone-balanced on zone-redundant storage (Checkov CKV_AZURE_225)", () => {
    expect(only(webhook, "azurerm_service_plan")).toMatchObject({ sku_name: "FC1", zone_balancing_enabled: true });
    expect(only(webhook, "azurerm_storage_account").account_replication_type).toBe("ZRS");
  });

  it("deploy the hosted MCP server as the example turns it on, zone-balanced on ZRS storage", () => {
    const mcp = synth(built.mcp!);
    expect(only(mcp, "azurerm_service_plan")).toMatchObject({ sku_name: "FC1", zone_balancing_enabled: true });
    expect(only(mcp, "azurerm_storage_account").account_replication_type).toBe("ZRS");
  });

  it("keep at least two search replicas for the query SLA (Checkov CKV_AZURE_209)", () => {
    expect(only(search, "azurerm_search_service").replica_count).toBeGreaterThanOrEqual(2);
  });

  it("keep blob soft delete on the function's storage and scale to the configured limit", () => {
    expect(only(webhook, "azurerm_storage_account").blob_properties.delete_retention_policy).toEqual({ days: 7 });
    const site = Object.values(webhook.resource.azapi_resource).find((r: any) =>
      r.type.startsWith("Microsoft.Web/sites@"),
    ) as any;
    expect(site.body.properties.functionAppConfig.scaleAndConcurrency).toMatchObject({ maximumInstanceCount: 100 });
  });
});
