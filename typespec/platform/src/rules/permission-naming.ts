// Rule: permission names follow the convention: `Scopes<>` take `Client.*` scopes, `Roles<>` take `App.*` roles,
// each a dotted PascalCase name (`Client.Read`, `App.Orders.Write`).
// Why: the gateway and both identity providers match permissions by name; a `Roles<["Client.Read"]>` or a
// `Scopes<["read"]>` is never granted, so every call is refused with 403.
import { createRule, paramMessage } from "@typespec/compiler";
import { namedPermissions, onDeclaredAuth } from "../auth-utils.js";
import { PERMISSION_NAME_PATTERN, PERMISSION_PREFIX, PLATFORM_MANAGED_SCOPES, ruleUrl } from "../platform-names.js";
import { isUserType } from "../type-utils.js";

export const permissionNamingRule = createRule({
  name: "permission-naming",
  severity: "warning",
  url: ruleUrl("permission-naming"),
  description: "Scopes<> name `Client.*` scopes and Roles<> name `App.*` roles, as dotted PascalCase names.",
  messages: {
    default: paramMessage`@useAuth on '${"target"}' names '${"name"}' in ${"scheme"}<>, which takes ${"prefix"}* names. Write e.g. ${"scheme"}<["${"suggestion"}"]> (the permission must exist under that name in both identity providers).`,
  },
  create(context) {
    return onDeclaredAuth(context.program, isUserType, (target, auth) => {
      for (const { scheme, name } of namedPermissions(auth)) {
        const prefix = PERMISSION_PREFIX[scheme];
        // Platform-managed scopes are no-delegation-scopes' finding; other schemes are not ours.
        if (!prefix || PLATFORM_MANAGED_SCOPES.includes(name)) continue;
        if (name.startsWith(prefix) && PERMISSION_NAME_PATTERN.test(name)) continue;
        const word = name.replace(/^(Client|App)\./, "").replace(/[^A-Za-z0-9.]/g, "");
        const suggestion = `${prefix}${word.charAt(0).toUpperCase()}${word.slice(1) || "Read"}`;
        context.reportDiagnostic({ target, format: { target: target.name, name, scheme, prefix, suggestion } });
      }
    });
  },
});
