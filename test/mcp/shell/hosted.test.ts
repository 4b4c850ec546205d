// The hosted, stateless server end to end against the stand-in holding a few documents, with Azurite (one
// environment for the file; what the tools answer from the indexed sample site is test/mcp/shell/mcp-server.test.ts's
// and answers.test.ts's concern, so this file does not index it): (a) a `docs-index mcp --http --stateless` process
// keeps no session and answers a client's initialize, tools/list and search_docs calls (two such processes behind a
// round-robin proxy, one client's calls dealt out in turn, are the local run's step 22, `mcp-hosted`, checked by
// test/local/run-local.test.ts); (c) the package `npm run mcp:build`
// builds, started as the Functions host starts it (`node dist/server.mjs` on FUNCTIONS_CUSTOMHANDLER_PORT, app
// settings in the environment, a local OpenID provider as the authority), answers tools/list to a signed-in
// caller, refuses one without a token with the metadata challenge, and admits the app's public Host.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { repoRoot } from "../../../src/config/repo-root.js";
import { runDocsIndex } from "../../../src/cli/docs-index/in-process.js";
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from "../../../local/mcp-hosting/openid-provider.js";
import {
  startServerProcess,
  startStatelessDocsIndex,
  type ServerProcess,
} from "../../../local/mcp-hosting/server-process.js";
import { base64Encode } from "../../../src/search/indexer-emulation/base64.js";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer, startHarness, type Harness } from "../../support/ops-world.js";
import { startHostedPackage, type LocalHostedPackage } from "../../../local/mcp-hosting/hosted-package.js";
import { readMcpAppSettings } from "../../../src/config/mcp-app-settings.js";
import { freePort } from "../../../local/mcp-hosting/free-port.js";

let services: Harness;
let idp: LocalOpenIdProvider;
let stateless: ServerProcess;
const tmp = mkdtempSync(path.join(tmpdir(), "mcp-package-"));
const pkg = path.join(tmp, "mcp");
let buildOutput: string;

beforeAll(async () => {
  // The package builds while the sample is indexed.
  const built = promisify(execFile)(process.execPath, [
    path.join(repoRoot, "scripts", "mcp-build.mjs"),
    "--out-dir",
    pkg,
  ]);
  [services, idp] = await Promise.all([startDocuments(), startLocalOpenIdProvider()]);
  buildOutput = (await built).stdout;
  const env = { ...getDefaultEnvironment(), ...services.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? "" };
  stateless = await startStatelessDocsIndex(env);
}, 60_000);
/** The stand-in (with Azurite) holding one page per app and topic the queries below look for. */
async function startDocuments(): Promise<Harness> {
  const h = await startHarness({ azurite: true });
  registerDatasourceAndIndexer(h.standIn);
  const pages = [
    ["payments", "guides", "refunds", "Refunds", "Issue refunds for a payment: full or partial refunds."],
    [
      "payments",
      "guides",
      "getting-started",
      "Getting started",
      "Getting started with payments: create a client, take payments and refunds.",
    ],
    ["identity", "guides", "sign-in", "Sign in", "Sign in users and exchange tokens; refresh tokens expire."],
    ["identity", "reference", "tokens", "Tokens", "Access tokens and ID tokens: sign in once, call the API."],
    ["sdk", "reference", "webhooks", "Webhooks API", "The webhooks api: register an endpoint, verify signatures."],
    ["sdk", "guides", "getting-started", "Getting started with the SDK", "Getting started: install the SDK."],
  ];
  const uploaded = await h.search.uploadDocuments(
    pages.map(([app, section, slug, title, content]) => {
      const url = `${ACCOUNT_ROOT}/${app}/${section}/${slug}.html`;
      return { id: base64Encode(url), path: url, title, content, app, repo: app, section, format: ".html" };
    }),
  );
  if (!uploaded.results.every((r) => r.succeeded)) throw new Error("could not upload the test documents");
  return h;
}

afterAll(async () => {
  await stateless?.stop();
  await Promise.all([services?.close(), idp?.close()]);
  rmSync(tmp, { recursive: true, force: true });
});

