// The MCP HTTP server against a hostile internet (the counterpart of the webhook's test/webhook/property.test.ts and
// test/webhook/auth/): crafted tokens (generated keys against a local OpenID provider), hostile headers, batches,
// the tool call limit, slow clients and the connection cap (loopback, small limits configured for the test, no
// timed assertions), session theft, and a signing key outage. Every case asserts the status, the body and that
// no tool ran; the last test holds the whole suite to its promise: no tool ran without a valid access token from an
// allowed client, and no 5xx but the key outage's 503. (Hostile page content, the lines the server writes, is the
// suite's other file: test/mcp/shell/hostile-page-content.test.ts.)
import { connect, type Socket } from "node:net";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, base64url } from "jose";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from "../../../local/mcp-hosting/openid-provider.js";
import { entraTokenValidator } from "../../../src/mcp/shell/entra-auth.js";
import { serveHttp, type HttpOptions, type RunningHttp } from "../../../src/mcp/shell/http.js";
import { mcpAuthConfigSchema, type McpAuthConfig } from "../../../src/config/mcp.js";

const APP_ID_URI = "api://docs-index-mcp";
const CLIENT_ID = "11111111-2222-3333-4444-555555555555";
const SCOPE = `${APP_ID_URI}/user_impersonation`;
const RESOURCE = "https://docs-mcp.example.com/mcp";
const PUBLIC_HOST = "docs-mcp.example.com";
const USER_A = "aaaaaaaa-0000-0000-0000-000000000001";
const USER_B = "bbbbbbbb-0000-0000-0000-000000000002";

/** Every answer of the suite: the case, its status, and the tool runs it caused. */
const ledger: { name: string; status: number; ran: number; valid: boolean }[] = [];
let runs = 0;

function probeServer(): McpServer {
  const server = new McpServer({ name: "probe", version: "1" }, { capabilities: { tools: {} } });
  server.registerTool("probe", { description: "counts its runs" }, () => {
    runs++;
    return { content: [{ type: "text", text: "ran" }] };
  });
  return server;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One raw request (node:http, so Host and any header can be set). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; path?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: options.path ?? target.pathname,
        method: options.method ?? "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...options.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(options.body ?? "");
  });
}

const call = (id = 7) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "probe", arguments: {} } });

/** Sends a case and records it: `valid` says whether it carries a valid access token from an allowed client. */
async function hostile(
  name: string,
  url: string,
  options: Parameters<typeof send>[1] & { valid?: boolean } = {},
): Promise<Answer> {
  const before = runs;
  const answer = await send(url, { body: call(), ...options });
  ledger.push({ name, status: answer.status, ran: runs - before, valid: options.valid ?? false });
  return answer;
}

const messageOf = (a: Answer) => (JSON.parse(a.text) as { error: { message: string; code: number } }).error;
const INVALID = "unauthorized: the access token is not valid for this server; sign in again";
const CHALLENGE = `resource_metadata="https://${PUBLIC_HOST}/.well-known/oauth-protected-resource/mcp", scope="${SCOPE}"`;

let idp: LocalOpenIdProvider;
let auth: McpAuthConfig;
/** What the servers of `serve` logged. */
const serverLog: string[] = [];
const servers: RunningHttp[] = [];

async function serve(options: Partial<HttpOptions>, config: McpAuthConfig = auth): Promise<RunningHttp> {
  const http = await serveHttp({
    host: "127.0.0.1",
    port: 0,
    allowedOrigins: [],
    publicHosts: [PUBLIC_HOST],
    auth: { validate: await entraTokenValidator(config), config },
    newServer: probeServer,
    log: (line) => serverLog.push(line),
    ...options,
  });
  servers.push(http);
  return http;
}

const userToken = (claims: Record<string, unknown> = {}, options: Parameters<LocalOpenIdProvider["token"]>[1] = {}) =>
  idp.token({ aud: CLIENT_ID, scp: "user_impersonation", oid: USER_A, ...claims }, options);

