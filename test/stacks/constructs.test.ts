// The constructs take typed Props with defaults, not the config: usable on their own, as in the CDK examples.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Testing } from "cdktf";
import { describe, expect, it } from "vitest";
import { FunctionStorage } from "../../stacks/constructs/function-storage.js";
import { FunctionMonitoring } from "../../stacks/constructs/function-monitoring.js";
import { repoRoot } from "../../src/config/repo-root.js";

/** The files allowed to read the config: the entry points and the config -> props mappings. */
const MAPPERS = [
  "app.ts",
  "config/stack-config.ts",
  "main.ts",
  "props.ts",
  "webhook/props.ts",
  "webhook/authorized-app.ts",
  "docs-mcp/props.ts",
  // `npm run policies:render`: an entry point like main.ts, rendering the policy from the dev config.
  "webhook/render-policies.ts",
];

describe("constructs and stacks", () => {
  it("never see the config: only app.ts and the props mappings import it", () => {
    const files = readdirSync(path.join(repoRoot, "stacks"), { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.startsWith("policies/"),
    );
    const readers = files.filter((f) =>
      /from "(\.\.?\/)+(config\/stack-config\.js|src\/config\/schema\.js)"|StackConfig/.test(
        readFileSync(path.join(repoRoot, "stacks", f), "utf8"),
      ),
    );
    expect(readers.sort()).toEqual(MAPPERS.filter((f) => readers.includes(f)).sort());
    expect(readers).not.toContain("webhook-stack.ts");
    expect(readers).not.toContain("webhook/function-app.ts");
  });

  it("FunctionStorage defaults: LRS, 7-day blob and container soft delete, keys off", () => {
    const json = JSON.parse(
      Testing.synthScope((scope) => {
        new FunctionStorage(scope, "s", { name: "stx", resourceGroupName: "rg", location: "westeurope" });
      }),
    );
    const account = Object.values(json.resource.azurerm_storage_account)[0] as any;
    expect(account).toMatchObject({
      account_replication_type: "LRS",
      shared_access_key_enabled: false,
      blob_properties: { delete_retention_policy: { days: 7 }, container_delete_retention_policy: { days: 7 } },
    });
  });

  it("FunctionStorage goes ZRS when zone-redundant", () => {
    const json = JSON.parse(
      Testing.synthScope((scope) => {
        new FunctionStorage(scope, "s", { name: "stx", resourceGroupName: "rg", location: "x", zoneRedundant: true });
      }),
    );
    expect((Object.values(json.resource.azurerm_storage_account)[0] as any).account_replication_type).toBe("ZRS");
  });

  it("FunctionMonitoring defaults to 30 days of logs", () => {
    const json = JSON.parse(
      Testing.synthScope((scope) => {
        new FunctionMonitoring(scope, "m", { name: "fn", resourceGroupName: "rg", location: "x" });
      }),
    );
    expect(Object.values(json.resource.azurerm_log_analytics_workspace)[0]).toMatchObject({
      name: "log-fn",
      retention_in_days: 30,
    });
  });
});