describe("stateless (docs-index mcp --http --stateless)", () => {
  it("answers initialize, tools/list and search_docs calls without errors", async () => {
    const client = new Client({ name: "test", version: "1" });
    const errors: Error[] = [];
    client.onerror = (err) => errors.push(err);
    await client.connect(new StreamableHTTPClientTransport(new URL(stateless.url)));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("search_docs");
    let failed = 0;
    let hits = 0;
    for (const query of ["refunds", "getting started", "sign in tokens", "webhooks api"]) {
      const result = await client.callTool({ name: "search_docs", arguments: { query } });
      if (result.isError) failed++;
      hits += (result.structuredContent as { results: unknown[] }).results.length;
    }
    await client.close();
    expect({ failed, errors: errors.length }).toEqual({ failed: 0, errors: 0 });
    expect(hits).toBeGreaterThan(4);
  });

  it("is chosen by --stateless, whose help says so, and which applies to --http only", async () => {
    const help = await runDocsIndex(["mcp", "--help"], {});
    expect(help.stdout).toMatch(/--stateless\s+with --http: stateless mode/);
    const refused = await runDocsIndex(["mcp", "--stateless"], { ...process.env, ...services.env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--stateless applies to --http only/);
  });

  it("keeps no session: no Mcp-Session-Id, JSON answers, GET and DELETE 405", async () => {
    const url = stateless.url;
    const answer = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("mcp-session-id")).toBeNull();
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await answer.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(
      "docs-index",
    );
    for (const method of ["GET", "DELETE"]) {
      const refused = await fetch(url, { method, headers: { accept: "text/event-stream" } });
      expect(refused.status, method).toBe(405);
      expect(refused.headers.get("allow")).toBe("POST");
    }
  });
});