beforeAll(async () => {
  idp = await startLocalOpenIdProvider();
  auth = mcpAuthConfigSchema.parse({
    tenant_id: idp.tenantId,
    audience: [CLIENT_ID, APP_ID_URI],
    scope: SCOPE,
    required_role: "Docs.Search",
    authority: idp.authority,
    resource: RESOURCE,
  });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await idp?.close();
});

describe("no exposure without token validation", () => {
  it("refuses to serve public host names without auth, even bound to loopback (a proxy would expose it)", async () => {
    await expect(
      serveHttp({
        host: "127.0.0.1",
        port: 0,
        allowedOrigins: [],
        publicHosts: [PUBLIC_HOST],
        newServer: probeServer,
        log: () => {},
      }),
    ).rejects.toThrow(
      /^refusing to serve public host names \(mcp\.public_hosts: docs-mcp\.example\.com\) without token validation/,
    );
  });
});

describe("crafted tokens (stateless server, as hosted)", () => {
  let url: string;
  beforeAll(async () => {
    url = (await serve({ stateless: true })).url;
  });

  it("runs the tool for a valid user token from an allowed client (the baseline the cases below differ from)", async () => {
    const answer = await hostile("valid user token", url, {
      headers: { authorization: `Bearer ${await userToken()}` },
      valid: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"text":"ran"');
    expect(ledger.at(-1)!.ran).toBe(1);
  });

  it("refuses forged signatures: alg none, HS256 keyed with the public key, a foreign key under the real kid, an embedded jwk", async () => {
    const claims = {
      iss: idp.issuer,
      aud: CLIENT_ID,
      tid: idp.tenantId,
      azp: "aebc6443-996d-45c2-90f0-388ff96faa56",
      oid: USER_A,
      scp: "user_impersonation",
      exp: Math.floor(Date.now() / 1000) + 300,
    };
    const enc = (o: object) => base64url.encode(JSON.stringify(o));
    const none = `${enc({ alg: "none", kid: idp.kid })}.${enc(claims)}.`;
    const jwks = (await (await fetch(`${idp.authority}/keys`)).json()) as { keys: Record<string, unknown>[] };
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", kid: idp.kid })
      .sign(new TextEncoder().encode(JSON.stringify(jwks.keys[0])));
    const foreign = await generateKeyPair("RS256");
    const foreignUnderRealKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: idp.kid })
      .sign(foreign.privateKey);
    const embeddedJwk = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: idp.kid, jwk: await exportJWK(foreign.publicKey) })
      .sign(foreign.privateKey);
    const unknownKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "attacker-1\nmcp auth: forged line" })
      .sign(foreign.privateKey);
    for (const [name, token] of Object.entries({ none, hs256, foreignUnderRealKid, embeddedJwk, unknownKid })) {
      const answer = await hostile(name, url, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status, name).toBe(401);
      expect(messageOf(answer).message, name).toBe(INVALID);
      expect(answer.headers["www-authenticate"], name).toBe(
        `Bearer error="invalid_token", error_description="The access token is not valid for this server", ${CHALLENGE}`,
      );
    }
    // The reasons are logged, one line each: the client's kid stays quoted inside its line.
    expect(serverLog.filter((l) => l.includes("\n"))).toEqual([]);
    expect(serverLog).toContain(
      'mcp auth: refused (401): the token names a signing key the tenant does not publish (kid "attacker-1\\nmcp auth: forged line")',
    );
  });

  it("refuses valid signatures on the wrong token: audience, tenant, issuer, expiry, unlisted client app, v1 appid, ID-token shapes (findings 3, 7)", async () => {
    const v1 = { azp: undefined, appid: "99999999-0000-0000-0000-000000000000" };
    const cases: Record<string, Promise<string>> = {
      "wrong audience": idp.token({ aud: "api://other", scp: "user_impersonation", oid: USER_A }),
      "other tenant": userToken({}, { tenantId: "99999999-0000-0000-0000-000000000000" }),
      "other issuer": userToken({}, { issuer: "https://login.microsoftonline.com/evil/v2.0" }),
      expired: userToken({}, { expiresIn: "-5m" }),
      "unlisted client app, guest": userToken({
        azp: "99999999-0000-0000-0000-000000000000",
        acct: 1,
        idp: "https://sts.windows.net/guest-home/",
      }),
      "v1 token, unlisted appid": userToken(v1, { issuer: `https://sts.windows.net/${idp.tenantId}/` }),
      "ID token: user roles, no scp, no azp": userToken({ scp: undefined, azp: undefined, roles: ["Docs.Search"] }),
      "ID token shape with azp": userToken({ scp: undefined, roles: ["Docs.Search"], nonce: "n" }),
      "idtyp user without scp": userToken({ scp: undefined, idtyp: "user", roles: ["Docs.Search"] }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const answer = await hostile(name, url, { headers: { authorization: `Bearer ${await token}` } });
      expect(answer.status, name).toBe(401);
      expect(messageOf(answer).message, name).toBe(INVALID);
      // No tenant, role or library message in the body (they go to the log).
      expect(answer.text, name).not.toMatch(/9999|tenant|Docs\.Search|claim|aud|azp|appid/i);
    }
  });

  it("answers a valid token without the permission 403 insufficient_scope naming the scope only", async () => {
    const cases = {
      "user without the scope": userToken({ scp: "openid", roles: ["Docs.Search"] }),
      "app without the role": idp.token({ aud: APP_ID_URI, roles: ["Other"], idtyp: "app", oid: "sp-1" }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const answer = await hostile(name, url, { headers: { authorization: `Bearer ${await token}` } });
      expect(answer.status, name).toBe(403);
      expect(answer.headers["www-authenticate"], name).toBe(
        `Bearer error="insufficient_scope", resource_metadata="https://${PUBLIC_HOST}/.well-known/oauth-protected-resource/mcp", scope="${SCOPE}"`,
      );
      expect(messageOf(answer).message, name).toMatch(/^forbidden: the access token lacks the permission/);
      expect(answer.text, name).not.toMatch(/Docs\.Search|roles|Other/);
    }
  });

  it("answers no token, a token in the query string or another scheme 401 with the challenge and no error", async () => {
    const token = await userToken();
    const cases = {
      "no token": {},
      "query string token": { path: `/mcp?access_token=${token}` },
      "Basic scheme": { headers: { authorization: "Basic dXNlcjpwYXNz" } },
    };
    for (const [name, options] of Object.entries(cases)) {
      const answer = await hostile(name, url, options);
      expect(answer.status, name).toBe(401);
      expect(answer.headers["www-authenticate"], name).toBe(`Bearer ${CHALLENGE}`);
      expect(messageOf(answer).message, name).toBe(
        "unauthorized: this server requires an Entra ID access token (Authorization: Bearer)",
      );
    }
    for (const [name, authorization] of Object.entries({
      "malformed bearer": "Bearer ###",
      garbage: "Bearer a.b.c",
      empty: "Bearer ",
      "huge token": `Bearer ${"a".repeat(8000)}.${"b".repeat(4000)}.c`,
    })) {
      const answer = await hostile(name, url, { headers: { authorization } });
      expect(answer.status, name).toBe(401);
      expect(answer.headers["www-authenticate"], name).toMatch(/^Bearer error="invalid_token"/);
      expect(messageOf(answer).message, name).toBe(INVALID);
    }
  });
});

