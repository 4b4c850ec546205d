// Optimistic concurrency as the service does it (reference §5, CONC): every stored object has an ETag, sent
// as the `ETag` header and as `@odata.etag` in the body; `If-Match` / `If-None-Match` guard writes and deletes.
import { ServiceError, type Handler, type StandInRequest, type StandInResponse } from "../http.js";
import type { JsonObject, Stored } from "../state.js";

/** The service's 412 body (seen verbatim in Azure/azure-sdk-for-net#28054: the code is empty). */
const PRECONDITION_FAILED_MESSAGE =
  "The precondition given in one of the request headers evaluated to false. No change was made to the resource from this request.";

function bare(etag: string): string {
  return etag
    .trim()
    .replace(/^W\//, "")
    .replace(/^"(.*)"$/, "$1");
}

function header(req: StandInRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Throws 412 when the request's conditions do not hold for `existing` (undefined = does not exist). */
export function checkConditions(req: StandInRequest, existing: Stored | undefined): void {
  const ifMatch = header(req, "if-match");
  const ifNoneMatch = header(req, "if-none-match");
  const fail = () => {
    throw new ServiceError(412, "", PRECONDITION_FAILED_MESSAGE);
  };
  if (ifMatch !== undefined) {
    if (!existing) fail();
    const wanted = ifMatch.split(",").map((s) => s.trim());
    if (!wanted.includes("*") && !wanted.some((w) => bare(w) === bare(existing!.etag))) fail();
  }
  if (ifNoneMatch !== undefined && existing) {
    const unwanted = ifNoneMatch.split(",").map((s) => s.trim());
    if (unwanted.includes("*") || unwanted.some((w) => bare(w) === bare(existing.etag))) fail();
  }
}

/** The body GET returns: the stored definition with its ETag first, as the service orders it. */
export function representation(stored: Stored, view: (d: JsonObject) => JsonObject = (d) => d): JsonObject {
  return { "@odata.etag": stored.etag, ...view(stored.definition) };
}

/** PUT/POST answer: 201 for a create, 200 for an update; 204 unless `Prefer: return=representation`. */
export function writeResponse(
  req: StandInRequest,
  stored: Stored,
  created: boolean,
  view?: (d: JsonObject) => JsonObject,
): StandInResponse {
  const headers = { ETag: stored.etag };
  const prefer = header(req, "prefer") ?? "";
  if (!created && !/return=representation/i.test(prefer)) return { status: 204, headers };
  return { status: created ? 201 : 200, headers, body: representation(stored, view) };
}

export function requireObjectBody(req: StandInRequest): JsonObject {
  if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body)) {
    throw new ServiceError(
      400,
      "InvalidRequestBody",
      "The request is invalid. Details: the request body must be a JSON object.",
    );
  }
  return req.body as JsonObject;
}

/** The name in the URL wins; a different name in the body is rejected as the service does. */
export function bindName(body: JsonObject, name: string, what: string): void {
  if (body.name !== undefined && body.name !== name) {
    throw new ServiceError(
      400,
      "InvalidRequestParameter",
      `The ${what} name '${String(body.name)}' in the request body does not match the name '${name}' in the URL.`,
    );
  }
  body.name = name;
}

/** A service error whose body also carries `details` (e.g. CannotChangeExistingField, reference §5). */
export class DetailedServiceError extends ServiceError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly details: { code: string; message: string }[],
  ) {
    super(status, code, message);
  }
}

/** Wraps a handler so a DetailedServiceError is rendered with its details (the server renders code+message only). */
export function withDetails(handler: Handler): Handler {
  return async (req) => {
    try {
      return await handler(req);
    } catch (err) {
      if (err instanceof DetailedServiceError) {
        return {
          status: err.status,
          body: { error: { code: err.code, message: err.message, details: err.details } },
          headers: err.headers,
        };
      }
      throw err;
    }
  };
}
