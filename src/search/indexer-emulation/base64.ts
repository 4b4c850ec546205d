// The blob indexer's base64 mapping functions, emulated (docs/local-standin.md, Sources §1.1).
// Pure: used by the local stand-in's indexer and by `docs-index preview`.

/**
 * UNCONFIRMED (reference §1.1, §12): what the service emits for `useHttpServerUtilityUrlTokenEncode: true`
 * (the default when `parameters` is omitted, and so the form of every `metadata_storage_path` key mapped
 * with a bare `base64Encode`). .NET `HttpServerUtility.UrlTokenEncode` strips `=` padding and appends one
 * digit, the number of pad characters removed (`MDA-MDA_MDA1`). `"urlTokenWithPadDigit"` reproduces that;
 * `"urlSafeUnpadded"` emits the plain URL-safe form (`MDA-MDA_MDA`). Changing this changes every document
 * key (duplicates/orphans in a real index), so it lives here only.
 */
export const URL_TOKEN_ENCODE_FORM: "urlTokenWithPadDigit" | "urlSafeUnpadded" = "urlTokenWithPadDigit";

export interface Base64EncodeParameters {
  /** Default true when `parameters` is omitted (reference §1.1). */
  useHttpServerUtilityUrlTokenEncode?: boolean | null;
}

export interface Base64DecodeParameters {
  useHttpServerUtilityUrlTokenDecode?: boolean | null;
}

/** URL-safe base64 of the UTF-8 bytes of `input`, without padding. */
function urlSafeUnpadded(input: string): { body: string; padCount: number } {
  const standard = Buffer.from(input, "utf8").toString("base64");
  const body = standard.replace(/=+$/, "");
  return { body: body.replaceAll("+", "-").replaceAll("/", "_"), padCount: standard.length - body.length };
}

/**
 * `base64Encode` (reference §1.1): URL-safe base64 of the UTF-8 input. With the default
 * `useHttpServerUtilityUrlTokenEncode: true` the output form follows {@link URL_TOKEN_ENCODE_FORM}.
 */
export function base64Encode(input: string, parameters?: Base64EncodeParameters | null): string {
  const { body, padCount } = urlSafeUnpadded(input);
  const urlToken = parameters?.useHttpServerUtilityUrlTokenEncode ?? true;
  if (urlToken && URL_TOKEN_ENCODE_FORM === "urlTokenWithPadDigit") return `${body}${padCount}`;
  return body;
}

function decodeUrlSafe(body: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(body) || body.length % 4 === 1) return undefined;
  return Buffer.from(body.replaceAll("-", "+").replaceAll("_", "/"), "base64").toString("utf8");
}

/**
 * `base64Decode`, tolerant of both key forms (reference §1.1 recommendation): first (a) a trailing pad-count
 * digit is stripped and the rest decoded as URL-safe base64, then (b) the whole string is decoded as plain
 * URL-safe (or standard, padded) base64. Returns undefined for input that is neither.
 */
export function base64Decode(input: string, parameters?: Base64DecodeParameters | null): string | undefined {
  const urlToken = parameters?.useHttpServerUtilityUrlTokenDecode ?? true;
  const last = input.at(-1);
  if (urlToken && last !== undefined && /[0-2]/.test(last)) {
    const body = input.slice(0, -1);
    if ((body.length + Number(last)) % 4 === 0) {
      const decoded = decodeUrlSafe(body);
      if (decoded !== undefined) return decoded;
    }
  }
  const unpadded = input.replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
  return decodeUrlSafe(unpadded);
}
