// The delivery operations' queue port over the Storage queue SDK: each call is one request through the target's
// guard (timeout, deadline, slow notice: src/cli/webhook-deliveries/target.ts). Calls only; what to read, hold,
// release or requeue is decided in ../deliveries.ts.
import type { QueueClient } from "@azure/storage-queue";
import type { DeliveryQueue, RequestGuard } from "../ports.js";

/** No guard: the request as is (library callers that bring their own limits). */
const unguarded: RequestGuard = (_url, send) => send(new AbortController().signal);

export function storageDeliveryQueue(q: QueueClient, guard: RequestGuard = unguarded): DeliveryQueue {
  const send = <T>(request: (abortSignal: AbortSignal) => Promise<T>) => guard(q.url, request);
  return {
    name: q.name,
    exists: () => send((abortSignal) => q.exists({ abortSignal })),
    approximateCount: async () =>
      (await send((abortSignal) => q.getProperties({ abortSignal }))).approximateMessagesCount ?? 0,
    receive: async (count, visibilitySeconds) => {
      const { receivedMessageItems } = await send((abortSignal) =>
        q.receiveMessages({ numberOfMessages: count, visibilityTimeout: visibilitySeconds, abortSignal }),
      );
      return receivedMessageItems.map(({ messageId, popReceipt, messageText }) => ({
        messageId,
        popReceipt,
        messageText,
      }));
    },
    release: async (item) => {
      await send((abortSignal) => q.updateMessage(item.messageId, item.popReceipt, undefined, 0, { abortSignal }));
    },
    send: async (text) => {
      await send((abortSignal) => q.sendMessage(text, { messageTimeToLive: -1, abortSignal }));
    },
    delete: async (item) => {
      await send((abortSignal) => q.deleteMessage(item.messageId, item.popReceipt, { abortSignal }));
    },
  };
}
