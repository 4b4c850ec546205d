// The hosted MCP server's configuration: app settings (environment variables) of the function app, not vars.yml,
// so the deployed package carries no environment's file. The stack (stacks/docs-mcp/app-settings.ts) writes
// exactly these names; docs/mcp-hosting.md lists them. Validated at start; an error names the setting and what
// was expected, and the server does not start.
import { z } from "zod";
import { DEFAULT_SEARCH_API_VERSION } from "./api-version.js";
import { isLoopback } from "../../shared/loopback.js";
import { DEFAULT_TOOL_CALLS_PER_MINUTE, FULL_SCOPE, mcpConfigSchema, type McpConfig } from "./mcp.js";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const name = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,127}$/, { message: "expected a lowercase name of letters, digits and dashes" })
    .default(fallback);
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const mcpAppSettingsSchema = z
  .object({
    /** The search service: https://<service>.search.windows.net (http only for a loopback stand-in). */
    DOCS_SEARCH_ENDPOINT: z
      .string({ error: "expected the search service endpoint (a URL)" })
      .refine((v) => URL.canParse(v) && (new URL(v).protocol === "https:" || isLoopback(v)), {
        message: "expected the search service endpoint as an https URL",
      }),
    DOCS_URL: z
      .string({ error: "expected the public documentation base URL" })
      .url({ message: "expected the public documentation base URL (a URL)" }),
    DOCS_CONTAINER: z.string().default("$web"),
    DOCS_INDEX_NAME: name("docs-index"),
    DOCS_INDEXER_NAME: name("docs-indexer"),
    DOCS_SEARCH_API_VERSION: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, { message: "expected an api-version such as 2026-04-01" })
      .default(DEFAULT_SEARCH_API_VERSION),
    DOCS_AGENTIC_RETRIEVAL: z.enum(["true", "false"], { error: "expected true or false" }).default("false"),
    DOCS_KNOWLEDGE_SOURCE_NAME: name("docs-knowledge-source"),
    DOCS_KNOWLEDGE_BASE_NAME: name("docs-knowledge-base"),
    /** The docs account's blob endpoint (the answers that read page blobs); optional. */
    DOCS_STORAGE_BLOB_ENDPOINT: z
      .string()
      .url({ message: "expected the docs account's blob endpoint (a URL)" })
      // The identity's bearer token is never sent over http (the storage SDK refuses it at the first page read).
      .refine((v) => new URL(v).protocol === "https:", {
        message:
          "expected the docs account's blob endpoint as an https URL (for the local emulator over http, set DOCS_STORAGE_CONNECTION_STRING instead)",
      })
      .optional(),
    /**
     * Azurite's connection string, for running the package locally (docs/mcp-hosting.md): shared-key page reads, since
     * the storage SDK sends no bearer token over http. Refused unless its BlobEndpoint is a loopback address.
     */
    DOCS_STORAGE_CONNECTION_STRING: z.string().min(1).optional(),
    /** An admin key: the local stand-in only (a loopback DOCS_SEARCH_ENDPOINT); in Azure the managed identity. */
    SEARCH_ADMIN_KEY: z.string().min(1).optional(),
    MCP_AUTH_TENANT_ID: z.string({ error: "expected the Entra ID tenant id" }).regex(GUID, {
      message: "expected the Entra ID tenant id (a GUID)",
    }),
    /** The registration's client id: the `aud` of v2.0 tokens. */
    MCP_AUTH_CLIENT_ID: z.string({ error: "expected the app registration's client id" }).regex(GUID, {
      message: "expected the app registration's client id (a GUID)",
    }),
    /** The Application ID URI: the `aud` of v1.0 tokens, and the scope's prefix. */
    MCP_AUTH_APP_ID_URI: z
      .string({ error: "expected the Application ID URI" })
      .regex(/^(api:\/\/|https:\/\/)\S+[^/]$/, {
        message: "expected the Application ID URI, e.g. api://docs-index-mcp",
      }),
    /** The delegated scope in full form; default <MCP_AUTH_APP_ID_URI>/user_impersonation. */
    MCP_AUTH_SCOPE: z
      .string()
      .regex(FULL_SCOPE, { message: "expected the scope in full form: <Application ID URI>/user_impersonation" })
      .optional(),
    MCP_AUTH_REQUIRED_ROLE: z.string().min(1).optional(),
    /**
     * Client applications admitted besides VS Code (comma-separated client ids):
     * mcp.hosted.registration.allowed_client_ids.
     */
    MCP_AUTH_ALLOWED_CLIENT_IDS: list,
    MCP_AUTH_AUTHORITY: z.string().optional(),
    /** Public host names (comma-separated); default WEBSITE_HOSTNAME, which App Service sets. */
    MCP_PUBLIC_HOSTS: list,
    WEBSITE_HOSTNAME: z.string().optional(),
    /** The public MCP URL for the metadata; default https://<first public host>/mcp. */
    MCP_RESOURCE_URL: z.string().url({ message: "expected the public MCP URL, e.g. https://<app>/mcp" }).optional(),
    MCP_RECHECK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    MCP_TOOL_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_TOOL_CALLS_PER_MINUTE),
    /** The port the Functions host gives the custom handler. */
    FUNCTIONS_CUSTOMHANDLER_PORT: z.coerce
      .number({ error: "expected the port the Functions host gives (FUNCTIONS_CUSTOMHANDLER_PORT)" })
      .int()
      .min(1)
      .max(65535),
  })
  .superRefine((s, ctx) => {
    if (s.SEARCH_ADMIN_KEY !== undefined && !isLoopback(s.DOCS_SEARCH_ENDPOINT))
      ctx.addIssue({
        code: "custom",
        path: ["SEARCH_ADMIN_KEY"],
        message: "expected no admin key: keys are for a loopback stand-in only; the app uses its managed identity",
      });
    const emulator = s.DOCS_STORAGE_CONNECTION_STRING;
    if (emulator !== undefined) {
      const blobEndpoint = /BlobEndpoint=([^;]+)/i.exec(emulator)?.[1];
      if (!blobEndpoint || !isLoopback(blobEndpoint))
        ctx.addIssue({
          code: "custom",
          path: ["DOCS_STORAGE_CONNECTION_STRING"],
          message:
            "expected no connection string: it is for the local storage emulator only (its BlobEndpoint must be a loopback address); the app reads pages with its managed identity through DOCS_STORAGE_BLOB_ENDPOINT",
        });
      else if (s.DOCS_STORAGE_BLOB_ENDPOINT !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["DOCS_STORAGE_BLOB_ENDPOINT"],
          message:
            "expected either DOCS_STORAGE_BLOB_ENDPOINT or DOCS_STORAGE_CONNECTION_STRING (the local emulator), not both",
        });
    }
    if (s.MCP_PUBLIC_HOSTS.length === 0 && !s.WEBSITE_HOSTNAME)
      ctx.addIssue({
        code: "custom",
        path: ["MCP_PUBLIC_HOSTS"],
        message: "expected the public host name(s) (App Service sets WEBSITE_HOSTNAME; elsewhere set MCP_PUBLIC_HOSTS)",
      });
  });

