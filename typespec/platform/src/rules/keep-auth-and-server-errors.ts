// Rule: an Error override on a Platform template keeps AuthErrors (401, 403) and ServerError (5xx).
// Why: the Error argument replaces the whole default union; forgetting to restate AuthErrors and
// ServerError silently drops 401, 403 and 5xx from the description and from generated clients.
import { ruleUrl } from "../platform-names.js";
import { createRule, paramMessage } from "@typespec/compiler";
import { getHttpOperation, type HttpStatusCodeRange } from "@typespec/http";
import { isUserType, platformTemplateOf } from "../type-utils.js";

export const keepAuthAndServerErrorsRule = createRule({
  name: "keep-auth-and-server-errors",
  severity: "warning",
  url: ruleUrl("keep-auth-and-server-errors"),
  description: "An Error override on a Platform operation template restates AuthErrors and ServerError.",
  messages: {
    default: paramMessage`Operation '${"op"}' overrides the errors of Platform.${"template"} but drops ${"missing"}. The Error argument replaces the whole union: restate them, e.g. \`YourErrors | AuthErrors | ServerError\`.`,
  },
  create(context) {
    return {
      operation(op) {
        if (!isUserType(op)) return;
        const template = platformTemplateOf(op);
        if (!template) return;
        const [httpOp] = getHttpOperation(context.program, op);
        const codes = httpOp.responses.map((r) => r.statusCodes);
        const has = (code: number) =>
          codes.some((c) => c === code || (typeof c === "object" && c.start <= code && c.end >= code));
        const coversServerErrors = codes.some(
          (c) =>
            typeof c === "object" && (c as HttpStatusCodeRange).start <= 500 && (c as HttpStatusCodeRange).end >= 599,
        );
        const missing: string[] = [];
        if (!has(401) || !has(403)) missing.push("AuthErrors (401, 403)");
        if (!coversServerErrors) missing.push("ServerError (5xx)");
        if (missing.length === 0) return;
        context.reportDiagnostic({ target: op, format: { op: op.name, template, missing: missing.join(" and ") } });
      },
    };
  },
});