describe("hostile headers, bodies and batches", () => {
  let url: string;
  beforeAll(async () => {
    url = (await serve({ stateless: true, limits: { maxBodyBytes: 64 * 1024 } })).url;
  });

  it("refuses foreign Host and Origin headers before looking at the token", async () => {
    const authorization = `Bearer ${await userToken()}`;
    const foreign: Record<string, Record<string, string>> = {
      "evil Host": { host: "evil.example.com" },
      "userinfo Host": { host: "localhost@evil.example.com" },
      "trailing dot Host": { host: `${PUBLIC_HOST}.` },
      "evil Origin": { origin: "https://evil.example.com" },
      "null Origin": { origin: "null" },
      "http Origin of the public host": { origin: `http://${PUBLIC_HOST}` },
    };
    for (const [name, headers] of Object.entries(foreign)) {
      const answer = await hostile(name, url, { headers: { authorization, ...headers } });
      expect(answer.status, name).toBe(403);
      expect(messageOf(answer).message, name).toMatch(/^forbidden: (the Host header|origin .* is not allowed)/);
    }
  });

  it("refuses oversized headers (431), a wrong media type (415), a body over the cap (413), a body that is not JSON (400)", async () => {
    const authorization = `Bearer ${await userToken()}`;
    const big = await hostile("oversized header", url, { headers: { authorization, "x-pad": "x".repeat(20_000) } });
    expect(big.status).toBe(431);
    const plain = await hostile("text/plain", url, { headers: { authorization, "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect(messageOf(plain).message).toMatch(/^unsupported media type/);
    const sneaky = await hostile("media type list", url, {
      headers: { authorization, "content-type": "text/plain, application/json" },
      body: JSON.stringify([JSON.parse(call())]),
    });
    expect(sneaky.status).toBe(400);
    const large = await hostile("body over the cap", url, {
      headers: { authorization },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { pad: "x".repeat(70_000) } }),
    });
    expect(large.status).toBe(413);
    expect(messageOf(large).message).toBe("the body is larger than 65536 bytes");
    const notJson = await hostile("not JSON", url, { headers: { authorization }, body: "{" });
    expect(notJson.status).toBe(400);
    expect(messageOf(notJson)).toEqual({ code: -32700, message: "parse error: the body is not JSON" });
  });

  it("refuses JSON-RPC batches whole: 100 tools/call in one POST run nothing", async () => {
    const authorization = `Bearer ${await userToken()}`;
    for (const n of [100, 1]) {
      const batch = `[${Array.from({ length: n }, (_, i) => call(i)).join(",")}]`;
      const answer = await hostile(`batch of ${n}`, url, { headers: { authorization }, body: batch, valid: true });
      expect(answer.status).toBe(400);
      expect(messageOf(answer)).toEqual({
        code: -32600,
        message: "batches are not accepted: send one JSON-RPC message per request",
      });
      expect(ledger.at(-1)!.ran).toBe(0);
    }
  });
});

describe("the tool call limit per caller", () => {
  it("answers 429 with Retry-After beyond the burst, for that caller only", async () => {
    // 8 a minute: a burst of 2; the clock stands still, so no call is refilled.
    const { url } = await serve({ stateless: true, toolCallsPerMinute: 8, now: () => 0 });
    const greedy = `Bearer ${await userToken({ oid: "cccccccc-0000-0000-0000-000000000003" })}`;
    for (let i = 0; i < 2; i++)
      expect((await hostile("within the limit", url, { headers: { authorization: greedy }, valid: true })).status).toBe(
        200,
      );
    const refused = await hostile("beyond the limit", url, {
      headers: { authorization: greedy },
      body: call(42),
      valid: true,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("8");
    expect(JSON.parse(refused.text)).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: "too many tool calls: at most 8 a minute per caller; retry after 8 s" },
      id: 42,
    });
    expect(ledger.at(-1)!.ran).toBe(0);
    // Other requests of that caller (not tool calls) and other callers are not limited.
    const ping = await send(url, {
      headers: { authorization: greedy },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(ping.status).toBe(200);
    const other = await hostile("another caller", url, {
      headers: { authorization: `Bearer ${await userToken()}` },
      valid: true,
    });
    expect(other.status).toBe(200);
  });
});

describe("a flood of bad tokens", () => {
  it("is answered 401 each time but logged at most 60 lines a minute, then one line counting the rest", async () => {
    let clock = 0;
    const lines: string[] = [];
    const { url } = await serve({ stateless: true, now: () => clock, log: (line) => lines.push(line) });
    for (let i = 0; i < 65; i++) {
      const answer = await hostile("flood of bad tokens", url, { headers: { authorization: "Bearer a.b.c" } });
      expect(answer.status).toBe(401);
    }
    expect(lines).toHaveLength(60);
    clock += 60_000;
    await hostile("after the flood", url, { headers: { authorization: "Bearer a.b.c" } });
    expect(lines.slice(60)).toEqual([
      "mcp auth: 5 more refusals were not logged (at most 60 a minute)",
      expect.stringMatching(/^mcp auth: refused \(401\): malformed token: /),
    ]);
  });
});

/** Waits until `done` holds (the test's own timeout bounds it). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** Writes `head` on a raw connection and resolves with everything the server sent once it closes the connection. */
function rawExchange(url: string, head: string): Promise<string> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(target.port), target.hostname, () => socket.write(head));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (c: string) => (received += c));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

