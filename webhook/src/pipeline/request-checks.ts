// The request checks before the body is read: method, the optional in-process JWT, media type and declared size;
// then the body's actual size. Each check returns a Rejection or nothing; only the JWT check waits for anything.
import type { JwtValidator } from "../auth/validate-jwt.js";
import { checkJsonContentType } from "../content-type.js";
import { PROBLEM_TYPES } from "../problem.js";
import type { WebhookRequest } from "../request-context.js";
import { Rejection, RETRY_LATER } from "./rejection.js";

/** Largest accepted body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

const TOO_LARGE = `The body exceeds ${MAX_BODY_BYTES} bytes (1 MiB).`;

export function checkMethod(method: string): Rejection | undefined {
  if (method === "POST") return undefined;
  return new Rejection(405, PROBLEM_TYPES.methodNotAllowed, `${method} is not supported; deliver webhooks with POST.`, {
    headers: { allow: "POST" },
  });
}

/** Only with WEBHOOK_VALIDATE_JWT=true (development tunnel); the gateway validates the token in production. */
async function checkToken(jwt: JwtValidator, authorization: string | null): Promise<Rejection | undefined> {
  const verdict = await jwt.validate(authorization);
  if (verdict.ok) return undefined;
  const fields = { error: verdict.error };
  if (verdict.status === 503)
    return new Rejection(503, PROBLEM_TYPES.downstreamUnavailable, verdict.description, {
      headers: RETRY_LATER,
      fields,
    });
  return new Rejection(
    verdict.status,
    verdict.status === 401 ? PROBLEM_TYPES.unauthorized : PROBLEM_TYPES.forbidden,
    verdict.description,
    {
      fields,
      headers: {
        "www-authenticate": `Bearer error="${verdict.error}", error_description="${verdict.description.replace(/"/g, "'")}"`,
      },
    },
  );
}

export function checkMediaType(contentType: string | null): Rejection | undefined {
  const mediaType = checkJsonContentType(contentType);
  if (mediaType.ok) return undefined;
  return new Rejection(415, PROBLEM_TYPES.unsupportedMediaType, mediaType.reason, {
    headers: { accept: "application/json" },
  });
}

/** A declared Content-Length over the limit is refused before reading anything. */
export function checkDeclaredSize(contentLength: string | null): Rejection | undefined {
  const declared = Number(contentLength ?? "0");
  return Number.isFinite(declared) && declared > MAX_BODY_BYTES
    ? new Rejection(413, PROBLEM_TYPES.payloadTooLarge, TOO_LARGE)
    : undefined;
}

function checkHeaders(request: WebhookRequest): Rejection | undefined {
  return (
    checkMediaType(request.headers.get("content-type")) ?? checkDeclaredSize(request.headers.get("content-length"))
  );
}

/**
 * Everything checked before the body is read, in the order the answers are documented. A promise only when a JWT
 * is validated: the acknowledged path waits for nothing here.
 */
export function checkRequest(
  request: WebhookRequest,
  jwt?: JwtValidator,
): Rejection | undefined | Promise<Rejection | undefined> {
  const method = checkMethod(request.method);
  if (method || !jwt) return method ?? checkHeaders(request);
  return checkToken(jwt, request.headers.get("authorization")).then((token) => token ?? checkHeaders(request));
}

/** A body over the limit is a 413 whatever Content-Length said. */
export function checkBodySize(bytes: Uint8Array): Rejection | undefined {
  return bytes.byteLength > MAX_BODY_BYTES ? new Rejection(413, PROBLEM_TYPES.payloadTooLarge, TOO_LARGE) : undefined;
}
