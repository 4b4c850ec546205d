// The loopback rule, written once for the whole repository: which hosts and URLs are local (Azurite, the search
// stand-in, stubs, a local OIDC server). Plain http, keys and connection strings are accepted only for these.
// shared/ holds what the receiver (webhook/) and the product (src/) both use: the receiver is deployed on its own,
// so its build compiles shared/ into its package (webhook/tsconfig.json), and shared/ imports nothing. Pure.

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** True for localhost, ::1 (bracketed as in a URL or bare) and 127.0.0.0/8, in any letter case. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || host === "::1" || IPV4_LOOPBACK.test(host);
}

/** True when `url` parses as an absolute URL whose host is a loopback address. */
export function isLoopback(url: string): boolean {
  return URL.canParse(url) && isLoopbackHost(new URL(url).hostname);
}
