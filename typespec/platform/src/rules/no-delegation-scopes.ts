// Rule: platform-managed delegation scopes are never named in @useAuth.
// Why: `user_impersonation`, `user-groups` and the experience-API access scope are granted and checked
// by the platform (gateway, pre-authorisation); naming them in a contract makes every caller need them.
import { PLATFORM_MANAGED_SCOPES, ruleUrl } from "../platform-names.js";
import { createRule, paramMessage, type Interface, type Namespace, type Operation } from "@typespec/compiler";
import { isUserType } from "../type-utils.js";
import { declaredAuth } from "../auth-utils.js";

export const noDelegationScopesRule = createRule({
  name: "no-delegation-scopes",
  severity: "warning",
  url: ruleUrl("no-delegation-scopes"),
  description: `@useAuth does not name platform-managed delegation scopes (${PLATFORM_MANAGED_SCOPES.join(", ")}).`,
  messages: {
    default: paramMessage`@useAuth on '${"target"}' names the platform-managed scope '${"scope"}'. Remove it and declare the API's own permission instead, e.g. Scopes<["Client.Read"]> | Roles<["App.Read"]>.`,
  },
  create(context) {
    function check(target: Namespace | Interface | Operation) {
      if (!isUserType(target)) return;
      const auth = declaredAuth(context.program, target);
      if (!auth) return;
      const reported = new Set<string>();
      for (const option of auth.options) {
        for (const scheme of option.schemes) {
          if (scheme.type !== "oauth2") continue;
          for (const flow of scheme.flows) {
            for (const { value } of flow.scopes) {
              if (!PLATFORM_MANAGED_SCOPES.includes(value) || reported.has(value)) continue;
              reported.add(value);
              context.reportDiagnostic({ target, format: { target: target.name, scope: value } });
            }
          }
        }
      }
    }
    return { namespace: check, interface: check, operation: check };
  },
});