describe("npm run mcp:local: the package with a local OpenID provider and Azurite", () => {
  let hosted: LocalHostedPackage;
  beforeAll(async () => {
    // The page as the site publishes it, chrome and footer included.
    const page =
      '<html><head><title>Refunds</title></head><body><nav>Docs home</nav><main><h1 id="refunds">Refunds</h1>' +
      "<p>Issue refunds for a payment: full or partial refunds.</p></main>" +
      "<footer>&copy; 2026 Example Corp. All rights reserved.</footer></body></html>";
    await services.container().createIfNotExists();
    await services
      .container()
      .getBlockBlobClient("payments/guides/refunds.html")
      .upload(page, Buffer.byteLength(page), { blobHTTPHeaders: { blobContentType: "text/html; charset=utf-8" } });
    hosted = await startHostedPackage(pkg, {
      searchEndpoint: services.standIn.url,
      searchAdminKey: services.standIn.apiKey,
      storageConnectionString: services.azurite!.connectionString,
    });
  }, 60_000);
  afterAll(() => hosted?.stop());

  it("answers with the token it prints and reads pages from Azurite (before: a bearer token over http, refused)", async () => {
    expect((await fetch(hosted.url, { method: "POST", body: "{}" })).status).toBe(401);
    const client = new Client({ name: "test", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(hosted.url), {
        requestInit: { headers: { authorization: `Bearer ${await hosted.token()}` } },
      }),
    );
    try {
      const read = await client.callTool({
        name: "get_doc",
        arguments: { url: "https://docs.dev.example.com/payments/guides/refunds" },
      });
      expect(read.isError ?? false, JSON.stringify(read.content)).toBe(false);
      const doc = read.structuredContent as { source: string; text: string };
      // The published page's main content: not the index's text, and never its footer.
      expect(doc.source).toBe("page");
      expect(doc.text).toMatch(/^# Refunds\n\nIssue refunds for a payment/);
      expect(doc.text).not.toMatch(/Example Corp|Docs home/);
    } finally {
      await client.close();
    }
  });

  it("refuses Azurite's connection string unless its blob endpoint is a loopback address", () => {
    const settings = {
      ...hosted.settings,
      DOCS_STORAGE_CONNECTION_STRING: "BlobEndpoint=https://x.blob.core.windows.net;",
    };
    expect(() => readMcpAppSettings(settings)).toThrow(
      /DOCS_STORAGE_CONNECTION_STRING: expected no connection string: it is for the local storage emulator only/,
    );
    expect(() =>
      readMcpAppSettings({ ...hosted.settings, DOCS_STORAGE_BLOB_ENDPOINT: "https://x.blob.core.windows.net" }),
    ).toThrow(/expected either DOCS_STORAGE_BLOB_ENDPOINT or DOCS_STORAGE_CONNECTION_STRING/);
    // An http blob endpoint is refused at start: at the first page read the SDK would refuse it ("Bearer token
    // authentication is not permitted for non-TLS protected (non-https) URLs") and answers would hold the index's text.
    const { DOCS_STORAGE_CONNECTION_STRING: _emulator, ...withoutEmulator } = hosted.settings;
    expect(() =>
      readMcpAppSettings({ ...withoutEmulator, DOCS_STORAGE_BLOB_ENDPOINT: "http://127.0.0.1:10000/devstoreaccount1" }),
    ).toThrow(
      /DOCS_STORAGE_BLOB_ENDPOINT: expected the docs account's blob endpoint as an https URL .*DOCS_STORAGE_CONNECTION_STRING/,
    );
    expect(readMcpAppSettings(hosted.settings).emulatorConnectionString).toBe(services.azurite!.connectionString);
  });
});

describe("the deployable package (npm run mcp:build)", () => {
  const CLIENT_ID = "77777777-0000-0000-0000-000000000000";
  const APP_ID_URI = "api://docs-index-mcp-test";
  const PUBLIC_HOST = "func-docs-mcp-test.azurewebsites.net";
  /** A client application admitted through MCP_AUTH_ALLOWED_CLIENT_IDS (registration.allowed_client_ids). */
  const LISTED_CLIENT = "04b07795-8ddb-461a-bbee-02f9e1bf7b46";
  let server: ServerProcess;

  beforeAll(async () => {
    const port = await freePort();
    // What the Functions host does: start the handler in the package folder with the app settings and its port.
    server = await startServerProcess("node", ["dist/server.mjs"], {
      cwd: pkg,
      servingLine: /\(hosted, stateless\) on (\S+)/,
      env: {
        PATH: process.env.PATH,
        FUNCTIONS_CUSTOMHANDLER_PORT: String(port),
        WEBSITE_HOSTNAME: PUBLIC_HOST,
        DOCS_SEARCH_ENDPOINT: services.standIn.url,
        SEARCH_ADMIN_KEY: services.standIn.apiKey,
        DOCS_URL: "https://docs.dev.example.com",
        MCP_AUTH_TENANT_ID: idp.tenantId,
        MCP_AUTH_CLIENT_ID: CLIENT_ID,
        MCP_AUTH_APP_ID_URI: APP_ID_URI,
        MCP_AUTH_AUTHORITY: idp.authority,
        MCP_AUTH_ALLOWED_CLIENT_IDS: LISTED_CLIENT,
      },
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it("holds host.json (mcp-custom-handler, node dist/server.mjs, anonymous), package.json and the bundle only", () => {
    const files = readdirSync(pkg, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(pkg, path.join(e.parentPath, e.name)))
      .sort();
    expect(files).toEqual(["dist/server.mjs", "dist/server.mjs.LEGAL.txt", "host.json", "package.json"]);
    expect(JSON.parse(readFileSync(path.join(pkg, "host.json"), "utf8"))).toMatchObject({
      version: "2.0",
      configurationProfile: "mcp-custom-handler",
      customHandler: {
        description: { defaultExecutablePath: "node", arguments: ["dist/server.mjs"] },
        http: { DefaultAuthorizationLevel: "anonymous" },
      },
    });
    const pkgJson = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8"));
    expect(pkgJson).not.toHaveProperty("dependencies");
    expect(pkgJson).not.toHaveProperty("devDependencies");
    const bundle = readFileSync(path.join(pkg, "dist", "server.mjs"), "utf8");
    // No stand-in, no test tooling, no CDKTF: the bundle is the server and the SDKs it calls.
    expect(bundle).not.toMatch(/search-standin|vitest|cdktf|azurite/i);
    expect(buildOutput).toMatch(/^mcp:build: .*: 4 files, \d+\.\d MB \(entry dist\/server\.mjs\)$/m);
  });

  it("is the size docs/mcp-hosting.md says (within 0.3 MB)", () => {
    const built = Number(/: 4 files, (\d+\.\d) MB/.exec(buildOutput)?.[1]);
    const documented = readFileSync(path.join(repoRoot, "docs", "mcp-hosting.md"), "utf8");
    const stated = Number(/About (\d+(?:\.\d)?) MB, 4 files/.exec(documented)?.[1]);
    expect(built).toBeGreaterThan(0);
    expect(Math.abs(built - stated)).toBeLessThanOrEqual(0.3);
  });

  it("started as the Functions host starts it, answers tools/list to a signed-in caller", async () => {
    const token = await idp.token({ aud: CLIENT_ID, scp: "user_impersonation" });
    const client = new Client({ name: "test", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["get_doc", "list_apps", "search_docs"]);
    await client.close();
  });

  it("admits the client applications of MCP_AUTH_ALLOWED_CLIENT_IDS and VS Code, and no other", async () => {
    const status = async (azp: string) =>
      (
        await fetch(server.url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${await idp.token({ aud: CLIENT_ID, scp: "user_impersonation", azp })}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        })
      ).status;
    expect(await status(LISTED_CLIENT)).toBe(200);
    expect(await status("aebc6443-996d-45c2-90f0-388ff96faa56")).toBe(200);
    expect(await status("99999999-0000-0000-0000-000000000000")).toBe(401);
  });

  it("refuses a caller without a token (401, metadata challenge) and admits the app's public Host", async () => {
    const unauthenticated = await fetch(server.url, { method: "POST", body: "{}" });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get("www-authenticate")).toContain(
      `resource_metadata="https://${PUBLIC_HOST}/.well-known/oauth-protected-resource/mcp"`,
    );
    const withHost = async (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          server.url,
          { method: "POST", headers: { host, "content-type": "application/json" } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end("{}");
      });
    expect(await withHost(PUBLIC_HOST)).toBe(401);
    expect(await withHost("evil.example.com")).toBe(403);
    const metadata = await fetch(new URL("/.well-known/oauth-protected-resource", server.url));
    expect(await metadata.json()).toMatchObject({
      resource: `https://${PUBLIC_HOST}/mcp`,
      authorization_servers: [idp.issuer],
      scopes_supported: [`${APP_ID_URI}/user_impersonation`],
    });
  });
});
