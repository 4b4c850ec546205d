// Operations over the webhook receiver's idempotency records and poison queue (the core of
// `npm run webhook-deliveries`): list, show, and replay a poisoned delivery (one by message id, or every message
// in the poison queue) back onto the delivery queue. Replays change nothing unless `apply` is set (the CLI's dry
// run). The store and the queues are ports (./ports.ts); the Storage queue adapter is io/storage-queue.ts.
import { decodeMessage, encodeMessage, kindOf, type DeliveryMessage } from "../../webhook/src/delivery/message.js";
import type { DeliveryRecord, DeliveryState } from "../../webhook/src/idempotency/store.js";
import type { DeliveryQueue, OpsTarget, QueueItem } from "./ports.js";

/** How long a poison message read for a replay stays hidden from other readers. */
const SCAN_VISIBILITY_SECONDS = 60;

export interface DeliverySummary {
  messageId: string;
  state: DeliveryState;
  kind?: string;
  attempts: number;
  poisoned: boolean;
  lastError?: string;
  receivedAt?: string;
  updatedAt: string;
}

export function summarize(r: DeliveryRecord): DeliverySummary {
  const s: DeliverySummary = {
    messageId: r.messageId,
    state: r.state,
    attempts: r.attempts,
    poisoned: Boolean(r.poisoned),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.kind) s.kind = r.kind;
  if (r.lastError) s.lastError = r.lastError;
  if (r.receivedAt) s.receivedAt = r.receivedAt.toISOString();
  return s;
}

export interface Listing {
  deliveries: DeliverySummary[];
  queue: { name: string; approximateMessages: number };
  poison: { name: string; approximateMessages: number };
}

async function countOf(q: DeliveryQueue): Promise<number> {
  return (await q.exists()) ? q.approximateCount() : 0;
}

/** Records (newest update first), with the two queues' approximate sizes. `poisoned` filters on the flag. */
export async function listDeliveries(
  t: OpsTarget,
  o: { states?: DeliveryState[]; poisoned?: boolean; limit?: number } = {},
): Promise<Listing> {
  const records = await t.store.list({ states: o.poisoned ? ["failed"] : o.states });
  const deliveries = records
    .filter((r) => !o.poisoned || r.poisoned)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
    .slice(0, o.limit ?? 50)
    .map(summarize);
  const [q, p] = await Promise.all([countOf(t.queue), countOf(t.poison)]);
  return {
    deliveries,
    queue: { name: t.queue.name, approximateMessages: q },
    poison: { name: t.poison.name, approximateMessages: p },
  };
}

/** A poison message read for a replay (hidden from other readers until deleted or released). */
interface HeldMessage {
  item: QueueItem;
  message: DeliveryMessage | undefined;
  error?: string;
}

/** Reads every poison message (each hidden for a minute); `keep` decides which stay held, the others are released. */
async function holdPoison(t: OpsTarget, keep: (m: HeldMessage) => boolean): Promise<HeldMessage[]> {
  if (!(await t.poison.exists())) return [];
  const all: HeldMessage[] = [];
  // Read until the queue shows nothing visible: everything read stays hidden meanwhile, so nothing is read twice.
  for (;;) {
    const items = await t.poison.receive(32, SCAN_VISIBILITY_SECONDS);
    if (items.length === 0) break;
    for (const item of items) {
      const decoded = decodeMessage(item.messageText);
      all.push(decoded.ok ? { item, message: decoded.message } : { item, message: undefined, error: decoded.error });
    }
  }
  const held = all.filter(keep);
  await release(
    t,
    all.filter((h) => !held.includes(h)),
  );
  return held;
}

async function release(t: OpsTarget, held: HeldMessage[]): Promise<void> {
  await Promise.all(held.map((h) => t.poison.release(h.item)));
}

/** Sends the message back to the delivery queue, removes its poison copy, and marks the record received. */
async function requeue(t: OpsTarget, message: DeliveryMessage, held?: HeldMessage): Promise<void> {
  await t.queue.send(encodeMessage(message));
  if (held) await t.poison.delete(held.item);
  if (message.messageId)
    await t.store.recordOutcome(message.messageId, { state: "received", attempts: 0, poisoned: false });
}

export type ReplayVerdict =
  | { outcome: "replayed" | "would-replay"; messageId: string; source: "poison queue" | "record"; kind: string }
  | { outcome: "not-found"; messageId: string; reason: string }
  | { outcome: "refused"; messageId: string; reason: string };

/** Replays one delivery by its x-fv-messageid: from its poison message, else from the message kept in its record. */
export async function replayOne(t: OpsTarget, messageId: string, apply: boolean): Promise<ReplayVerdict> {
  const record = await t.store.get(messageId);
  if (record?.state === "processed")
    return {
      outcome: "refused",
      messageId,
      reason: "it was processed already (its case exists); replaying would run its handler again",
    };
  if (record && record.state !== "failed")
    return {
      outcome: "refused",
      messageId,
      reason: `it is ${record.state}: the queue still holds it and processes it`,
    };
  if (record && !record.poisoned)
    return {
      outcome: "refused",
      messageId,
      reason: `its last attempt (${record.attempts}) failed but the host is still retrying it; wait until it is poisoned or processed`,
    };
  const held = await holdPoison(t, (h) => h.message?.messageId === messageId);
  const [first, ...extra] = held;
  await release(t, extra);
  const message = first?.message ?? record?.delivery;
  if (!message) {
    return {
      outcome: "not-found",
      messageId,
      reason: record
        ? "no poison message and no stored delivery for it (stored before replays were possible?)"
        : "no record and no poison message with this x-fv-messageid",
    };
  }
  const source = first ? "poison queue" : "record";
  if (!apply) {
    if (first) await release(t, [first]);
    return { outcome: "would-replay", messageId, source, kind: kindOf(message.payload) };
  }
  await requeue(t, message, first);
  return { outcome: "replayed", messageId, source, kind: kindOf(message.payload) };
}

export interface PoisonReplay {
  outcome: "replayed" | "would-replay";
  messages: { messageId: string | null; kind: string; queueMessageId: string }[];
  unreadable: { queueMessageId: string; error: string }[];
}

/** Replays every readable message in the poison queue; unreadable ones stay there and are reported. */
export async function replayAllPoison(t: OpsTarget, apply: boolean): Promise<PoisonReplay> {
  const held = await holdPoison(t, () => true);
  const readable = held.filter((h) => h.message !== undefined);
  const unreadable = held.filter((h) => h.message === undefined);
  await release(t, unreadable);
  if (!apply) await release(t, readable);
  else for (const h of readable) await requeue(t, h.message!, h);
  return {
    outcome: apply ? "replayed" : "would-replay",
    messages: readable.map((h) => ({
      messageId: h.message!.messageId ?? null,
      kind: kindOf(h.message!.payload),
      queueMessageId: h.item.messageId,
    })),
    unreadable: unreadable.map((h) => ({ queueMessageId: h.item.messageId, error: h.error ?? "unreadable" })),
  };
}
