// Rule: no hand-rolled error models and no bare error status responses without a body schema.
// Why: generated clients register an error mapping per status code only when the response has a
// body schema; every platform error is RFC 7807 Problem Details as application/problem+json.
import { ruleUrl } from "../platform-names.js";
import { createRule, getTypeName, isErrorModel, paramMessage, type Model, type Operation } from "@typespec/compiler";
import { getHttpOperation, type HttpOperationResponse } from "@typespec/http";
import { derivesFromPlatformModel, isUserType } from "../type-utils.js";

function statusLabel(response: HttpOperationResponse): string {
  const codes = response.statusCodes;
  if (typeof codes === "number") return String(codes);
  if (codes === "*") return "default";
  return `${codes.start}-${codes.end}`;
}

function isErrorStatus(response: HttpOperationResponse): boolean {
  const codes = response.statusCodes;
  if (codes === "*") return true;
  if (typeof codes === "number") return codes >= 400;
  return codes.start >= 400;
}

function isProblemDetails(type: unknown): boolean {
  return (
    typeof type === "object" &&
    type !== null &&
    (type as Model).kind === "Model" &&
    derivesFromPlatformModel(type as Model, "ProblemDetails")
  );
}

export const noHandRolledErrorsRule = createRule({
  name: "no-hand-rolled-errors",
  severity: "warning",
  url: ruleUrl("no-hand-rolled-errors"),
  description:
    "Errors use the Platform status-code models (Problem Details); no hand-rolled error models or bare error statuses.",
  messages: {
    default: paramMessage`Error model '${"model"}' is hand-rolled. Use a Platform status-code model (e.g. Platform.NotFound, Platform.Conflict, Platform.StatusCode<N>) or extend Platform.ProblemDetails so the body is RFC 7807 application/problem+json.`,
    bareStatus: paramMessage`Operation '${"op"}' returns a ${"status"} response without a body schema, so generated clients map no error for it. Use the Platform model instead (e.g. Platform.${"suggestion"}).`,
    foreignBody: paramMessage`Operation '${"op"}' returns a ${"status"} response whose body is not Problem Details. Use a Platform status-code model (e.g. Platform.${"suggestion"}).`,
  },
  create(context) {
    return {
      model(model) {
        if (!isUserType(model) || !isErrorModel(context.program, model)) return;
        if (derivesFromPlatformModel(model, "ProblemDetails")) return;
        context.reportDiagnostic({ target: model, messageId: "default", format: { model: getTypeName(model) } });
      },
      operation(op: Operation) {
        if (!isUserType(op)) return;
        const [httpOp] = getHttpOperation(context.program, op);
        for (const response of httpOp.responses) {
          if (!isErrorStatus(response)) continue;
          // A user @error model is reported once, at its declaration.
          if (
            response.type.kind === "Model" &&
            isErrorModel(context.program, response.type) &&
            !isProblemDetails(response.type) &&
            isUserType(response.type)
          )
            continue;
          const status = statusLabel(response);
          const suggestion = SUGGESTIONS[status] ?? "StatusCode<N>";
          const bodies = response.responses.map((r) => r.body);
          if (bodies.every((b) => b === undefined)) {
            context.reportDiagnostic({
              target: op,
              messageId: "bareStatus",
              format: { op: op.name, status, suggestion },
            });
          } else if (bodies.some((b) => b !== undefined && !isProblemDetails(b.type))) {
            context.reportDiagnostic({
              target: op,
              messageId: "foreignBody",
              format: { op: op.name, status, suggestion },
            });
          }
        }
      },
    };
  },
});

const SUGGESTIONS: Record<string, string> = {
  "400": "BadRequest",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "NotFound",
  "409": "Conflict",
  "412": "PreconditionFailed",
  "422": "UnprocessableEntity",
  "429": "TooManyRequests",
  "500": "InternalServerError",
  "503": "ServiceUnavailable",
  "504": "GatewayTimeout",
  "400-499": "ClientError",
  "500-599": "ServerError",
};
