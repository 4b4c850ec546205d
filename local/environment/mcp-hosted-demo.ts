// A step of `npm run local`: the hosted endpoint's behaviour, offline. Two `docs-index mcp --http --stateless`
// processes (the environment's config plus an mcp.auth section naming a local OpenID provider with generated keys)
// behind a round-robin proxy, as the platform scales the hosted app out: a caller without a token gets 401 with
// the resource_metadata challenge, the metadata names the authorization server and the scope, and a signed-in
// client's initialize, tools/list and 20 search_docs calls are answered alternately by both processes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startLocalOpenIdProvider } from "../mcp-hosting/openid-provider.js";
import { startRoundRobinProxy } from "../mcp-hosting/round-robin-proxy.js";
import { startStatelessDocsIndex } from "../mcp-hosting/server-process.js";
import { LOCAL_VARS_FILE } from "./services.js";
import { freePort } from "../mcp-hosting/free-port.js";

export interface McpHostedFigures {
  processes: number;
  calls: number;
  errors: number;
  /** Requests each process answered (through the proxy). */
  served: number[];
  unauthenticatedStatus: number;
  challenge: string | null;
  metadata: { authorization_servers?: string[]; scopes_supported?: string[] };
}

const APP_ID_URI = "api://docs-index-mcp-local";
const QUERIES = ["refunds", "getting started", "sign in tokens", "webhooks api"];

export async function hostedMcpOffline(
  env: Record<string, string>,
): Promise<{ transcript: string; figures: McpHostedFigures }> {
  const idp = await startLocalOpenIdProvider();
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-hosted-"));
  const proxyPort = await freePort();
  const resource = `http://127.0.0.1:${proxyPort}/mcp`;
  const varsFile = path.join(dir, "vars.yml");
  writeFileSync(
    varsFile,
    `${readFileSync(LOCAL_VARS_FILE, "utf8")}
mcp:
  auth:
    tenant_id: ${idp.tenantId}
    audience: ${APP_ID_URI}
    scope: ${APP_ID_URI}/user_impersonation
    authority: ${idp.authority}
    resource: ${resource}
`,
  );
  const serverEnv = { ...getDefaultEnvironment(), ...env, VARS_FILE: varsFile };
  const processes = await Promise.all([startStatelessDocsIndex(serverEnv), startStatelessDocsIndex(serverEnv)]);
  try {
    const proxy = await startRoundRobinProxy(
      processes.map((p) => new URL(p.url).origin),
      proxyPort,
    );
    try {
      const unauthenticated = await fetch(resource, { method: "POST", body: "{}" });
      const metadata = (await (
        await fetch(`http://127.0.0.1:${proxyPort}/.well-known/oauth-protected-resource/mcp`)
      ).json()) as McpHostedFigures["metadata"];
      const token = await idp.token({ aud: APP_ID_URI, scp: "user_impersonation" });
      const client = new Client({ name: "npm-run-local", version: "1" });
      let errors = 0;
      client.onerror = () => errors++;
      await client.connect(
        new StreamableHTTPClientTransport(new URL(resource), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const tools = (await client.listTools()).tools.map((t) => t.name);
      for (let i = 0; i < 20; i++) {
        const result = await client.callTool({ name: "search_docs", arguments: { query: QUERIES[i % 4] } });
        if (result.isError) errors++;
      }
      await client.close();
      const figures: McpHostedFigures = {
        processes: processes.length,
        calls: 20,
        errors,
        served: proxy.served(),
        unauthenticatedStatus: unauthenticated.status,
        challenge: unauthenticated.headers.get("www-authenticate"),
        metadata,
      };
      const transcript = [
        `POST ${resource} without a token: ${figures.unauthenticatedStatus}, WWW-Authenticate: ${figures.challenge}`,
        `metadata: authorization_servers ${JSON.stringify(metadata.authorization_servers)}, scopes_supported ${JSON.stringify(metadata.scopes_supported)}`,
        `signed in (local OpenID provider): tools ${tools.join(", ")}; 20 search_docs calls, ${errors} errors`,
        `requests answered per process: ${figures.served.join(" / ")}`,
      ].join("\n");
      return { transcript, figures };
    } finally {
      await proxy.close();
    }
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await idp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
