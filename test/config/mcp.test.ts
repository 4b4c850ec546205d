// The config's mcp section (src/config/mcp.ts): the auth section and the limits, validated at the edge.
import { describe, expect, it } from "vitest";
import { mcpConfigSchema } from "../../src/config/mcp.js";

describe("mcp config", () => {
  it("validates the auth section: tenant, audience, a scope in full form or a role, authority https or loopback", () => {
    const tenant_id = "00000000-0000-0000-0000-000000000001";
    expect(mcpConfigSchema.safeParse({ auth: { tenant_id: "x", audience: "a", required_role: "r" } }).success).toBe(
      false,
    );
    const neither = mcpConfigSchema.safeParse({ auth: { tenant_id, audience: "a" } });
    expect(neither.error?.issues[0]?.message).toMatch(/a scope .*, a required_role .*, or both/);
    expect(mcpConfigSchema.safeParse({ auth: { tenant_id, audience: "a", scope: "user_impersonation" } }).success).toBe(
      false,
    );
    const http = (authority: string) =>
      mcpConfigSchema.safeParse({ auth: { tenant_id, audience: "a", required_role: "r", authority } }).success;
    expect(http("http://127.0.0.1:9000")).toBe(true);
    expect(http("http://login.example.com")).toBe(false);
    expect(mcpConfigSchema.safeParse({ top_cap: 51 }).success).toBe(false);
    const ok = mcpConfigSchema.parse({
      auth: { tenant_id: "00000000-0000-0000-0000-000000000001", audience: "api://docs", required_role: "Docs.Search" },
    });
    expect(ok.auth?.authority).toBe("https://login.microsoftonline.com");
  });

  it("refuses public_hosts without an auth section, naming the setting", () => {
    const exposed = mcpConfigSchema.safeParse({ public_hosts: ["docs-mcp.example.com"] });
    expect(exposed.success).toBe(false);
    expect(exposed.error?.issues[0]?.path).toEqual(["public_hosts"]);
    expect(exposed.error?.issues[0]?.message).toMatch(/^expected an mcp\.auth section with public_hosts/);
    const auth = { tenant_id: "00000000-0000-0000-0000-000000000001", audience: "api://docs", required_role: "r" };
    expect(mcpConfigSchema.safeParse({ public_hosts: ["docs-mcp.example.com"], auth }).success).toBe(true);
  });

  it("defaults the client applications to none besides VS Code, 120 tool calls a minute and 20 sessions a caller", () => {
    const c = mcpConfigSchema.parse({
      auth: { tenant_id: "00000000-0000-0000-0000-000000000001", audience: "api://docs", required_role: "r" },
    });
    expect(c.auth?.allowed_client_ids).toEqual([]);
    expect(c).toMatchObject({ tool_calls_per_minute: 120, sessions_per_caller: 20 });
  });
});
