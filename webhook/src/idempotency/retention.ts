// Retention of idempotency records: Azure Table Storage has no TTL, so a timer-triggered function deletes records
// last updated before the window (default 7 days: longer than senders' retry horizons of about 3 days, Stripe and
// Standard Webhooks) in small batches, and stops after a bounded number per run so a run stays short.
import type { IdempotencyStore } from "./store.js";

const RETENTION_BATCH_SIZE = 100;
const RETENTION_MAX_BATCHES = 20;
/** Every hour at minute 17 (NCRONTAB with seconds, as the Functions timer trigger reads it). */
export const RETENTION_SCHEDULE = "0 17 * * * *";

export interface RetentionResult {
  cutoff: string;
  deleted: number;
  batches: number;
  /** True when the run stopped at its bound with records left for the next run. */
  more: boolean;
}

/** Pure: the oldest last-update time a record may have to be kept. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * 86_400_000);
}

export async function purgeExpiredRecords(
  store: IdempotencyStore,
  o: { retentionDays: number; batchSize?: number; maxBatches?: number; now?: Date },
): Promise<RetentionResult> {
  const cutoff = retentionCutoff(o.now ?? new Date(), o.retentionDays);
  const batchSize = o.batchSize ?? RETENTION_BATCH_SIZE;
  const maxBatches = o.maxBatches ?? RETENTION_MAX_BATCHES;
  let deleted = 0;
  let batches = 0;
  let more = false;
  while (batches < maxBatches) {
    const n = await store.purgeOlderThan(cutoff, batchSize);
    batches++;
    deleted += n;
    if (n < batchSize) break;
    more = batches === maxBatches;
  }
  return { cutoff: cutoff.toISOString(), deleted, batches, more };
}
