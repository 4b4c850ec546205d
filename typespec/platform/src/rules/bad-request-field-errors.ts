// Rule: an operation that takes input answers 400 with a body that can carry field errors (`errors`).
// Why: the platform reports validation failures as Problem Details with `errors: [{ key, values }]` on 400; an
// Error override that drops BadRequest, or a 400 body without `errors`, leaves clients no way to show which field
// was wrong (and generated clients map no error for 400).
import { createRule, paramMessage, walkPropertiesInherited, type Model, type Type } from "@typespec/compiler";
import { getHttpOperation, type HttpOperationResponse } from "@typespec/http";
import { ruleUrl } from "../platform-names.js";
import { isUserType } from "../type-utils.js";

function covers400(response: HttpOperationResponse): boolean {
  const code = response.statusCodes;
  return code === 400 || (typeof code === "object" && code.start <= 400 && code.end >= 400);
}

function hasFieldErrors(type: Type): boolean {
  if (type.kind !== "Model") return false;
  for (const property of walkPropertiesInherited(type as Model)) {
    if (property.name !== "errors") continue;
    const t = property.type;
    return t.kind === "Model" && t.indexer?.key.name === "integer";
  }
  return false;
}

export const badRequestFieldErrorsRule = createRule({
  name: "bad-request-field-errors",
  severity: "warning",
  url: ruleUrl("bad-request-field-errors"),
  description:
    "Operations that take input (body or parameters) declare a 400 whose Problem Details body carries `errors` (field-level failures).",
  messages: {
    missing: paramMessage`Operation '${"op"}' takes input but declares no 400 response, so validation failures reach clients as an undeclared status without field errors. Keep BadRequest in its Error union, e.g. \`BadRequest | AuthErrors | ServerError\`.`,
    noFieldErrors: paramMessage`Operation '${"op"}' answers 400 with '${"model"}', which has no \`errors\` array for field-level failures. Use Platform.BadRequest (Problem Details with \`errors: { key, values }[]\`).`,
  },
  create(context) {
    return {
      operation(op) {
        if (!isUserType(op)) return;
        const [httpOp] = getHttpOperation(context.program, op);
        const takesInput = httpOp.parameters.body !== undefined || httpOp.parameters.parameters.length > 0;
        const badRequests = httpOp.responses.filter(covers400);
        if (badRequests.length === 0) {
          if (takesInput) context.reportDiagnostic({ target: op, messageId: "missing", format: { op: op.name } });
          return;
        }
        for (const response of badRequests) {
          for (const { body } of response.responses) {
            if (!body || hasFieldErrors(body.type)) continue;
            const named = response.type.kind === "Model" ? response.type.name : "";
            const model = named || (body.type.kind === "Model" ? body.type.name : "") || "an anonymous model";
            context.reportDiagnostic({ target: op, messageId: "noFieldErrors", format: { op: op.name, model } });
          }
        }
      },
    };
  },
});
