// W3C trace context ids and the problem `instance` path.
import { describe, expect, it } from "vitest";
import { pathOf } from "../../webhook/src/request-context.js";
import { chooseTraceparent, childTraceparent, isValidTraceparent, newTraceparent } from "../../webhook/src/trace.js";

describe("trace context", () => {
  it("mints valid, distinct traceparents (many, across refills of the random pool)", () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => newTraceparent()));
    expect(ids.size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it("rejects version ff and all-zero ids, and keeps the first valid candidate", () => {
    expect(isValidTraceparent("ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")).toBe(false);
    expect(isValidTraceparent(`00-${"0".repeat(32)}-00f067aa0ba902b7-01`)).toBe(false);
    expect(isValidTraceparent(`00-4bf92f3577b34da6a3ce929d0e0e4736-${"0".repeat(16)}-01`)).toBe(false);
    const host = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    expect(chooseTraceparent("nonsense", ` ${host} `)).toBe(host);
  });

  it("a child keeps the trace id and flags with a new span id", () => {
    const parent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const child = childTraceparent(parent);
    expect(child).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
    expect(child).not.toBe(parent);
  });
});

describe("pathOf", () => {
  it("is the path of an absolute URL, without query or fragment", () => {
    expect(pathOf("http://localhost:7071/api/webhooks?code=1#x")).toBe("/api/webhooks");
    expect(pathOf("https://fn.azurewebsites.net")).toBe("/");
    expect(pathOf("not a url")).toBe("/");
  });
});
