// The `mcp` keys of vars.yml: limits of the `docs-index mcp` tools and, for a non-loopback or hosted Streamable
// HTTP server, the Entra ID token validation callers must pass (audience, tenant, and a delegated scope or an
// app role), the public host names the server answers under and the resource it publishes metadata for.
// Optional: every key has a default, and without `auth` the server binds loopback only.
import { z } from "zod";
import { isLoopbackHost } from "../../shared/loopback.js";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** https, or http on a loopback host (a local OpenID provider in tests and `npm run local`). */
function httpsOrLoopback(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const url = new URL(v);
  return (
    url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname.replace(/^\[|\]$/g, "")))
  );
}

/** A published scope in full form: `<Application ID URI>/<scope name>`, e.g. api://docs-index-mcp/user_impersonation. */
export const FULL_SCOPE = /^(api:\/\/|https:\/\/)\S+\/[A-Za-z0-9._-]+$/;

/** The scope's own name (what Entra ID puts in `scp`): the part after the last slash. */
export function scopeName(fullScope: string): string {
  return fullScope.slice(fullScope.lastIndexOf("/") + 1);
}

export const mcpAuthConfigSchema = z
  .strictObject({
    /** The Entra ID tenant whose tokens are accepted (issuer and `tid`). */
    tenant_id: z.string().regex(GUID, { message: "expected the Entra ID tenant id (a GUID)" }),
    /**
     * The `aud` a token must carry: the server's app registration, its client id (v2.0 tokens) and/or its
     * Application ID URI (v1.0 tokens). One value or a list.
     */
    audience: z.union([
      z.string().min(1, { message: "expected the audience tokens must carry (client id or Application ID URI)" }),
      z
        .array(z.string().min(1))
        .min(1, { message: "expected at least one audience (client id or Application ID URI)" }),
    ]),
    /**
     * The delegated scope in full form (`<Application ID URI>/user_impersonation`): published in the metadata and
     * the challenge; a user's token passes when its `scp` claim holds the scope's name.
     */
    scope: z
      .string()
      .regex(FULL_SCOPE, { message: "expected the scope in full form: <Application ID URI>/user_impersonation" })
      .optional(),
    /** An app role: an application's token (client credentials) passes when its `roles` claim holds it. */
    required_role: z
      .string()
      .min(1, { message: "expected the app role callers must hold, e.g. Docs.Search" })
      .optional(),
    /** The OpenID provider's base URL (discovery at {authority}/{tenant_id}/v2.0/.well-known/openid-configuration). */
    authority: z
      .string()
      .refine(httpsOrLoopback, { message: "expected the authority as an https URL (http only on a loopback host)" })
      .default("https://login.microsoftonline.com"),
    /**
     * The public URL of the MCP endpoint (https://<host>/mcp). When set, the server itself serves RFC 9728
     * protected-resource metadata and names it in its 401 challenges (for hosts without a platform doing that).
     */
    resource: z
      .string()
      .refine((v) => httpsOrLoopback(v) && new URL(v).pathname !== "/", {
        message: "expected the MCP endpoint's public URL, e.g. https://docs-mcp.example.com/mcp",
      })
      .optional(),
    /**
     * Client applications whose tokens are accepted besides VS Code's (always admitted): `azp` of a v2.0 token,
     * `appid` of a v1.0 token. An application calling as itself is listed by its own client id.
     */
    allowed_client_ids: z.array(z.string().regex(GUID, { message: "expected a client id (a GUID)" })).default([]),
  })
  .refine((a) => a.scope !== undefined || a.required_role !== undefined, {
    message: "expected a scope (delegated: users), a required_role (applications), or both",
    path: ["scope"],
  });

const hostName = z
  .string()
  .regex(/^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/, {
    message: "expected a host name such as func-docs-mcp.azurewebsites.net (no scheme, no path)",
  });

/** The registration's identifiers of the hosted endpoint (created once per environment; docs/mcp-hosting.md). */
const mcpRegistrationSchema = z.strictObject({
  /** Application (client) id of the MCP server's app registration. */
  client_id: z.string().regex(GUID, { message: "expected the app registration's application (client) id (a GUID)" }),
  /** Its Application ID URI (the `resource` clients ask tokens for). */
  app_id_uri: z.string().regex(/^(api:\/\/|https:\/\/)\S+[^/]$/, {
    message: "expected the Application ID URI, e.g. api://docs-index-mcp (no trailing slash)",
  }),
  /** The delegated scope's name on the registration; published as <app_id_uri>/<scope>. */
  scope: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, { message: "expected a scope name such as user_impersonation" })
    .default("user_impersonation"),
  /** An app role applications may hold instead of the scope (client credentials). Optional. */
  app_role: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9._-]*$/, { message: "expected an app role name such as Docs.Search" })
    .optional(),
  /** Client applications admitted besides VS Code (pre-authorized on the registration). */
  allowed_client_ids: z.array(z.string().regex(GUID, { message: "expected a client id (a GUID)" })).default([]),
  /**
   * App Service authentication's own browser sign-in (`/.auth/login/aad`, e.g. to consent for oneself in a test).
   * Off: bearer tokens only, and no credential for the registration exists anywhere. On: a dedicated identity with
   * no role becomes the registration's federated credential instead of a client secret (docs/mcp-hosting.md).
   */
  browser_sign_in: z.boolean({ error: "expected true or false" }).default(false),
});

