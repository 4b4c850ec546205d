// OAuth 2.0 protected-resource metadata (RFC 9728) for the MCP endpoint and the 401 challenge that points to it,
// as the MCP authorization specification asks: an agent host reads which authorization server (the Entra ID
// tenant) issues tokens for this server and with which scope, then signs the user in. Behind App Service
// authentication the platform serves the same (WEBSITE_AUTH_PRM_DEFAULT_WITH_SCOPES); elsewhere the server does.
// Pure.
import type { OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { McpAuthConfig } from "../../config/mcp.js";

/** Where RFC 9728 puts the metadata of https://host/mcp: https://host/.well-known/oauth-protected-resource/mcp
 * (the rule of the SDK's getOAuthProtectedResourceMetadataUrl, whose module loads Express: a test holds them equal). */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname && url.pathname !== "/" ? url.pathname : "";
  return new URL(`/.well-known/oauth-protected-resource${path}`, url).href;
}

/** The paths the metadata is served at: RFC 9728's path-suffixed one and the root one App Service serves. */
export function resourceMetadataPaths(resource: string): string[] {
  return [...new Set([new URL(resourceMetadataUrl(resource)).pathname, "/.well-known/oauth-protected-resource"])];
}

/** The Entra ID tenant's issuer, which is the authorization server clients sign in with. */
function authorizationServer(auth: Pick<McpAuthConfig, "authority" | "tenant_id">): string {
  return `${auth.authority.replace(/\/+$/, "")}/${auth.tenant_id}/v2.0`;
}

export function protectedResourceMetadata(
  auth: Pick<McpAuthConfig, "authority" | "tenant_id" | "scope">,
  resource: string,
): OAuthProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: [authorizationServer(auth)],
    ...(auth.scope !== undefined ? { scopes_supported: [auth.scope] } : {}),
    bearer_methods_supported: ["header"],
    resource_name: "docs-index (documentation search)",
  };
}

/** A generic description of a refused token (RFC 6750 §3: human-readable, for the client's developer). */
const INVALID_TOKEN_DESCRIPTION = "The access token is not valid for this server";

/**
 * The `WWW-Authenticate` value of a 401 or 403 (RFC 6750 §3): no `error` when the request carried no token
 * (§3.1), `invalid_token` with a generic description, or `insufficient_scope`; with a configured resource the
 * metadata URL (RFC 9728) and the scope, so a client that has no token learns where to get one.
 */
export function bearerChallenge(
  error: "invalid_token" | "insufficient_scope" | undefined,
  auth: Pick<McpAuthConfig, "scope" | "resource">,
): string {
  const parts: string[] = [];
  if (error !== undefined) parts.push(`error="${error}"`);
  if (error === "invalid_token") parts.push(`error_description="${INVALID_TOKEN_DESCRIPTION}"`);
  if (auth.resource !== undefined) parts.push(`resource_metadata="${resourceMetadataUrl(auth.resource)}"`);
  if (auth.scope !== undefined) parts.push(`scope="${auth.scope}"`);
  return parts.length > 0 ? `Bearer ${parts.join(", ")}` : "Bearer";
}
