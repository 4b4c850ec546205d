// The webhook delivery queues construct, synthesized on its own: both queues in the given account, a queue-scoped
// Storage Queue Data Contributor assignment each for the app's identity, and the app settings the receiver reads
// (checked against the receiver's own settings parser, so the names cannot drift).
import { Testing, TerraformStack } from "cdktf";
import { describe, expect, it } from "vitest";
import { WebhookQueues } from "../../stacks/webhook/queues.js";
import { loadSettings } from "../../webhook/src/settings.js";
import { all } from "./harness.js";

function synthQueues(props: Partial<ConstructorParameters<typeof WebhookQueues>[2]> = {}) {
  const stack = new TerraformStack(Testing.app(), "queues");
  const queues = new WebhookQueues(stack, "queues", {
    storageAccount: {
      id: "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/stfn",
      name: "stfn",
    },
    principalId: "00000000-0000-0000-0000-0000000000aa",
    ...props,
  });
  stack.prepareStack();
  return { json: JSON.parse(Testing.synth(stack)), queues };
}

describe("webhook queues construct", () => {
  it("creates the delivery queue and its poison queue in the function's storage account", () => {
    const { json } = synthQueues();
    expect(all(json, "azurerm_storage_queue").map((q) => [q.name, q.storage_account_id])).toEqual([
      ["webhook-deliveries", "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/stfn"],
      [
        "webhook-deliveries-poison",
        "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/stfn",
      ],
    ]);
  });

  it("grants the app's identity Storage Queue Data Contributor on each queue only (least privilege)", () => {
    const { json } = synthQueues();
    const grants = all(json, "azurerm_role_assignment");
    expect(grants).toHaveLength(2);
    for (const g of grants) {
      expect(g).toMatchObject({
        role_definition_name: "Storage Queue Data Contributor",
        principal_id: "00000000-0000-0000-0000-0000000000aa",
        principal_type: "ServicePrincipal",
      });
      expect(g.scope).toMatch(
        /^\$\{azurerm_storage_queue\.queues_(deliveries|poison)_[A-Z0-9]+\.resource_manager_id\}$/,
      );
    }
    expect(new Set(grants.map((g) => g.scope)).size).toBe(2);
  });

  it("emits identity-based connection settings and host settings the receiver accepts", () => {
    const { queues } = synthQueues({ maxDequeueCount: 8, visibilityTimeout: "00:01:00" });
    expect(queues.appSettings).toEqual({
      DELIVERY_PROCESSING: "queue",
      WEBHOOK_QUEUE__queueServiceUri: "https://stfn.queue.core.windows.net",
      WEBHOOK_QUEUE__credential: "managedidentity",
      WEBHOOK_QUEUE_NAME: "webhook-deliveries",
      AzureFunctionsJobHost__extensions__queues__maxDequeueCount: "8",
      AzureFunctionsJobHost__extensions__queues__visibilityTimeout: "00:01:00",
    });
    const settings = loadSettings({ ...queues.appSettings });
    expect(settings.processing).toEqual({
      kind: "queue",
      queueName: "webhook-deliveries",
      target: { queueServiceUri: "https://stfn.queue.core.windows.net" },
      maxDequeueCount: 8,
      visibilityTimeoutMs: 60_000,
    });
  });

  it("refuses a bad queue name or host setting at synth time, naming it", () => {
    expect(() => synthQueues({ queueName: "Bad_Queue" })).toThrow(/queue name "Bad_Queue"/);
    expect(() => synthQueues({ maxDequeueCount: 0 })).toThrow(/maxDequeueCount 0/);
    expect(() => synthQueues({ visibilityTimeout: "30s" })).toThrow(/visibilityTimeout "30s"/);
  });
});