const mcpHostedConfigSchema = z.strictObject({
  /** Off by default; true deploys the stack docs-mcp. */
  enabled: z.boolean({ error: "expected true or false" }).default(false),
  /** The function app's name: https://<name>.azurewebsites.net/mcp. */
  function_app_name: z.string().regex(/^[a-z0-9](?!.*--)[a-z0-9-]{0,58}[a-z0-9]$/, {
    message: "expected a function app name: lowercase letters, digits and dashes",
  }),
  /** The app's own storage account (host storage and the deployment package). */
  storage_account: z
    .string()
    .regex(/^[a-z0-9]{3,24}$/, { message: "expected a storage account name: 3-24 lowercase letters and digits" }),
  registration: mcpRegistrationSchema,
  /** The existing Log Analytics workspace (resource id) that receives the app's diagnostics and telemetry. */
  log_analytics_workspace_id: z
    .string()
    .regex(
      /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/Microsoft\.OperationalInsights\/workspaces\/[^/]+$/i,
      {
        message:
          "expected a Log Analytics workspace resource id: /subscriptions/<id>/resourceGroups/<rg>/providers/Microsoft.OperationalInsights/workspaces/<name>",
      },
    ),
  maximum_instance_count: z.number().int().min(40).max(1000).default(40),
  instance_memory_mb: z
    .union([z.literal(512), z.literal(2048), z.literal(4096)], { error: "expected 512, 2048 or 4096" })
    .default(2048),
  /**
   * Zone-balanced Flex plan and zone-redundant (ZRS) app storage (Checkov CKV_AZURE_225). Costs money: the
   * platform then keeps at least two always-ready instances warm. On in prod, off elsewhere.
   */
  zone_redundant: z.boolean({ error: "expected true or false" }).default(false),
  /** Always-ready instances (cut cold starts; billed while idle). */
  always_ready_instances: z.number().int().min(0).max(1000).default(0),
  /**
   * Where the server's identity may query: `index` (default) the index it serves and its alias only; `service`
   * every index of the search service, the fallback should a query through the alias need the generation's scope
   * (UNCONFIRMED, docs/infrastructure.md).
   */
  search_role_scope: z.enum(["index", "service"], { error: "expected index or service" }).default("index"),
});

/** Default of `tool_calls_per_minute` (also the hosted app's MCP_TOOL_CALLS_PER_MINUTE). */
export const DEFAULT_TOOL_CALLS_PER_MINUTE = 120;

export const mcpConfigSchema = z
  .strictObject({
    /** Results of search_docs when `top` is not given. */
    default_top: z.number().int().min(1).max(50).default(5),
    /** Larger `top` values are clamped to this; at most 50. */
    top_cap: z
      .number()
      .int()
      .min(1)
      .max(50, { message: "expected at most 50 (the server's hard ceiling)" })
      .default(50),
    /** Bound of each search hit's passage (`snippet`), in characters; the token budget may make it shorter. */
    snippet_chars: z.number().int().min(50).max(4000).default(1600),
    /** Ceiling of the text get_doc returns per call (its `max_chars`), in characters; the token budget applies too. */
    page_chars: z.number().int().min(500).max(100_000).default(80_000),
    /** How often the `format` coverage behind the dedup filter (and the provenance facts) are re-read. */
    recheck_seconds: z.number().int().min(5).max(86_400).default(300),
    /** Browser origins allowed besides loopback ones (the MCP specification requires Origin validation). */
    allowed_origins: z
      .array(
        z.string().refine((v) => URL.canParse(v) && new URL(v).origin === v, {
          message: "expected an origin such as https://host:port",
        }),
      )
      .default([]),
    /**
     * Host names the server answers under besides loopback ones (behind a proxy or the Functions host the `Host`
     * header is the public name); `https://<host>` is then an allowed Origin too.
     */
    public_hosts: z.array(hostName).default([]),
    /** Required to bind a non-loopback address or to serve hosted: callers must present an Entra ID token. */
    auth: mcpAuthConfigSchema.optional(),
    /** Tool calls per minute and caller (a token's tenant and object id); beyond it 429 with Retry-After. */
    tool_calls_per_minute: z.number().int().min(1).max(100_000).default(DEFAULT_TOOL_CALLS_PER_MINUTE),
    /** Stateful sessions one caller may hold at once (`--http` without `--stateless`). */
    sessions_per_caller: z.number().int().min(1).max(1000).default(20),
    /**
     * The hosted app (stack `docs-mcp`): a Flex Consumption function app serving this server statelessly behind
     * App Service authentication. Off unless set (docs/mcp-hosting.md).
     */
    hosted: mcpHostedConfigSchema.optional(),
  })
  // A public host name means requests from beyond this machine (a proxy, a platform) reach the server: without
  // token validation anyone could call it.
  .superRefine((c, ctx) => {
    if (c.public_hosts.length > 0 && c.auth === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["public_hosts"],
        message:
          "expected an mcp.auth section with public_hosts: a public host name exposes the server beyond this machine, which needs token validation (tenant_id, audience, scope and/or required_role)",
      });
  });

export type McpConfig = z.infer<typeof mcpConfigSchema>;
export type McpAuthConfig = z.infer<typeof mcpAuthConfigSchema>;
export type McpRegistration = z.infer<typeof mcpRegistrationSchema>;

/** VS Code's client id: Microsoft documents pre-authorizing it for MCP servers behind Entra ID. */
export const VSCODE_CLIENT_ID = "aebc6443-996d-45c2-90f0-388ff96faa56";

/** The scope in full form, as published: <Application ID URI>/<scope>. */
export function fullScope(registration: Pick<McpRegistration, "app_id_uri" | "scope">): string {
  return `${registration.app_id_uri}/${registration.scope}`;
}
