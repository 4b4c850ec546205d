import { describe, expect, it } from "vitest";
import { all, build, only, synth } from "./harness.js";

const DOCS_ID =
  "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev/providers/Microsoft.Storage/storageAccounts/stdocsdev";
const PRINCIPAL = "${azurerm_search_service.search.identity[0].principal_id}";

describe("docs-search stack", () => {
  const json = synth(build().search);
  const service = only(json, "azurerm_search_service");
  const assignments = all(json, "azurerm_role_assignment");
  const byRole = (role: string) => assignments.filter((a) => a.role_definition_name === role);

  it("creates the service with SKU, replicas and partitions from the config", () => {
    expect(service).toMatchObject({
      name: "srch-docs-dev",
      sku: "basic",
      replica_count: 1,
      partition_count: 1,
      resource_group_name: "rg-docs-dev",
      location: "westeurope",
    });
  });

  it("turns the semantic ranker on, uses a system-assigned identity and allows RBAC only", () => {
    expect(service.semantic_search_sku).toBe("free");
    expect(service.identity).toEqual({ type: "SystemAssigned" });
    expect(service.local_authentication_enabled).toBe(false);
    expect(service.authentication_failure_mode).toBeUndefined();
  });

  it("lets the search identity read the docs account (and nothing more)", () => {
    expect(byRole("Storage Blob Data Reader").filter((a) => a.principal_id === PRINCIPAL)).toEqual([
      expect.objectContaining({ scope: DOCS_ID, principal_id: PRINCIPAL, principal_type: "ServicePrincipal" }),
    ]);
  });

  it("gives the deploy principal Search Service Contributor and Search Index Data Contributor on the service", () => {
    for (const role of ["Search Service Contributor", "Search Index Data Contributor"]) {
      expect(byRole(role)).toEqual([
        expect.objectContaining({
          scope: "${azurerm_search_service.search.id}",
          principal_id: "22222222-2222-2222-2222-222222222222",
        }),
      ]);
    }
  });

  it("gives every query identity Search Index Data Reader, and Storage Blob Data Reader on the docs container only", () => {
    const many = synth(
      build((c) => {
        c.search_service!.query_identities = [
          { name: "agent", object_id: "44444444-4444-4444-4444-444444444444", principal_type: "ServicePrincipal" },
          { name: "readers", object_id: "55555555-5555-5555-5555-555555555555", principal_type: "Group" },
        ];
      }).search,
    );
    const readers = all(many, "azurerm_role_assignment").filter(
      (a) => a.role_definition_name === "Search Index Data Reader",
    );
    expect(readers.map((r) => [r.principal_id, r.principal_type, r.scope])).toEqual([
      ["44444444-4444-4444-4444-444444444444", "ServicePrincipal", "${azurerm_search_service.search.id}"],
      ["55555555-5555-5555-5555-555555555555", "Group", "${azurerm_search_service.search.id}"],
    ]);
    const pageReaders = all(many, "azurerm_role_assignment").filter(
      (a) =>
        a.role_definition_name === "Storage Blob Data Reader" &&
        a.principal_id !== "${azurerm_search_service.search.identity[0].principal_id}",
    );
    expect(pageReaders.map((r) => [r.principal_id, r.scope])).toEqual([
      [
        "44444444-4444-4444-4444-444444444444",
        expect.stringMatching(/\/storageAccounts\/[^/]+\/blobServices\/default\/containers\/\$web$/),
      ],
      ["55555555-5555-5555-5555-555555555555", expect.stringMatching(/\/blobServices\/default\/containers\/\$web$/)],
    ]);
    expect(all(many, "azurerm_role_assignment")).toHaveLength(7);
  });

  it("follows the config's sku, replicas, partitions and semantic plan", () => {
    const s = only(
      synth(
        build((c) => {
          Object.assign(c.search_service!, {
            sku: "standard",
            replicas: 3,
            partitions: 2,
            semantic_ranker: "standard",
            name: "srch-docs-prod",
          });
          c.search.endpoint = "https://srch-docs-prod.search.windows.net";
        }).search,
      ),
      "azurerm_search_service",
    );
    expect(s).toMatchObject({ sku: "standard", replica_count: 3, partition_count: 2, semantic_search_sku: "standard" });
  });

  it("leaves the semantic ranker off when the config says disabled (agentic retrieval then refused at the edge)", () => {
    const off = only(
      synth(build((c) => (c.search_service!.semantic_ranker = "disabled")).search),
      "azurerm_search_service",
    );
    expect(off.semantic_search_sku).toBeUndefined();
  });

  it("gives a query identity exactly what agentic retrieval and page reading need: Search Index Data Reader, Storage Blob Data Reader on the container", () => {
    // docs/infrastructure.md: retrieve on a knowledge base without a model is a read of the index's documents; the
    // knowledge source and base are created by the deploy principal (Search Service Contributor).
    const agent = "33333333-3333-3333-3333-333333333333";
    expect(assignments.filter((a) => a.principal_id === agent)).toEqual([
      expect.objectContaining({
        role_definition_name: "Search Index Data Reader",
        scope: "${azurerm_search_service.search.id}",
      }),
      expect.objectContaining({
        role_definition_name: "Storage Blob Data Reader",
        scope: `${DOCS_ID}/blobServices/default/containers/$web`,
      }),
    ]);
    expect(service.semantic_search_sku).toBe("free");
  });

  it("outputs what the search definitions' placeholders need", () => {
    expect(json.output.search_endpoint.value).toBe("https://srch-docs-dev.search.windows.net");
    expect(json.output.storage_account_resource_id.value).toBe(DOCS_ID);
  });
});
