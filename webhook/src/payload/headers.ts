// Pure checks of the delivery headers (spec A, request headers table): `x-fv-messageid` (idempotency key) and
// `x-fv-timestamp` (ISO 8601 UTC with milliseconds and a trailing Z). Both are optional in the contract.
import type { FieldError } from "../problem.js";

const MESSAGE_ID_HEADER = "x-fv-messageid";
const TIMESTAMP_HEADER = "x-fv-timestamp";
const MAX_MESSAGE_ID_LENGTH = 256;

// The spec's form is 2026-11-23T09:44:50.123Z; 0-7 fraction digits are accepted (.NET emits 7) so a sender's
// formatting detail does not turn a delivery into a permanent 400.
const ISO_UTC = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,7})?Z$/;

export interface DeliveryHeaders {
  messageId?: string;
  timestamp?: string;
}

export function readDeliveryHeaders(request: { get(name: string): string | null }): {
  headers: DeliveryHeaders;
  errors: FieldError[];
} {
  const errors: FieldError[] = [];
  const headers: DeliveryHeaders = {};
  const id = request.get(MESSAGE_ID_HEADER)?.trim();
  if (id) {
    if (id.length > MAX_MESSAGE_ID_LENGTH)
      errors.push({ key: MESSAGE_ID_HEADER, values: [`must be at most ${MAX_MESSAGE_ID_LENGTH} characters`] });
    else if (/[^\x20-\x7e]/.test(id))
      errors.push({ key: MESSAGE_ID_HEADER, values: ["must contain printable ASCII characters only"] });
    else headers.messageId = id;
  }
  const ts = request.get(TIMESTAMP_HEADER)?.trim();
  if (ts) {
    if (!ISO_UTC.test(ts) || Number.isNaN(Date.parse(ts))) {
      errors.push({
        key: TIMESTAMP_HEADER,
        values: ["must be an ISO 8601 UTC timestamp such as 2026-11-23T09:44:50.123Z"],
      });
    } else headers.timestamp = ts;
  }
  return { headers, errors };
}
