// The one loopback rule (webhook/src/loopback.ts), used by the receiver's settings and, through
// src/config/endpoint.ts, by the CLI, the MCP server and the configuration.
import { describe, expect, it } from "vitest";
import { isLoopback, isLoopbackHost } from "../../webhook/src/loopback.js";
import * as endpoint from "../../src/config/endpoint.js";

describe("the loopback rule", () => {
  it("accepts localhost, ::1 (bare or bracketed) and 127.0.0.0/8 in any case", () => {
    for (const host of ["localhost", "LOCALHOST", "::1", "[::1]", "127.0.0.1", "127.1.2.3"])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it("refuses other hosts, including names that only start like a loopback address", () => {
    for (const host of ["example.com", "127.example.com", "localhost.example.com", "10.0.0.1", "::2", "[::]", ""])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("judges a URL by its host, whatever the scheme; an unparsable URL is not loopback", () => {
    expect(isLoopback("http://127.0.0.1:10002/devstoreaccount1")).toBe(true);
    expect(isLoopback("https://[::1]:8443/")).toBe(true);
    expect(isLoopback("http://localhost")).toBe(true);
    expect(isLoopback("https://acct.table.core.windows.net")).toBe(false);
    expect(isLoopback("127.0.0.1:10002")).toBe(false);
    expect(isLoopback("not a url")).toBe(false);
  });

  it("is the same function in src/ (one rule, not a copy)", () => {
    expect(endpoint.isLoopbackHost).toBe(isLoopbackHost);
    expect(endpoint.isLoopback).toBe(isLoopback);
  });
});
