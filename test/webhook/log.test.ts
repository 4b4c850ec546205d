// Structured logs: redaction, lazily built fields, and nothing formatted when the sink drops every line.
import { describe, expect, it } from "vitest";
import { createLogger, discardLogs, REDACTED } from "../../webhook/src/log.js";
import { captureLogs } from "./support/stubs.js";

describe("createLogger", () => {
  it("writes one JSON line with the base fields and redacts credentials", () => {
    const logs = captureLogs();
    createLogger(logs.sink, { requestId: "r1" })
      .with({ messageId: "m1" })
      .info("hello", { authorization: "Bearer abc", note: "eyJa.eyJb.sig", ok: 1 });
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]!.record).toEqual({
      level: "info",
      msg: "hello",
      requestId: "r1",
      messageId: "m1",
      authorization: REDACTED,
      note: REDACTED,
      ok: 1,
    });
  });

  it("builds lazily given fields and base only when a line is written", () => {
    const logs = captureLogs();
    let built = 0;
    const log = createLogger(logs.sink, () => (built++, { requestId: "r2" }));
    log.warn("lazy", () => (built++, { n: 2 }));
    expect(built).toBe(2);
    expect(logs.lines[0]).toMatchObject({ level: "warn", record: { msg: "lazy", requestId: "r2", n: 2 } });
  });

  it("formats nothing over the discarding sink", () => {
    let built = 0;
    const log = createLogger(discardLogs, () => (built++, {}));
    log.with({ a: 1 }).error("dropped", () => (built++, {}));
    expect(built).toBe(0);
  });

  it("still writes a line when fields cannot be serialised", () => {
    const logs = captureLogs();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    createLogger(logs.sink, { requestId: "r3" }).error("cyclic", { cyclic });
    expect(logs.lines[0]!.record).toMatchObject({
      level: "error",
      msg: "cyclic",
      requestId: "r3",
      note: "fields not serialisable",
    });
  });
});