export interface McpAppSettings {
  endpoint: string;
  adminKey?: string;
  port: number;
  search: {
    index_name: string;
    indexer_name: string;
    container: string;
    docs_url: string;
    api_version: string;
    agentic_retrieval: boolean;
    knowledge_base_name: string;
    knowledge_source_name: string;
  };
  blobEndpoint?: string;
  /** Azurite only (a loopback BlobEndpoint): page reads with its shared key. */
  emulatorConnectionString?: string;
  mcp: McpConfig;
}

export class McpAppSettingsError extends Error {
  override name = "McpAppSettingsError";
}

/** Reads and checks the app settings; throws McpAppSettingsError naming every bad setting. */
export function readMcpAppSettings(env: NodeJS.ProcessEnv): McpAppSettings {
  const parsed = mcpAppSettingsSchema.safeParse(env);
  if (!parsed.success)
    throw new McpAppSettingsError(
      `app settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  const s = parsed.data;
  const publicHosts = s.MCP_PUBLIC_HOSTS.length > 0 ? s.MCP_PUBLIC_HOSTS : [s.WEBSITE_HOSTNAME!];
  const mcp = mcpConfigSchema.safeParse({
    recheck_seconds: s.MCP_RECHECK_SECONDS,
    tool_calls_per_minute: s.MCP_TOOL_CALLS_PER_MINUTE,
    public_hosts: publicHosts,
    auth: {
      tenant_id: s.MCP_AUTH_TENANT_ID,
      audience: [s.MCP_AUTH_CLIENT_ID, s.MCP_AUTH_APP_ID_URI],
      scope: s.MCP_AUTH_SCOPE ?? `${s.MCP_AUTH_APP_ID_URI}/user_impersonation`,
      ...(s.MCP_AUTH_REQUIRED_ROLE ? { required_role: s.MCP_AUTH_REQUIRED_ROLE } : {}),
      ...(s.MCP_AUTH_AUTHORITY ? { authority: s.MCP_AUTH_AUTHORITY } : {}),
      resource: s.MCP_RESOURCE_URL ?? `https://${publicHosts[0]}/mcp`,
      allowed_client_ids: s.MCP_AUTH_ALLOWED_CLIENT_IDS,
    },
  });
  if (!mcp.success)
    throw new McpAppSettingsError(
      `app settings: ${mcp.error.issues.map((i) => `MCP_${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  return {
    endpoint: s.DOCS_SEARCH_ENDPOINT,
    ...(s.SEARCH_ADMIN_KEY ? { adminKey: s.SEARCH_ADMIN_KEY } : {}),
    port: s.FUNCTIONS_CUSTOMHANDLER_PORT,
    search: {
      index_name: s.DOCS_INDEX_NAME,
      indexer_name: s.DOCS_INDEXER_NAME,
      container: s.DOCS_CONTAINER,
      docs_url: s.DOCS_URL,
      api_version: s.DOCS_SEARCH_API_VERSION,
      agentic_retrieval: s.DOCS_AGENTIC_RETRIEVAL === "true",
      knowledge_base_name: s.DOCS_KNOWLEDGE_BASE_NAME,
      knowledge_source_name: s.DOCS_KNOWLEDGE_SOURCE_NAME,
    },
    ...(s.DOCS_STORAGE_BLOB_ENDPOINT ? { blobEndpoint: s.DOCS_STORAGE_BLOB_ENDPOINT } : {}),
    ...(s.DOCS_STORAGE_CONNECTION_STRING ? { emulatorConnectionString: s.DOCS_STORAGE_CONNECTION_STRING } : {}),
    mcp: mcp.data,
  };
}
