// Who may reach the Streamable HTTP transport. The MCP specification requires servers to validate the Origin
// header (DNS rebinding: a web page must not drive a local server) and recommends binding to localhost; a
// non-loopback bind is allowed here only when callers must present an Entra ID token. Pure.
import { isLoopbackHost } from "../../search/service/endpoint.js";

export const MCP_PATH = "/mcp";

/** Why a bind is refused, or undefined when it is allowed. */
export function bindRefusal(host: string, authConfigured: boolean): string | undefined {
  if (isLoopbackHost(stripBrackets(host)) || authConfigured) return undefined;
  return `refusing to bind ${host}: a non-loopback address needs token validation. Add an mcp.auth section (tenant_id, audience, required_role) to the config so callers must present an Entra ID token, or bind 127.0.0.1`;
}

function stripBrackets(host: string): string {
  return host.replace(/^\[(.*)\]$/, "$1");
}

/** An Origin header the server accepts: none (not a browser), a loopback origin, or one listed in the config. */
export function originAllowed(origin: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(stripBrackets(url.hostname));
}

/** On a loopback bind the Host header must name a loopback host too (a rebound DNS name does not). */
export function hostAllowed(hostHeader: string | undefined, loopbackBind: boolean): boolean {
  if (!loopbackBind) return true;
  if (hostHeader === undefined) return false;
  const hostname = URL.canParse(`http://${hostHeader}`) ? new URL(`http://${hostHeader}`).hostname : "";
  return isLoopbackHost(stripBrackets(hostname));
}

/** The URL the server serves on, for people (IPv6 literals in brackets). */
export function servedUrl(host: string, port: number): string {
  const h = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  return `http://${h}:${port}${MCP_PATH}`;
}

/** The Entra ID token a caller presents: `Authorization: Bearer <jwt>`. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(authorization ?? "");
  return m?.[1];
}
