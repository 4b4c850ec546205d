// Who may reach `docs-index mcp --http`, the pure access policy (src/mcp/core/http-policy.ts): bind, Origin,
// Host, bearer.
import { describe, expect, it } from "vitest";
import { bearerToken, bindRefusal, hostAllowed, originAllowed } from "../../../src/mcp/core/http-policy.js";

describe("access policy", () => {
  it("binds loopback freely and anything else only with token validation configured", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]"])
      expect(bindRefusal(host, false), host).toBeUndefined();
    expect(bindRefusal("0.0.0.0", false)).toMatch(/needs token validation.*mcp\.auth/);
    expect(bindRefusal("0.0.0.0", true)).toBeUndefined();
  });
  it("refuses public host names without token validation, even on a loopback bind", () => {
    expect(bindRefusal("127.0.0.1", false, ["docs-mcp.example.com"])).toMatch(
      /^refusing to serve public host names \(mcp\.public_hosts: docs-mcp\.example\.com\) without token validation/,
    );
    expect(bindRefusal("127.0.0.1", true, ["docs-mcp.example.com"])).toBeUndefined();
  });
  it("accepts no Origin, loopback origins and configured ones; refuses others and non-loopback Hosts", () => {
    expect(originAllowed(undefined, [])).toBe(true);
    expect(originAllowed("http://localhost:6274", [])).toBe(true);
    expect(originAllowed("https://evil.example.com", [])).toBe(false);
    expect(originAllowed("https://agents.example.com", ["https://agents.example.com"])).toBe(true);
    expect(originAllowed("null", [])).toBe(false);
    expect(hostAllowed("127.0.0.1:8080", true)).toBe(true);
    expect(hostAllowed("evil.example.com:8080", true)).toBe(false);
    expect(hostAllowed("mcp.example.com", false)).toBe(true);
    // Behind the Functions host (a loopback bind) the Host is the app's public name: configured, it passes.
    expect(hostAllowed("func-docs-mcp.azurewebsites.net", true, ["func-docs-mcp.azurewebsites.net"])).toBe(true);
    expect(hostAllowed("FUNC-docs-mcp.azurewebsites.net:443", true, ["func-docs-mcp.azurewebsites.net"])).toBe(true);
    expect(hostAllowed("evil.example.com", true, ["func-docs-mcp.azurewebsites.net"])).toBe(false);
    expect(hostAllowed("evil.example.com", false, ["func-docs-mcp.azurewebsites.net"])).toBe(false);
    expect(originAllowed("https://func-docs-mcp.azurewebsites.net", [], ["func-docs-mcp.azurewebsites.net"])).toBe(
      true,
    );
    expect(originAllowed("http://func-docs-mcp.azurewebsites.net", [], ["func-docs-mcp.azurewebsites.net"])).toBe(
      false,
    );
    expect(bearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("Basic abc")).toBeUndefined();
  });
});
