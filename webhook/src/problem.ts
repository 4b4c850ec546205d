// RFC 7807 problem details as the receiver issues them: type, title, status, detail, instance (the request
// path), requestId, traceId (traceparent format) and, for validation failures, errors as {key, values} pairs.
export interface FieldError {
  /** The failing field: a payload property (`OrgId`, `ObjectId.NoteId`), a header (`x-fv-messageid`) or `body`. */
  key: string;
  values: string[];
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  requestId: string;
  traceId: string;
  errors?: FieldError[];
}

/** Where a problem happened, taken from the request. */
export interface ProblemContext {
  instance: string;
  requestId: string;
  traceId: string;
}

/** Stable problem type URIs (relative references, RFC 7807 §3.1), one per failure the receiver reports. */
export const PROBLEM_TYPES = {
  invalidJson: "/problems/webhooks/invalid-json",
  validation: "/problems/webhooks/validation",
  unsupportedMediaType: "/problems/webhooks/unsupported-media-type",
  payloadTooLarge: "/problems/webhooks/payload-too-large",
  methodNotAllowed: "/problems/webhooks/method-not-allowed",
  notFound: "/problems/webhooks/not-found",
  unauthorized: "/problems/webhooks/unauthorized",
  forbidden: "/problems/webhooks/forbidden",
  deliveryInProgress: "/problems/webhooks/delivery-in-progress",
  /** The message id was first accepted with a different body (the stored body hash differs). */
  messageIdConflict: "/problems/webhooks/message-id-conflict",
  /** The delivery could not be written to the queue; nothing was acknowledged. */
  queueUnavailable: "/problems/webhooks/queue-unavailable",
  downstreamUnavailable: "/problems/webhooks/downstream-unavailable",
  downstreamRejected: "/problems/webhooks/downstream-rejected",
  internal: "/problems/webhooks/internal-error",
} as const;

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

const PROBLEM_CONTENT_TYPE = "application/problem+json";

function problemBody(
  ctx: ProblemContext,
  status: number,
  type: string,
  detail: string,
  errors?: FieldError[],
): ProblemDetails {
  const body: ProblemDetails = {
    type,
    title: TITLES[status] ?? "Error",
    status,
    detail,
    instance: ctx.instance,
    requestId: ctx.requestId,
    traceId: ctx.traceId,
  };
  if (errors && errors.length > 0) body.errors = errors;
  return body;
}

/** A problem response; `headers` adds e.g. Allow, Retry-After or WWW-Authenticate. */
export function problemResponse(
  ctx: ProblemContext,
  status: number,
  type: string,
  detail: string,
  options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
): { status: number; headers: Record<string, string>; jsonBody: ProblemDetails } {
  return {
    status,
    headers: { "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store", ...options.headers },
    jsonBody: problemBody(ctx, status, type, detail, options.errors),
  };
}
