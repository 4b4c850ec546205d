import { describe, expect, it } from "vitest";
import { build, only, synth } from "./harness.js";

describe("docs-storage stack", () => {
  const json = synth(build().storage);
  const account = only(json, "azurerm_storage_account");

  it("creates the StorageV2 account named by search.storage_account_resource_id", () => {
    expect(account).toMatchObject({
      name: "stdocsdev",
      resource_group_name: "rg-docs-dev",
      location: "westeurope",
      account_kind: "StorageV2",
      account_tier: "Standard",
      account_replication_type: "LRS",
    });
  });

  it("is HTTPS only with TLS 1.2, no public nested items and shared-key access off", () => {
    expect(account).toMatchObject({
      https_traffic_only_enabled: true,
      min_tls_version: "TLS1_2",
      allow_nested_items_to_be_public: false,
      shared_access_key_enabled: false,
      default_to_oauth_authentication: true,
    });
  });

  it("keeps 7 days of blob soft delete, container delete retention, and versioning explicitly off", () => {
    expect(account.blob_properties).toEqual({
      versioning_enabled: false,
      delete_retention_policy: { days: 7 },
      container_delete_retention_policy: { days: 7 },
    });
  });

  it("serves the static website through the separate (non-deprecated) resource", () => {
    expect(account.static_website).toBeUndefined();
    const website = only(json, "azurerm_storage_account_static_website");
    expect(website).toEqual({
      storage_account_id: expect.stringMatching(/^\$\{azurerm_storage_account\.docs\.id\}$/),
      index_document: "index.html",
      error_404_document: "404.html",
    });
  });

  it("follows the config: retention days, replication and shared-key opt-in", () => {
    const custom = only(
      synth(
        build((c) => {
          c.docs_storage!.blob_soft_delete_days = 14;
          c.docs_storage!.container_soft_delete_days = 30;
          c.docs_storage!.replication = "ZRS";
          c.docs_storage!.shared_key_access = true;
        }).storage,
      ),
      "azurerm_storage_account",
    );
    expect(custom.blob_properties.delete_retention_policy).toEqual({ days: 14 });
    expect(custom.blob_properties.container_delete_retention_policy).toEqual({ days: 30 });
    expect(custom.account_replication_type).toBe("ZRS");
    expect(custom.shared_access_key_enabled).toBe(true);
  });

  it("outputs the account id and the web endpoint", () => {
    expect(json.output.storage_account_resource_id.value).toBe("${azurerm_storage_account.docs.id}");
    expect(json.output.primary_web_endpoint.value).toBe("${azurerm_storage_account.docs.primary_web_endpoint}");
  });
});