describe("slow clients and the connection cap", () => {
  it("closes a connection whose headers never end, and one whose body trickles, without running a tool", async () => {
    const { url } = await serve({
      stateless: true,
      limits: { headersTimeoutMs: 300, requestTimeoutMs: 2_000, bodyTimeoutMs: 300, checkIntervalMs: 50 },
    });
    const before = runs;
    const slowHeaders = await rawExchange(url, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n");
    expect(slowHeaders).toMatch(/^HTTP\/1\.1 408 /);
    ledger.push({ name: "slow headers", status: 408, ran: runs - before, valid: false });
    const token = await userToken();
    const slowBody = await rawExchange(
      url,
      [
        "POST /mcp HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Bearer ${token}`,
        "Content-Type: application/json",
        "Accept: application/json, text/event-stream",
        "Content-Length: 1000",
        "",
        '{"jsonrpc":"2.0",',
      ].join("\r\n"),
    );
    expect(slowBody).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowBody).toContain('"message":"the body did not arrive in time"');
    ledger.push({ name: "slow body", status: 408, ran: runs - before, valid: true });
    expect(runs).toBe(before);
  });

  it("closes a connection beyond the cap at once, and serves again when one is freed", async () => {
    const { url } = await serve({ stateless: true, limits: { maxConnections: 2 } });
    const target = new URL(url);
    const open = () =>
      new Promise<Socket>((resolve) => {
        const s = connect(Number(target.port), target.hostname, () => resolve(s));
      });
    const held = [await open(), await open()];
    const extra = await rawExchange(url, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
    expect(extra).toBe("");
    ledger.push({ name: "beyond the connection cap", status: 0, ran: 0, valid: false });
    await new Promise<void>((resolve) => {
      held[0]!.once("close", () => resolve());
      held[0]!.destroy();
    });
    const answer = await hostile("after a connection was freed", url, {
      headers: { authorization: `Bearer ${await userToken()}` },
      valid: true,
    });
    expect(answer.status).toBe(200);
    held[1]!.destroy();
  });
});

describe("session theft (stateful server)", () => {
  let url: string;
  beforeAll(async () => {
    url = (await serve({ sessionsPerCaller: 2 })).url;
  });

  async function session(oid: string) {
    const authorization = `Bearer ${await userToken({ oid })}`;
    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization } } });
    const client = new Client({ name: "t", version: "1" });
    await client.connect(transport);
    return { client, id: transport.sessionId!, authorization };
  }

  it("answers another user's token with a session id as if the session did not exist, and lets the owner go on", async () => {
    const a = await session(USER_A);
    const b = `Bearer ${await userToken({ oid: USER_B })}`;
    const unknown = await hostile("unknown session id", url, {
      headers: { authorization: b, "mcp-session-id": "00000000-0000-0000-0000-000000000000" },
      valid: true,
    });
    const stolen = await hostile("another user's session id", url, {
      headers: { authorization: b, "mcp-session-id": a.id },
      valid: true,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.text).toBe(unknown.text);
    expect(messageOf(stolen).message).toBe("session not found: initialize a new session");
    const deleted = await hostile("another user's DELETE", url, {
      method: "DELETE",
      headers: { authorization: b, "mcp-session-id": a.id },
      body: "",
      valid: true,
    });
    expect(deleted.status).toBe(404);
    expect(deleted.text).toBe(unknown.text);
    const before = runs;
    const result = await a.client.callTool({ name: "probe", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(runs).toBe(before + 1);
    ledger.push({ name: "the owner's call", status: 200, ran: 1, valid: true });
    await a.client.close();
  });

  it("caps sessions per caller (429) without keeping another caller out", async () => {
    const b1 = await session(USER_B);
    const b2 = await session(USER_B);
    const third = await hostile("a session beyond the caller's cap", url, {
      headers: { authorization: b1.authorization },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
      valid: true,
    });
    expect(third.status).toBe(429);
    expect(third.headers["retry-after"]).toBe("60");
    expect(messageOf(third).message).toMatch(/^too many sessions for this caller \(at most 2\)/);
    const a = await session(USER_A);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    await Promise.all([b1.client.close(), b2.client.close(), a.client.close()]);
  });
});

describe("a signing key outage", () => {
  let outageIdp: LocalOpenIdProvider;
  let url: string;
  let clock = Date.now();
  const logs: string[] = [];
  const token = () => outageIdp.token({ aud: CLIENT_ID, scp: "user_impersonation", oid: USER_A });

  beforeAll(async () => {
    outageIdp = await startLocalOpenIdProvider();
    const config = mcpAuthConfigSchema.parse({
      ...auth,
      tenant_id: outageIdp.tenantId,
      authority: outageIdp.authority,
    });
    const http = await serveHttp({
      host: "127.0.0.1",
      port: 0,
      allowedOrigins: [],
      stateless: true,
      auth: {
        validate: await entraTokenValidator(config, undefined, {
          now: () => clock,
          timeoutMs: 300,
          log: (line) => logs.push(line),
        }),
        config,
      },
      newServer: probeServer,
      log: () => {},
    });
    servers.push(http);
    url = http.url;
  });
  afterAll(() => outageIdp?.close());

  it("keeps a token signed by a cached key working while the key endpoint fails (500), past the 10 minutes", async () => {
    outageIdp.keysAnswer("fail");
    clock += 11 * 60_000;
    const answer = await hostile("cached key, endpoint failing", url, {
      headers: { authorization: `Bearer ${await token()}` },
      valid: true,
    });
    expect(answer.status).toBe(200);
    expect(ledger.at(-1)!.ran).toBe(1);
    // The refresh it started in the background fails and is logged (no token, no tenant in the line).
    await until(() => logs.length > 0);
    expect(logs[0]).toMatch(
      /^mcp auth: the signing keys could not be fetched from .*\(answered 500\); using the cached keys; next attempt in 1 s$/,
    );
  });

  it("answers 503 with Retry-After, not 401, once no usable key is left; one fetch however many wait; then backs off", async () => {
    outageIdp.keysAnswer("hang");
    clock += 7 * 3_600_000; // beyond the cached keys' bound
    const fetchesBefore = outageIdp.keyFetches();
    const authorization = `Bearer ${await token()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        hostile("key endpoint hanging", url, { headers: { authorization }, valid: true }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(answer.headers["www-authenticate"]).toBeUndefined();
      expect(messageOf(answer).message).toBe(
        "service unavailable: the token signing keys cannot be fetched; retry later",
      );
    }
    expect(outageIdp.keyFetches() - fetchesBefore).toBe(1);
    // Backing off: the next request is answered at once, without another fetch.
    const again = await hostile("during the back-off", url, { headers: { authorization }, valid: true });
    expect(again.status).toBe(503);
    expect(outageIdp.keyFetches() - fetchesBefore).toBe(1);
  });

  it("serves again once the keys can be fetched after the back-off", async () => {
    outageIdp.keysAnswer("keys");
    clock += 60_000;
    const answer = await hostile("keys back", url, {
      headers: { authorization: `Bearer ${await token()}` },
      valid: true,
    });
    expect(answer.status).toBe(200);
  });
});

describe("across the suite", () => {
  it("ran no tool without a valid access token from an allowed client, and answered no 5xx but the outage's 503", () => {
    expect(ledger.length).toBeGreaterThan(50);
    expect(ledger.filter((e) => !e.valid && e.ran > 0).map((e) => e.name)).toEqual([]);
    expect(ledger.filter((e) => e.status >= 500 && e.status !== 503).map((e) => e.name)).toEqual([]);
    expect(ledger.filter((e) => e.status === 503 && !/key endpoint|back-off/.test(e.name)).map((e) => e.name)).toEqual(
      [],
    );
  });
});
