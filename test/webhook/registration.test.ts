// The route exists only if the endpoint mapping is registered at start-up (otherwise it answers 404), and it is
// where the contract says. That the app builds on its own is checked by `npm run typecheck`
// (tsc -p webhook/tsconfig.json), not here.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startDevServer } from "../../local/webhook/dev-server.js";
import {
  mapWebhookEndpoints,
  ROUTE_PREFIX,
  WEBHOOK_ROUTE,
  type HttpRouteOptions,
} from "../../webhook/src/endpoints.js";
import { app } from "../../webhook/src/functions.js";

const webhookDir = new URL("../../webhook/", import.meta.url);

describe("endpoint registration", () => {
  afterEach(() => vi.restoreAllMocks());

  it("the entry point registers POST webhooks (anonymous; other methods reach the handler for a 405)", async () => {
    const http = vi.spyOn(app, "http").mockImplementation(() => {});
    const timer = vi.spyOn(app, "timer").mockImplementation(() => {});
    // Evaluate the entry point afresh even if another test file in this worker imported it (isolate: false).
    vi.resetModules();
    const entry = await import("../../webhook/src/index.js");
    expect(http).toHaveBeenCalledTimes(1);
    const [name, options] = http.mock.calls[0]!;
    expect(name).toBe("webhooks");
    expect(options.route).toBe(WEBHOOK_ROUTE);
    expect(options.authLevel).toBe("anonymous");
    expect(options.methods).toContain("POST");
    expect(options.methods).toContain("GET");
    expect(options.handler).toBe(entry.handleWebhook);
    // The retention timer too, through the same binding (settings loaded once, at start-up).
    expect(timer.mock.calls.map(([n]) => n)).toEqual(["webhook-retention"]);
  });

  it("in Azure answers where the contract says: host.json's routePrefix + the registered route, with its methods", () => {
    const host = JSON.parse(readFileSync(new URL("host.json", webhookDir), "utf8"));
    const contract = JSON.parse(
      readFileSync(new URL("../contracts/webhook/openapi/openapi.v1.json", webhookDir), "utf8"),
    );
    const registered: HttpRouteOptions<string>[] = [];
    mapWebhookEndpoints({ http: (_name, options) => registered.push(options) }, "the handler");
    const served = registered.map((o) => ({
      path: `/${host.extensions.http.routePrefix}/${o.route}`,
      methods: (o.methods ?? []).map((m) => m.toLowerCase()),
    }));
    const operations = Object.entries(contract.paths as Record<string, object>).flatMap(([p, item]) =>
      Object.keys(item).map((method) => ({ path: p, method })),
    );
    expect(operations).toEqual([{ path: "/api/webhooks", method: "post" }]);
    for (const op of operations) {
      expect(served.find((s) => s.path === op.path)?.methods ?? [], `${op.method} ${op.path}`).toContain(op.method);
    }
    // The local adapter serves under the same prefix as the Functions host.
    expect(ROUTE_PREFIX).toBe(host.extensions.http.routePrefix);
  });

  it("the host loads the compiled entry point: package.json main is where the build emits src/index.ts", () => {
    const pkg = JSON.parse(readFileSync(new URL("package.json", webhookDir), "utf8"));
    const { compilerOptions } = JSON.parse(readFileSync(new URL("tsconfig.json", webhookDir), "utf8"));
    // The entry's path under rootDir (webhook/tsconfig.json's own folder is what its paths are relative to).
    const root = path.resolve(fileURLToPath(webhookDir), compilerOptions.rootDir ?? "src");
    const entry = path.relative(root, fileURLToPath(new URL("src/index.ts", webhookDir)));
    const emitted = path.posix.join(compilerOptions.outDir, entry.split(path.sep).join("/").replace(/\.ts$/, ".js"));
    expect(pkg.main).toBe(emitted);
    expect(existsSync(new URL("src/index.ts", webhookDir))).toBe(true);
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
});
