// Rule: @useAuth pairs Scopes<[...]> with Roles<[...]> as alternatives.
// Why: applications carry `Client.*` scopes in `scp`, users and app-only tokens carry `App.*` roles in
// `roles`; declaring only one locks out the other caller kind.
import { ROLES_SCHEME_ID, SCOPES_SCHEME_ID, ruleUrl } from "../platform-names.js";
import { createRule, paramMessage } from "@typespec/compiler";
import { isUserType } from "../type-utils.js";
import { onDeclaredAuth } from "../auth-utils.js";

export const authScopesWithRolesRule = createRule({
  name: "auth-scopes-with-roles",
  severity: "warning",
  url: ruleUrl("auth-scopes-with-roles"),
  description: "@useAuth declares Scopes<[...]> and Roles<[...]> together, as alternatives.",
  messages: {
    default: paramMessage`@useAuth on '${"target"}' declares ${"present"} without ${"absent"}. Pair them: \`@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)\`.`,
    together: paramMessage`@useAuth on '${"target"}' requires Scopes and Roles together (a tuple). Make them alternatives with \`|\`: \`@useAuth(Scopes<[...]> | Roles<[...]>)\`.`,
  },
  create(context) {
    return onDeclaredAuth(context.program, isUserType, (target, auth) => {
      const ids = auth.options.map((o) => o.schemes.map((s) => s.id));
      const anyScopes = ids.some((o) => o.includes(SCOPES_SCHEME_ID));
      const anyRoles = ids.some((o) => o.includes(ROLES_SCHEME_ID));
      if (!anyScopes && !anyRoles) return;
      if (anyScopes !== anyRoles) {
        const [present, absent] = anyScopes ? ["Scopes<>", "Roles<>"] : ["Roles<>", "Scopes<>"];
        context.reportDiagnostic({ target, messageId: "default", format: { target: target.name, present, absent } });
        return;
      }
      if (ids.some((o) => o.includes(SCOPES_SCHEME_ID) && o.includes(ROLES_SCHEME_ID))) {
        context.reportDiagnostic({ target, messageId: "together", format: { target: target.name } });
      }
    });
  },
});
