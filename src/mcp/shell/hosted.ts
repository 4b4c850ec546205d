// The hosted server (the deployed package's entry, scripts/mcp-server.ts): configuration from app settings, the
// search service through the app's managed identity, Streamable HTTP in stateless mode on the port the Functions
// host gives (FUNCTIONS_CUSTOMHANDLER_PORT), on loopback: the host forwards every request there after App Service
// authentication, and the server validates the caller's Entra ID token again itself. Throws McpAppSettingsError
// (bad app settings) or McpStartRefused (discovery failed, port taken) for the entry point to report.
import { readMcpAppSettings } from "../../config/mcp-app-settings.js";
import { createBlobService, createSearchClients } from "../../search/io/clients.js";
import { DEFAULT_SERVICE_OPTIONS } from "../../search/io/service-options.js";
import { startMcp } from "./run.js";
import type { RunningHttp } from "./http.js";

/** Where the Functions host forwards requests (the custom handler listens on loopback). */
const HOSTED_BIND = "127.0.0.1";

export async function startHostedMcp(
  env: NodeJS.ProcessEnv,
  version: string,
  log: (line: string) => void,
): Promise<RunningHttp> {
  const settings = readMcpAppSettings(env);
  const clients = await createSearchClients(
    settings.endpoint,
    settings.adminKey ? { kind: "admin-key", key: settings.adminKey } : { kind: "identity" },
    settings.search.api_version,
    DEFAULT_SERVICE_OPTIONS,
  );
  // The pages' main content comes from the docs container (the identity holds Storage Blob Data Reader on it;
  // locally, Azurite's shared key); without either the tools answer from the index's content.
  const blobTarget = settings.emulatorConnectionString
    ? { connectionString: settings.emulatorConnectionString }
    : settings.blobEndpoint
      ? { accountUrl: settings.blobEndpoint }
      : undefined;
  const pages = blobTarget
    ? (await createBlobService(blobTarget, DEFAULT_SERVICE_OPTIONS)).getContainerClient(settings.search.container)
    : undefined;
  const started = await startMcp({
    clients,
    ...(pages ? { pages } : {}),
    search: settings.search,
    mcp: settings.mcp,
    version,
    transport: { kind: "http", host: HOSTED_BIND, port: settings.port, stateless: true },
    log,
  });
  log(
    `docs-index mcp (hosted, stateless) on ${started.http!.url} for ${settings.mcp.public_hosts.join(", ")}; index ${settings.search.index_name} at ${settings.endpoint}`,
  );
  return started.http!;
}
