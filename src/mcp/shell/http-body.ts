// Reading a POST body for the MCP endpoint before the SDK sees it: at most `maxBytes`, within `deadlineMs` of the
// request's start (a client trickling its body does not hold the connection), parsed as JSON. The SDK then gets the
// parsed message (its `parsedBody`), so the server can refuse batches and count tool calls first.
import type { IncomingMessage } from "node:http";

export type BodyRead =
  | { kind: "json"; value: unknown }
  | { kind: "not-json" }
  | { kind: "too-large" }
  | { kind: "too-slow" }
  | { kind: "aborted" };

export function readJsonBody(req: IncomingMessage, maxBytes: number, deadlineMs: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (read: BodyRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
      resolve(read);
    };
    const timer = setTimeout(() => settle({ kind: "too-slow" }), deadlineMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return settle({ kind: "too-large" });
      chunks.push(chunk);
    };
    const onEnd = () => {
      try {
        settle({ kind: "json", value: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown });
      } catch {
        settle({ kind: "not-json" });
      }
    };
    const onError = () => settle({ kind: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onError);
  });
}
