// The `mcp` keys of vars.yml: limits of the `docs-index mcp` tools and, for a non-loopback Streamable HTTP bind,
// the Entra ID token validation callers must pass (audience and app role). Optional: every key has a default,
// and without `auth` the server binds loopback only.
import { z } from "zod";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const mcpAuthConfigSchema = z.strictObject({
  /** The Entra ID tenant whose tokens are accepted (issuer https://login.microsoftonline.com/{tenant_id}/v2.0). */
  tenant_id: z.string().regex(GUID, { message: "expected the Entra ID tenant id (a GUID)" }),
  /** The `aud` a token must carry: the server's app registration (its client id or Application ID URI). */
  audience: z.string().min(1, { message: "expected the audience tokens must carry (app id URI or client id)" }),
  /** The app role a token's `roles` claim must contain. */
  required_role: z.string().min(1, { message: "expected the app role callers must hold, e.g. Docs.Search" }),
  /** The OpenID provider's base URL; the default is Entra ID's public cloud. */
  authority: z
    .string()
    .refine((v) => URL.canParse(v) && new URL(v).protocol === "https:", {
      message: "expected the authority as an https URL",
    })
    .default("https://login.microsoftonline.com"),
});

export const mcpConfigSchema = z.strictObject({
  /** Results of search_docs when `top` is not given. */
  default_top: z.number().int().min(1).max(50).default(5),
  /** Larger `top` values are clamped to this; at most 50. */
  top_cap: z.number().int().min(1).max(50, { message: "expected at most 50 (the server's hard ceiling)" }).default(50),
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
  /** Required to bind a non-loopback address: callers must present an Entra ID token this validates. */
  auth: mcpAuthConfigSchema.optional(),
});

export type McpConfig = z.infer<typeof mcpConfigSchema>;
export type McpAuthConfig = z.infer<typeof mcpAuthConfigSchema>;
