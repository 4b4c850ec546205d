// Local stand-ins for the receiver's two downstreams, on one loopback port: the project lookup
// (GET /projects/{id}?orgId=..., answers {"id", "name": "Project <id>"}) and the process API (POST /cases with
// {ExternalId, Name}: 201 the first time, 409 for an ExternalId it has already). The process API can be switched
// down (503 with Retry-After, or no answer until the client times out) and up again, in code or over HTTP
// (POST /_stub/process-api/down|up), to show queued deliveries surviving an outage. Cases are counted here:
// the reliability figures (bench/webhook/reliability.ts) read `created` and `duplicateCreates`.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ProcessApiMode = "up" | "down" | "timeout";

interface CaseRecord {
  externalId: string;
  name: string;
  /** x-forward-tenant-origin as received (undefined when the receiver did not forward it). */
  tenantOrigin: string | undefined;
  at: number;
}

export interface WebhookStubs {
  /** Base URL for both PROCESS_API_BASE_URL and PROJECT_LOOKUP_BASE_URL. */
  url: string;
  /** Cases created, by ExternalId (each at most once). */
  readonly created: Map<string, CaseRecord>;
  /** POST /cases for an ExternalId that already had a case (each would be a duplicate case without the 409). */
  readonly duplicateCreates: number;
  /** POST /cases refused while the process API was down. */
  readonly refusedWhileDown: number;
  readonly lookups: number;
  mode: ProcessApiMode;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export async function startWebhookStubs(o: { mode?: ProcessApiMode; port?: number } = {}): Promise<WebhookStubs> {
  const created = new Map<string, CaseRecord>();
  const state = { duplicateCreates: 0, refusedWhileDown: 0, lookups: 0, mode: o.mode ?? ("up" as ProcessApiMode) };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const control = /^\/_stub\/process-api\/(up|down|timeout)$/.exec(url.pathname);
      if (req.method === "POST" && control) {
        state.mode = control[1] as ProcessApiMode;
        return send(res, 200, { processApi: state.mode });
      }
      const project = /^\/projects\/(\d+)$/.exec(url.pathname);
      if (req.method === "GET" && project) {
        state.lookups++;
        return send(res, 200, { id: Number(project[1]), name: `Project ${project[1]}` });
      }
      if (req.method === "POST" && url.pathname === "/cases") {
        if (state.mode === "timeout") return; // no answer: the client's timeout decides
        if (state.mode === "down") {
          state.refusedWhileDown++;
          return send(res, 503, { error: "process API down (stub)" }, { "retry-after": "1" });
        }
        let body: { ExternalId?: unknown; Name?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof body;
        } catch {
          return send(res, 400, { error: "invalid JSON" });
        }
        if (typeof body.ExternalId !== "string" || typeof body.Name !== "string")
          return send(res, 400, { error: "ExternalId and Name are required strings" });
        if (created.has(body.ExternalId)) {
          state.duplicateCreates++;
          return send(res, 409, { error: `case ${body.ExternalId} exists` });
        }
        const header = req.headers["x-forward-tenant-origin"];
        created.set(body.ExternalId, {
          externalId: body.ExternalId,
          name: body.Name,
          tenantOrigin: Array.isArray(header) ? header[0] : header,
          at: Date.now(),
        });
        return send(res, 201, { id: `case-${body.ExternalId}`, externalId: body.ExternalId });
      }
      send(res, 404, { error: "not found" });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    created,
    get duplicateCreates() {
      return state.duplicateCreates;
    },
    get refusedWhileDown() {
      return state.refusedWhileDown;
    },
    get lookups() {
      return state.lookups;
    },
    get mode() {
      return state.mode;
    },
    set mode(m: ProcessApiMode) {
      state.mode = m;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
