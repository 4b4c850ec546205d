// FunctionStorage on its own, with its defaults: LRS, 7 days of blob and container soft delete, keys off.
import { Testing } from "cdktf";
import { describe, expect, it } from "vitest";
import { FunctionStorage } from "../../../stacks/constructs/function-storage.js";
import { only } from "../harness.js";

const synthStorage = (props: Partial<ConstructorParameters<typeof FunctionStorage>[2]> = {}) =>
  JSON.parse(
    Testing.synthScope((scope) => {
      new FunctionStorage(scope, "s", { name: "stx", resourceGroupName: "rg", location: "westeurope", ...props });
    }),
  );

describe("FunctionStorage", () => {
  it("defaults to LRS, 7-day blob and container soft delete, keys off", () => {
    expect(only(synthStorage(), "azurerm_storage_account")).toMatchObject({
      account_replication_type: "LRS",
      shared_access_key_enabled: false,
      blob_properties: { delete_retention_policy: { days: 7 }, container_delete_retention_policy: { days: 7 } },
    });
  });

  it("goes ZRS when zone-redundant", () => {
    expect(only(synthStorage({ zoneRedundant: true }), "azurerm_storage_account").account_replication_type).toBe("ZRS");
  });
});
