// Who may reach the Streamable HTTP transport. The MCP specification requires servers to validate the Origin
// header (DNS rebinding: a web page must not drive a local server) and recommends binding to localhost; a
// non-loopback bind is allowed here only when callers must present an Entra ID token. Pure.
import { isLoopbackHost } from "../../../shared/loopback.js";

export const MCP_PATH = "/mcp";

/**
 * Why serving is refused, or undefined when it is allowed: a non-loopback bind, or public host names (a proxy or
 * a platform forwards requests from beyond this machine), without token validation.
 */
export function bindRefusal(
  host: string,
  authConfigured: boolean,
  publicHosts: readonly string[] = [],
): string | undefined {
  if (authConfigured) return undefined;
  if (publicHosts.length > 0)
    return `refusing to serve public host names (mcp.public_hosts: ${publicHosts.join(", ")}) without token validation. Add an mcp.auth section (tenant_id, audience, scope and/or required_role), or remove mcp.public_hosts to serve this machine only`;
  if (isLoopbackHost(stripBrackets(host))) return undefined;
  return `refusing to bind ${host}: a non-loopback address needs token validation. Add an mcp.auth section (tenant_id, audience, scope and/or required_role) to the config so callers must present an Entra ID token, or bind 127.0.0.1`;
}

function stripBrackets(host: string): string {
  return host.replace(/^\[(.*)\]$/, "$1");
}

/**
 * An Origin header the server accepts: none (agent hosts are not browsers), a loopback origin, one listed in the
 * config, or `https://<public host>` of a configured public host name.
 */
export function originAllowed(
  origin: string | undefined,
  allowedOrigins: readonly string[],
  publicHosts: readonly string[] = [],
): boolean {
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol === "https:" && publicHosts.some((h) => sameHost(h, url.host))) return true;
  return (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(stripBrackets(url.hostname));
}

/**
 * The Host header: a configured public host name (behind a proxy or the Functions host the request keeps the
 * app's public name) always passes; otherwise on a loopback bind it must name a loopback host (a rebound DNS name
 * does not), and on another bind anything passes unless public hosts are configured.
 */
export function hostAllowed(
  hostHeader: string | undefined,
  loopbackBind: boolean,
  publicHosts: readonly string[] = [],
): boolean {
  if (hostHeader !== undefined && publicHosts.some((h) => sameHost(h, hostHeader))) return true;
  if (!loopbackBind) return publicHosts.length === 0;
  if (hostHeader === undefined) return false;
  const hostname = URL.canParse(`http://${hostHeader}`) ? new URL(`http://${hostHeader}`).hostname : "";
  return isLoopbackHost(stripBrackets(hostname));
}

/** Host names compare case-insensitively; a configured name without a port admits any port (443 is elided). */
function sameHost(configured: string, actual: string): boolean {
  const c = configured.toLowerCase();
  const a = actual.toLowerCase();
  return c === a || (!c.includes(":") && a.replace(/:\d+$/, "") === c);
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
