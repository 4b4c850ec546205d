// Endpoint rules, written once: what counts as a loopback (local stand-in / Azurite) endpoint. Plain http, admin
// keys and connection strings are accepted only for these. Pure.

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || host === "::1" || /^127\./.test(host);
}

/** True when `url` parses and its host is a loopback address. */
export function isLoopback(url: string): boolean {
  return URL.canParse(url) && isLoopbackHost(new URL(url).hostname);
}
