// What the local adapter hands to handlers in place of the host's HttpRequest and InvocationContext.
import { describe, expect, it } from "vitest";
import { AdapterContext, AdapterRequest, resolveTarget } from "../../local/webhook/adapter-request.js";
import { isValidTraceparent } from "../../webhook/src/trace.js";

describe("resolveTarget", () => {
  it("takes a plain origin-form target as it is, query apart", () => {
    expect(resolveTarget("/api/webhooks", "127.0.0.1:7071")).toEqual({
      href: "http://127.0.0.1:7071/api/webhooks",
      pathname: "/api/webhooks",
    });
    expect(resolveTarget("/api/webhooks?code=x", "localhost")).toEqual({
      href: "http://localhost/api/webhooks?code=x",
      pathname: "/api/webhooks",
    });
  });

  it("normalises other targets as WHATWG URL does (dot segments, escapes, absolute form)", () => {
    expect(resolveTarget("/api/x/../webhooks", "h").pathname).toBe("/api/webhooks");
    expect(resolveTarget("/api/web%68ooks", "h").pathname).toBe("/api/web%68ooks");
    expect(resolveTarget("http://other:1/api/webhooks", "h")).toEqual({
      href: "http://other:1/api/webhooks",
      pathname: "/api/webhooks",
    });
  });

  it("falls back to / for a target or host that is not a URL at all", () => {
    expect(resolveTarget("*", "bad host")).toEqual({ href: "http://127.0.0.1/", pathname: "/" });
  });
});

describe("AdapterRequest", () => {
  it("reads headers case-insensitively, joins repeated ones and exposes the body", async () => {
    const body = Buffer.from('{"OrgId":1}');
    const req = new AdapterRequest(
      "POST",
      "http://h/api/webhooks?a=1",
      { "content-type": "application/json", "x-multi": ["a", "b"] },
      body,
    );
    expect(req.headers.get("Content-Type")).toBe("application/json");
    expect(req.headers.get("x-multi")).toBe("a, b");
    expect(req.headers.get("missing")).toBeNull();
    expect(await req.bytes()).toBe(body);
    expect(new Uint8Array(await req.arrayBuffer())).toEqual(new Uint8Array(body));
    expect(await req.json()).toEqual({ OrgId: 1 });
    expect(req.query.get("a")).toBe("1");
  });
});

describe("AdapterContext", () => {
  it("passes a valid traceparent on and starts a trace otherwise, once per invocation", () => {
    const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    expect(new AdapterContext("inv", "webhooks", tp, () => {}).traceContext.traceParent).toBe(tp);
    const fresh = new AdapterContext("inv", "webhooks", "garbage", () => {});
    expect(isValidTraceparent(fresh.traceContext.traceParent)).toBe(true);
    expect(fresh.traceContext).toBe(fresh.traceContext);
  });

  it("routes the log methods to the host's levels", () => {
    const seen: string[] = [];
    const ctx = new AdapterContext("inv", "webhooks", undefined, (level, ...args) =>
      seen.push(`${level}:${args.join(" ")}`),
    );
    ctx.log("a");
    ctx.info("b");
    ctx.warn("c");
    ctx.error("d");
    ctx.debug("e");
    ctx.trace("f");
    expect(seen).toEqual(["information:a", "information:b", "warning:c", "error:d", "debug:e", "trace:f"]);
    expect(ctx.asInvocationContext().invocationId).toBe("inv");
  });
});
