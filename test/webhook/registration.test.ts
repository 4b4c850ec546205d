// Spec A: the route exists only if the endpoint mapping is registered at start-up; otherwise it answers 404.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startDevServer } from "../../webhook/src/dev-server.js";
import { WEBHOOK_ROUTE } from "../../webhook/src/endpoints.js";
import { app } from "../../webhook/src/functions.js";

const webhookDir = new URL("../../webhook/", import.meta.url);

describe("endpoint registration", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the entry point registers POST webhooks (anonymous; other methods reach the handler for a 405)", async () => {
    const http = vi.spyOn(app, "http").mockImplementation(() => {});
    const entry = await import("../../webhook/src/index.js");
    expect(http).toHaveBeenCalledTimes(1);
    const [name, options] = http.mock.calls[0]!;
    expect(name).toBe("webhooks");
    expect(options.route).toBe(WEBHOOK_ROUTE);
    expect(options.authLevel).toBe("anonymous");
    expect(options.methods).toContain("POST");
    expect(options.methods).toContain("GET");
    expect(options.handler).toBe(entry.handleWebhook);
  });

  it("host.json puts the route under /api with extension bundle v4", () => {
    const host = JSON.parse(readFileSync(new URL("host.json", webhookDir), "utf8"));
    expect(host.version).toBe("2.0");
    expect(host.extensionBundle).toEqual({ id: "Microsoft.Azure.Functions.ExtensionBundle", version: "[4.*, 5.0.0)" });
    expect(host.extensions.http.routePrefix).toBe("api");
  });

  it("package.json main points at the compiled entry point", () => {
    const pkg = JSON.parse(readFileSync(new URL("package.json", webhookDir), "utf8"));
    const tsconfig = JSON.parse(readFileSync(new URL("tsconfig.json", webhookDir), "utf8"));
    expect(pkg.main).toBe(`${tsconfig.compilerOptions.outDir}/src/index.js`);
  });

  it("serves /api/webhooks when registered, and answers 404 when the mapping is missing", async () => {
    const registered = await startDevServer({ port: 0, env: {}, quiet: true });
    const missing = await startDevServer({ port: 0, env: {}, quiet: true, register: () => {} });
    try {
      const body = JSON.stringify({ OrgId: 1 });
      const a = await fetch(registered.url, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(a.status).toBe(200);
      const b = await fetch(missing.url, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(b.status).toBe(404);
      expect(b.headers.get("content-type")).toBe("application/problem+json");
      expect(await b.json()).toMatchObject({ status: 404, instance: "/api/webhooks" });
      expect((await fetch(`${registered.origin}/webhooks`, { method: "POST", body })).status).toBe(404);
    } finally {
      await Promise.all([registered.close(), missing.close()]);
    }
  });

  it("builds on its own (webhook/tsconfig.json: NodeNext, strict)", async () => {
    const tsc = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
    const result = await new Promise<{ code: number | null; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [tsc, "--noEmit", "-p", fileURLToPath(new URL("tsconfig.json", webhookDir))],
        (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, out: stdout + stderr }),
      );
    });
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
    const tsconfig = JSON.parse(readFileSync(new URL("tsconfig.json", webhookDir), "utf8"));
    expect(tsconfig.compilerOptions).toMatchObject({ module: "NodeNext", strict: true, outDir: "dist" });
  }, 60_000);
});
