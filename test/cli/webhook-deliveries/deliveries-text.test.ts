// The text `webhook-deliveries` prints for each result (src/cli/webhook-deliveries/deliveries-text.ts): what an
// operator reads to decide on a replay, and the next command when one is due.
import { describe, expect, it } from "vitest";
import { renderDeliveryResult } from "../../../src/cli/webhook-deliveries/deliveries-text.js";
import type { DeliverySummary } from "../../../src/deliveries/deliveries.js";

const failed: DeliverySummary = {
  messageId: "m-1",
  state: "failed",
  kind: "Project.Created",
  attempts: 5,
  poisoned: true,
  lastError: "process API answered 503",
  updatedAt: "2025-01-02T03:04:05.000Z",
};

describe("renderDeliveryResult", () => {
  it("lists both queues' depths, then one line per delivery with its flags and last error", () => {
    const text = renderDeliveryResult({
      op: "list",
      listing: {
        deliveries: [
          failed,
          { ...failed, messageId: "m-2", state: "processed", poisoned: false, lastError: undefined },
        ],
        queue: { name: "webhook-deliveries", approximateMessages: 3 },
        poison: { name: "webhook-deliveries-poison", approximateMessages: 1 },
      },
    });
    expect(text.split("\n")).toEqual([
      "queue webhook-deliveries: 3 message(s); poison queue webhook-deliveries-poison: 1 message(s)",
      "m-1  failed POISONED  Project.Created  attempts 5  updated 2025-01-02T03:04:05.000Z",
      "    last error: process API answered 503",
      "m-2  processed  Project.Created  attempts 5  updated 2025-01-02T03:04:05.000Z",
    ]);
  });

  it("says when no delivery matches the listing's filters", () => {
    const text = renderDeliveryResult({
      op: "list",
      listing: {
        deliveries: [],
        queue: { name: "q", approximateMessages: 0 },
        poison: { name: "q-poison", approximateMessages: 0 },
      },
    });
    expect(text).toMatch(/\nno deliveries match$/);
  });

  it("shows a poisoned delivery with the command that replays it, and names an unknown id", () => {
    const shown = renderDeliveryResult({
      op: "show",
      messageId: "m-1",
      detail: { ...failed, bodyHash: "abc", response: { received: true, messageId: "m-1" }, queued: undefined },
      poisonQueue: "webhook-deliveries-poison",
    });
    expect(shown).toContain("  body hash: abc");
    expect(shown).toContain(`  acknowledged with: {"received":true,"messageId":"m-1"}`);
    expect(shown).toContain(
      "  in the poison queue webhook-deliveries-poison: replay it with npm run webhook-deliveries -- replay m-1 --yes",
    );
    expect(renderDeliveryResult({ op: "show", messageId: "m-9", detail: undefined, poisonQueue: "p" })).toBe(
      "no delivery with x-fv-messageid m-9",
    );
  });

  it("words each replay verdict: a dry run asks for --yes, a refusal and a miss give their reason", () => {
    const replay = (verdict: Parameters<typeof renderDeliveryResult>[0] & { op: "replay" }) =>
      renderDeliveryResult(verdict);
    expect(
      replay({
        op: "replay",
        verdict: { outcome: "would-replay", messageId: "m-1", source: "poison queue", kind: "Project.Created" },
      }),
    ).toBe("dry run: would replay m-1 (Project.Created) from the poison queue; add --yes to do it");
    expect(
      replay({
        op: "replay",
        verdict: { outcome: "replayed", messageId: "m-1", source: "record", kind: "Project.Created" },
      }),
    ).toBe("replayed m-1 (Project.Created) from the record");
    expect(replay({ op: "replay", verdict: { outcome: "refused", messageId: "m-2", reason: "processed" } })).toBe(
      "refused: m-2: processed",
    );
    expect(replay({ op: "replay", verdict: { outcome: "not-found", messageId: "m-3", reason: "no record" } })).toBe(
      "nothing to replay: m-3: no record",
    );
  });

  it("replays the poison queue: the messages it would move, and the unreadable ones it leaves", () => {
    const replay = {
      outcome: "would-replay" as const,
      messages: [{ messageId: null, kind: "Project.Created", queueMessageId: "q-1" }],
      unreadable: [{ queueMessageId: "q-2", error: "not JSON" }],
    };
    expect(renderDeliveryResult({ op: "replay-all", replay, apply: false }).split("\n")).toEqual([
      "dry run: would replay 1 message(s): (no message id) Project.Created; add --yes to do it",
      "left in the poison queue (unreadable): q-2: not JSON",
    ]);
    expect(
      renderDeliveryResult({ op: "replay-all", replay: { ...replay, messages: [], unreadable: [] }, apply: true }),
    ).toBe("the poison queue holds no replayable message");
  });
});
