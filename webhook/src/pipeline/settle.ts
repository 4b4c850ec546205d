// After the acceptance: settle the claim (the record then answers redeliveries) or, when accepting failed,
// release it (a redelivery is handled afresh). Neither rejects: the answer is already decided, and a record
// left as claimed is settled by the consumer's outcome or taken over once its lease expires.
import type { IdempotencyStore, SettledDelivery } from "../idempotency/store.js";
import type { Logger } from "../log.js";

export async function settleClaim(
  store: IdempotencyStore,
  messageId: string,
  token: string,
  settled: SettledDelivery,
  log: Logger,
): Promise<void> {
  try {
    await store.settle(messageId, token, settled);
  } catch (err) {
    // The claim carries the answer, so a redelivery is answered once the consumer records an outcome; the
    // consumer skips a processed id.
    if ((err as { cause?: { statusCode?: number } }).cause?.statusCode === 412)
      log.info("the consumer recorded its outcome before the 'received' mark; the record keeps the outcome");
    else
      log.error("accepted, but the idempotency record could not be marked; the consumer's outcome will settle it", {
        error: (err as Error).message,
      });
  }
}

export async function releaseClaim(store: IdempotencyStore, messageId: string, token: string, log: Logger) {
  try {
    await store.release(messageId, token);
  } catch (err) {
    log.error("could not release the claim; a redelivery is handled once the lease expires", {
      error: (err as Error).message,
    });
  }
}
