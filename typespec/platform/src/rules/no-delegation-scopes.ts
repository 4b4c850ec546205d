// Rule: platform-managed delegation scopes are never named in @useAuth.
// Why: `user_impersonation`, `user-groups` and the experience-API access scope are granted and checked
// by the platform (gateway, pre-authorisation); naming them in a contract makes every caller need them.
import { PLATFORM_MANAGED_SCOPES, ruleUrl } from "../platform-names.js";
import { createRule, paramMessage } from "@typespec/compiler";
import { isUserType } from "../type-utils.js";
import { namedPermissions, onDeclaredAuth } from "../auth-utils.js";

export const noDelegationScopesRule = createRule({
  name: "no-delegation-scopes",
  severity: "warning",
  url: ruleUrl("no-delegation-scopes"),
  description: `@useAuth does not name platform-managed delegation scopes (${PLATFORM_MANAGED_SCOPES.join(", ")}).`,
  messages: {
    default: paramMessage`@useAuth on '${"target"}' names the platform-managed scope '${"scope"}'. Remove it and declare the API's own permission instead, e.g. Scopes<["Client.Read"]> | Roles<["App.Read"]>.`,
  },
  create(context) {
    return onDeclaredAuth(context.program, isUserType, (target, auth) => {
      const reported = new Set<string>();
      for (const { name } of namedPermissions(auth)) {
        if (!PLATFORM_MANAGED_SCOPES.includes(name) || reported.has(name)) continue;
        reported.add(name);
        context.reportDiagnostic({ target, format: { target: target.name, scope: name } });
      }
    });
  },
});
