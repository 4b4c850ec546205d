// The one loopback rule (shared/loopback.ts), imported by the receiver's settings and by the CLI, the MCP server
// and the configuration.
import { describe, expect, it } from "vitest";
import { isLoopback, isLoopbackHost } from "../../shared/loopback.js";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

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

  it("is defined once: nothing under src/ or webhook/src/ defines a loopback rule of its own", () => {
    const root = path.join(import.meta.dirname, "..", "..");
    const files = ["src", path.join("webhook", "src")].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts"))
        .map((f) => path.join(dir, f)),
    );
    const text = (f: string) => readFileSync(path.join(root, f), "utf8");
    expect(files.filter((f) => /function isLoopback|startsWith\("127\./.test(text(f)))).toEqual([]);
    const users = files.filter((f) => text(f).includes("shared/loopback.js"));
    expect(users).toContain(path.join("webhook", "src", "settings.ts"));
    expect(users.filter((f) => f.startsWith("src")).length).toBeGreaterThanOrEqual(5);
  });
});
