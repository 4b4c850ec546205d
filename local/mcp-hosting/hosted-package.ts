// The deployable MCP package (`npm run mcp:build` → .deploy/mcp) run on this machine as the Functions host runs it:
// `node dist/server.mjs` in the package folder, its configuration in app settings (environment variables), a local
// OpenID provider as the token authority, the search stand-in and Azurite as the services. What `npm run
// mcp:local` starts and test/mcp/shell/hosted.test.ts checks. Local tooling only.
import { startLocalOpenIdProvider, type LocalOpenIdProvider } from "./openid-provider.js";
import { startServerProcess, type ServerProcess } from "./server-process.js";
import { freePort } from "./free-port.js";

/** The registration the local package is configured with (examples, as in docs/mcp-hosting.md). */
const LOCAL_REGISTRATION = {
  clientId: "77777777-0000-0000-0000-000000000000",
  appIdUri: "api://docs-index-mcp-local",
  scope: "user_impersonation",
} as const;

/** The public documentation base the stand-in's documents map to (config/local/vars.yml). */
const LOCAL_DOCS_URL = "https://docs.dev.example.com";

export interface HostedPackageServices {
  /** The search stand-in and its admin key (accepted only because the endpoint is a loopback address). */
  searchEndpoint: string;
  searchAdminKey: string;
  /** Azurite's connection string (its public development key): the pages are read with it. */
  storageConnectionString: string;
}

export interface LocalHostedPackage {
  /** The MCP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  url: string;
  idp: LocalOpenIdProvider;
  /** The app settings the package was started with (no secrets beyond the local stand-ins' keys). */
  settings: Record<string, string>;
  /** A token for the package, signed by the local provider: delegated scope, valid for `expiresIn` (default 1 h). */
  token(expiresIn?: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the built package in `packageDir` with a local OpenID provider; stop() ends both. */
export async function startHostedPackage(
  packageDir: string,
  services: HostedPackageServices,
): Promise<LocalHostedPackage> {
  const idp = await startLocalOpenIdProvider();
  let server: ServerProcess | undefined;
  try {
    const port = await freePort();
    const settings: Record<string, string> = {
      FUNCTIONS_CUSTOMHANDLER_PORT: String(port),
      MCP_PUBLIC_HOSTS: `127.0.0.1:${port}`,
      MCP_RESOURCE_URL: `http://127.0.0.1:${port}/mcp`,
      DOCS_SEARCH_ENDPOINT: services.searchEndpoint,
      SEARCH_ADMIN_KEY: services.searchAdminKey,
      DOCS_URL: LOCAL_DOCS_URL,
      DOCS_STORAGE_CONNECTION_STRING: services.storageConnectionString,
      MCP_AUTH_TENANT_ID: idp.tenantId,
      MCP_AUTH_CLIENT_ID: LOCAL_REGISTRATION.clientId,
      MCP_AUTH_APP_ID_URI: LOCAL_REGISTRATION.appIdUri,
      MCP_AUTH_AUTHORITY: idp.authority,
    };
    server = await startServerProcess("node", ["dist/server.mjs"], {
      cwd: packageDir,
      servingLine: /\(hosted, stateless\) on (\S+)/,
      env: { PATH: process.env.PATH, ...settings },
    });
    const running = server;
    return {
      url: running.url,
      idp,
      settings,
      token: (expiresIn = "1h") =>
        idp.token({ aud: LOCAL_REGISTRATION.clientId, scp: LOCAL_REGISTRATION.scope }, { expiresIn }),
      stop: async () => {
        await running.stop();
        await idp.close();
      },
    };
  } catch (err) {
    await server?.stop();
    await idp.close();
    throw err;
  }
}
