// What the local host hands to the receiver's core in place of what the Functions host hands it: the request and
// the invocation (the core's WebhookRequest and Invocation; no faked InvocationContext).
import { describe, expect, it } from "vitest";
import { AdapterRequest, localInvocation, resolveTarget } from "../../../local/webhook/adapter-request.js";
import { RequestCorrelation, requestIdOf } from "../../../webhook/src/request-context.js";
import { isValidTraceparent } from "../../../webhook/src/trace.js";

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
    const seen: string[] = [];
    req.headers.forEach((value, name) => seen.push(`${name}=${value}`));
    expect(seen).toEqual(["content-type=application/json", "x-multi=a, b"]);
  });
});

describe("localInvocation", () => {
  const TP = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
  const request = (traceparent?: string) =>
    new AdapterRequest("POST", "http://h/api/webhooks", traceparent ? { traceparent } : {}, Buffer.alloc(0));

  it("gives every request a new invocation id, which becomes the request id", () => {
    const a = localInvocation(undefined, () => {});
    const b = localInvocation(undefined, () => {});
    expect(a.invocationId).not.toBe(b.invocationId);
    expect(requestIdOf(a)).toBe(a.invocationId);
  });

  it("passes a valid traceparent on and starts a trace otherwise, as the host does", () => {
    expect(
      new RequestCorrelation(
        request(TP),
        localInvocation(TP, () => {}),
        "r",
      ).traceId,
    ).toBe(TP);
    const fresh = new RequestCorrelation(
      request("garbage"),
      localInvocation("garbage", () => {}),
      "r",
    );
    expect(fresh.traceId).not.toBe("garbage");
    expect(isValidTraceparent(fresh.traceId)).toBe(true);
    expect(fresh.traceId).toBe(fresh.traceId);
  });

  it("sends the invocation's log lines to the dev server's sink", () => {
    const lines: string[] = [];
    localInvocation(undefined, (level, line) => lines.push(`${level}:${line}`)).logSink("warn", "x");
    expect(lines).toEqual(["warn:x"]);
  });
});
