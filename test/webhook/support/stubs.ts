// Test doubles for the receiver's downstreams: one node:http server standing in for both the process API
// (POST /cases) and the project lookup (GET /projects/{id}), with scripted answers and a request log; a fake
// credential; and helpers to build HttpRequest / InvocationContext objects and collect log lines.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { AccessToken, TokenCredential } from "@azure/identity";
import type { LogLevel, LogSink } from "../../../webhook/src/log.js";
import type { HttpRequest as HttpRequestType } from "@azure/functions";
import { HttpRequest, InvocationContext } from "../../../webhook/src/functions.js";
import { invocationOf } from "../../../webhook/src/functions-binding.js";
import type { Invocation } from "../../../webhook/src/request-context.js";

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Scripted = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };

export interface DownstreamStub {
  url: string;
  requests: RecordedRequest[];
  cases(): RecordedRequest[];
  lookups(): RecordedRequest[];
  /** Answers for POST /cases, used in order; the last one repeats. Default 201. */
  caseAnswers: Scripted[];
  /** Project names by id for GET /projects/{id}; a missing id is a 404. */
  projects: Map<number, string>;
  /** Answers for lookups that override `projects`, used in order. */
  lookupAnswers: Scripted[];
  close(): Promise<void>;
}

export async function startDownstreamStub(): Promise<DownstreamStub> {
  const stub = {
    requests: [] as RecordedRequest[],
    caseAnswers: [] as Scripted[],
    projects: new Map<number, string>(),
    lookupAnswers: [] as Scripted[],
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const rec = {
        method: req.method ?? "",
        path: url.pathname + url.search,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      stub.requests.push(rec);
      let answer: Scripted;
      if (req.method === "POST" && url.pathname === "/cases") {
        answer = (stub.caseAnswers.length > 1 ? stub.caseAnswers.shift() : stub.caseAnswers[0]) ?? {
          status: 201,
          body: { id: "case-1" },
        };
      } else if (req.method === "GET" && url.pathname.startsWith("/projects/")) {
        const id = Number(url.pathname.split("/")[2]);
        const name = stub.projects.get(id);
        answer =
          stub.lookupAnswers.shift() ??
          (name ? { status: 200, body: { id, Name: name } } : { status: 404, body: { error: "not found" } });
      } else answer = { status: 404 };
      const send = () => {
        res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    cases: () => stub.requests.filter((r) => r.method === "POST" && r.path === "/cases"),
    lookups: () => stub.requests.filter((r) => r.method === "GET"),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** A JWT-shaped fake token (header.payload.signature) whose claims are readable for diagnostics. */
function fakeJwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.c2lnbmF0dXJl`;
}

export class FakeCredential implements TokenCredential {
  readonly scopes: string[] = [];
  constructor(
    private readonly claims: Record<string, unknown> = {
      aud: "api://process-cases",
      roles: ["App.Read"],
      appid: "receiver-app",
    },
  ) {}
  async getToken(scopes: string | string[]): Promise<AccessToken> {
    this.scopes.push(...(Array.isArray(scopes) ? scopes : [scopes]));
    return { token: fakeJwt(this.claims), expiresOnTimestamp: Date.now() + 3_600_000 };
  }
}

export interface LogCapture {
  sink: LogSink;
  lines: { level: LogLevel; line: string; record: Record<string, unknown> }[];
  find(msgPart: string): Record<string, unknown> | undefined;
  text(): string;
}

export function captureLogs(): LogCapture {
  const lines: LogCapture["lines"] = [];
  return {
    lines,
    sink: (level, line) => lines.push({ level, line, record: JSON.parse(line) as Record<string, unknown> }),
    find: (part) => lines.find((l) => String(l.record.msg).includes(part))?.record,
    text: () => lines.map((l) => l.line).join("\n"),
  };
}

/** A note-created delivery's payload (spec A's example, without Timestamp). */
export const NOTE_CREATED = {
  Object: "Note",
  Event: "Created",
  OrgId: 7,
  ProjectId: 42,
  UserId: 3,
  UserType: "Employee",
  ObjectId: { NoteId: 9 },
};

export interface DeliveryInit {
  method?: string;
  body?: string | Uint8Array | object;
  headers?: Record<string, string>;
  path?: string;
}

/** An HttpRequest as the Functions host would build it (JSON content type unless overridden). */
export function delivery(init: DeliveryInit = {}): HttpRequestType {
  const body =
    init.body === undefined
      ? undefined
      : typeof init.body === "string"
        ? { string: init.body }
        : init.body instanceof Uint8Array
          ? { bytes: init.body }
          : { string: JSON.stringify(init.body) };
  return new HttpRequest({
    method: init.method ?? "POST",
    url: `http://localhost:7071${init.path ?? "/api/webhooks"}`,
    headers: { "content-type": "application/json", ...init.headers },
    body,
  });
}

/** The host's InvocationContext as the core sees it, through the Functions binding (functions-binding.ts). */
export function invocation(id = "inv-1"): Invocation {
  return invocationOf(new InvocationContext({ invocationId: id, functionName: "webhooks", logHandler: () => {} }));
}

export const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
