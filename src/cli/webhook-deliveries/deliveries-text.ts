// `webhook-deliveries` for people (stdout): the listing, one delivery, what a replay did or would do. `--json`
// prints the result objects themselves (src/deliveries/operations.ts).
import type { DeliverySummary } from "../../deliveries/deliveries.js";
import type { DeliveryResult } from "../../deliveries/operations.js";

function deliveryLine(d: DeliverySummary): string {
  const flags = d.poisoned ? " POISONED" : "";
  return `${d.messageId}  ${d.state}${flags}  ${d.kind ?? "-"}  attempts ${d.attempts}  updated ${d.updatedAt}${d.lastError ? `\n    last error: ${d.lastError}` : ""}`;
}

/** The text of an operation's result. */
export function renderDeliveryResult(r: DeliveryResult): string {
  switch (r.op) {
    case "list":
      return renderListing(r);
    case "show":
      return renderDelivery(r);
    case "replay":
      return renderReplay(r);
    case "replay-all":
      return renderPoisonReplay(r);
  }
}

function renderListing({ listing: l }: Extract<DeliveryResult, { op: "list" }>): string {
  return [
    `queue ${l.queue.name}: ${l.queue.approximateMessages} message(s); poison queue ${l.poison.name}: ${l.poison.approximateMessages} message(s)`,
    ...(l.deliveries.length ? l.deliveries.map(deliveryLine) : ["no deliveries match"]),
  ].join("\n");
}

function renderDelivery({ messageId, detail, poisonQueue }: Extract<DeliveryResult, { op: "show" }>): string {
  if (!detail) return `no delivery with x-fv-messageid ${messageId}`;
  const delivery = detail.queued;
  return [
    deliveryLine(detail),
    `  body hash: ${detail.bodyHash ?? "-"}`,
    `  acknowledged with: ${JSON.stringify(detail.response ?? null)}`,
    delivery
      ? `  forwarded headers: ${Object.keys(delivery.forward).join(", ") || "none (x-forward-tenant-origin missing)"}`
      : "",
    detail.poisoned
      ? `  in the poison queue ${poisonQueue}: replay it with npm run webhook-deliveries -- replay ${messageId} --yes`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}

function renderReplay({ verdict: v }: Extract<DeliveryResult, { op: "replay" }>): string {
  const id = v.messageId;
  if (v.outcome === "refused") return `refused: ${id}: ${v.reason}`;
  if (v.outcome === "not-found") return `nothing to replay: ${id}: ${v.reason}`;
  return v.outcome === "replayed"
    ? `replayed ${id} (${v.kind}) from the ${v.source}`
    : `dry run: would replay ${id} (${v.kind}) from the ${v.source}; add --yes to do it`;
}

function renderPoisonReplay({ replay: r, apply }: Extract<DeliveryResult, { op: "replay-all" }>): string {
  return [
    r.messages.length === 0
      ? "the poison queue holds no replayable message"
      : `${apply ? "replayed" : "dry run: would replay"} ${r.messages.length} message(s): ${r.messages.map((m) => `${m.messageId ?? "(no message id)"} ${m.kind}`).join(", ")}${apply ? "" : "; add --yes to do it"}`,
    ...r.unreadable.map((u) => `left in the poison queue (unreadable): ${u.queueMessageId}: ${u.error}`),
  ].join("\n");
}
