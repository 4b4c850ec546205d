import { describe, expect, it } from "vitest";
import {
  buildDeliveryMessage,
  decodeMessage,
  encodeMessage,
  forwardedHeaders,
  kindOf,
  MESSAGE_VERSION,
} from "../../../webhook/src/delivery/message.js";
import { readWebhookPayload } from "../../../webhook/src/payload/parse.js";

const payload = (() => {
  const read = readWebhookPayload({ Object: "Project", Event: "Created", OrgId: 7, ProjectId: 42 });
  if (!read.ok) throw new Error(read.detail);
  return read.payload;
})();
const correlation = { traceId: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", requestId: "req-1" };
const at = new Date("2026-11-28T10:00:00.000Z");

describe("the delivery message", () => {
  it("carries the delivery's headers, payload, forwarded headers and trace; absent headers stay absent", () => {
    const m = buildDeliveryMessage(
      { messageId: "m-1", timestamp: "2026-11-28T09:59:59.123Z" },
      payload,
      { "x-forward-tenant-origin": "corp" },
      correlation,
      at,
    );
    expect(m).toEqual({
      v: MESSAGE_VERSION,
      messageId: "m-1",
      timestamp: "2026-11-28T09:59:59.123Z",
      receivedAt: "2026-11-28T10:00:00.000Z",
      payload,
      forward: { "x-forward-tenant-origin": "corp" },
      traceparent: correlation.traceId,
      requestId: "req-1",
    });
    const bare = buildDeliveryMessage({}, payload, {}, correlation, at);
    expect("messageId" in bare).toBe(false);
    expect("timestamp" in bare).toBe(false);
  });

  it("reads back what it wrote: base64 queue text, JSON text or the host's parsed object", () => {
    const m = buildDeliveryMessage({ messageId: "m-2" }, payload, {}, correlation, at);
    const text = encodeMessage(m);
    expect(text).not.toContain("{");
    for (const raw of [text, JSON.stringify(m), JSON.parse(JSON.stringify(m)) as unknown])
      expect(decodeMessage(raw)).toEqual({ ok: true, message: m });
  });

  it("refuses what is not a delivery message, naming what is wrong", () => {
    expect(decodeMessage("%%% not base64 json")).toEqual({
      ok: false,
      error: "the queue message is not JSON (nor base64-encoded JSON)",
    });
    const wrongVersion = decodeMessage({ ...buildDeliveryMessage({}, payload, {}, correlation, at), v: 2 });
    expect(wrongVersion.ok).toBe(false);
    if (!wrongVersion.ok) expect(wrongVersion.error).toMatch(/^not a delivery message: v /);
    const noOrg = decodeMessage({
      ...buildDeliveryMessage({}, payload, {}, correlation, at),
      payload: { Object: "Note" },
    });
    expect(noOrg.ok).toBe(false);
    if (!noOrg.ok) expect(noOrg.error).toMatch(/^the message's payload is invalid: .*OrgId/);
  });

  it("names a delivery's kind as the provider spelled it, and (none) for a missing part", () => {
    expect(kindOf(payload)).toBe("Project/Created");
    expect(kindOf({ ...payload, event: undefined })).toBe("Project/(none)");
  });

  it("forwards only the tenant-origin header, trimmed, and never an empty one", () => {
    const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });
    expect(forwardedHeaders(headers({ "x-forward-tenant-origin": " corp ", authorization: "Bearer x" }))).toEqual({
      "x-forward-tenant-origin": "corp",
    });
    expect(forwardedHeaders(headers({ "x-forward-tenant-origin": "  " }))).toEqual({});
  });
});
