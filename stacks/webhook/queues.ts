// The webhook receiver's delivery queue and its poison queue (issue 16): created in the function app's own storage
// account, each with a role assignment for the app's identity scoped to that queue alone (Storage Queue Data
// Contributor: send, read, update and delete messages; least privilege: no other queue, no account-wide grant),
// and the app settings the receiver and the Functions host read: the identity-based queue connection
// WEBHOOK_QUEUE__queueServiceUri (+ __credential), the queue name, and the queue trigger's host settings
// (maxDequeueCount, visibilityTimeout) as app settings that override host.json
// (learn.microsoft.com/azure/azure-functions/functions-host-json#override-hostjson-values). The names are the
// receiver's (webhook/src/settings.ts); they are spelled out here because stacks/ does not import webhook/.
import { RoleAssignment } from "@cdktf/provider-azurerm/lib/role-assignment/index.js";
import { StorageQueue } from "@cdktf/provider-azurerm/lib/storage-queue/index.js";
import { Construct } from "constructs";
import { ROLES } from "../roles.js";

const DEFAULT_DELIVERY_QUEUE = "webhook-deliveries";
/** The Functions host moves a message here after maxDequeueCount failed attempts. */
const poisonQueueName = (queue: string) => `${queue}-poison`;
const DEFAULT_MAX_DEQUEUE_COUNT = 5;
const DEFAULT_VISIBILITY_TIMEOUT = "00:00:30";
/** The connection name of the receiver's queue trigger (settings prefix). */
const QUEUE_CONNECTION = "WEBHOOK_QUEUE";
const HOST_QUEUES = "AzureFunctionsJobHost__extensions__queues__";

/** How the queue behaves; the same values feed the app settings (before the app exists) and the construct. */
export interface WebhookQueueOptions {
  /** Default webhook-deliveries. */
  queueName?: string;
  /** Attempts before the poison queue (1-100; default 5). */
  maxDequeueCount?: number;
  /** Time between attempts, hh:mm:ss (default 00:00:30). */
  visibilityTimeout?: string;
}

export interface WebhookQueuesProps extends WebhookQueueOptions {
  /** The function app's storage account. */
  storageAccount: { id: string; name: string };
  /** The function app's system-assigned identity. */
  principalId: string;
}

/** Pure, validated: the queue name and host settings, defaults filled in; throws naming a bad value. */
function queueOptions(o: WebhookQueueOptions = {}): Required<WebhookQueueOptions> {
  const queueName = o.queueName ?? DEFAULT_DELIVERY_QUEUE;
  const maxDequeueCount = o.maxDequeueCount ?? DEFAULT_MAX_DEQUEUE_COUNT;
  const visibilityTimeout = o.visibilityTimeout ?? DEFAULT_VISIBILITY_TIMEOUT;
  if (!/^(?!.*--)[a-z0-9][a-z0-9-]{1,55}[a-z0-9]$/.test(queueName))
    throw new Error(
      `webhook queue name ${JSON.stringify(queueName)}: expected 3-57 lowercase letters, digits and single hyphens`,
    );
  if (!Number.isInteger(maxDequeueCount) || maxDequeueCount < 1 || maxDequeueCount > 100)
    throw new Error(`webhook queue maxDequeueCount ${maxDequeueCount}: expected a whole number 1-100`);
  if (!/^\d{2}:[0-5]\d:[0-5]\d$/.test(visibilityTimeout))
    throw new Error(`webhook queue visibilityTimeout ${JSON.stringify(visibilityTimeout)}: expected hh:mm:ss`);
  return { queueName, maxDequeueCount, visibilityTimeout };
}

/**
 * Pure: the app settings for the queue (identity-based connection, name, host settings). Needs only the account
 * name, so the stack can pass them to the function app before the app (and its identity) exists.
 */
export function webhookQueueAppSettings(accountName: string, o: WebhookQueueOptions = {}): Record<string, string> {
  const q = queueOptions(o);
  return {
    DELIVERY_PROCESSING: "queue",
    [`${QUEUE_CONNECTION}__queueServiceUri`]: queueServiceUri(accountName),
    [`${QUEUE_CONNECTION}__credential`]: "managedidentity",
    WEBHOOK_QUEUE_NAME: q.queueName,
    [`${HOST_QUEUES}maxDequeueCount`]: String(q.maxDequeueCount),
    [`${HOST_QUEUES}visibilityTimeout`]: q.visibilityTimeout,
  };
}

function queueServiceUri(accountName: string): string {
  return `https://${accountName}.queue.core.windows.net`;
}

export class WebhookQueues extends Construct {
  readonly queue: StorageQueue;
  readonly poison: StorageQueue;
  /** App settings to merge into the function app's. */
  readonly appSettings: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: WebhookQueuesProps) {
    super(scope, id);
    const name = queueOptions(props).queueName;

    // storage_account_id (not the deprecated storage_account_name): azurerm then manages the queue through the
    // Resource Manager API, so no shared key is needed (the account has keys off). Grants are scoped to each
    // queue's resource_manager_id (azurerm docs: "The Resource Manager ID of this Storage Queue").
    this.queue = new StorageQueue(this, "deliveries", { name, storageAccountId: props.storageAccount.id });
    this.poison = new StorageQueue(this, "poison", {
      name: poisonQueueName(name),
      storageAccountId: props.storageAccount.id,
    });
    for (const [rid, q, why] of [
      ["deliveries-data", this.queue, "Webhook receiver: sends, receives and deletes deliveries"],
      ["poison-data", this.poison, "Webhook receiver: the host moves poisoned deliveries here; operators replay them"],
    ] as const)
      new RoleAssignment(this, rid, {
        scope: q.resourceManagerId,
        roleDefinitionName: ROLES.storageQueueDataContributor,
        principalId: props.principalId,
        principalType: "ServicePrincipal",
        description: why,
      });

    this.appSettings = webhookQueueAppSettings(props.storageAccount.name, props);
  }
}
