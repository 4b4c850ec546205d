// Rule: every permission named in @useAuth is defined in both identity providers.
// The identity providers cannot be asked at compile time, so the names both define are declared in TypeSpec, as
// the members of `enum Platform.KnownPermissions.Scopes` and `enum Platform.KnownPermissions.Roles` (a file the
// platform team keeps from both providers' exports and contracts import). Without those enums the rule checks
// nothing; with them, a name missing from the list is reported.
// Why: a permission missing from either provider locks that provider's callers out with 403.
import { createRule, paramMessage, type Enum, type Program } from "@typespec/compiler";
import { namedPermissions, onDeclaredAuth } from "../auth-utils.js";
import { KNOWN_PERMISSIONS_NAMESPACE, ROLES_SCHEME_ID, SCOPES_SCHEME_ID, ruleUrl } from "../platform-names.js";
import { isUserType } from "../type-utils.js";

/** The names of one KnownPermissions enum (member values, or names when a member has none), if declared. */
function knownNames(program: Program, enumName: "Scopes" | "Roles"): ReadonlySet<string> | undefined {
  const [type] = program.resolveTypeReference(`${KNOWN_PERMISSIONS_NAMESPACE}.${enumName}`);
  if (type?.kind !== "Enum") return undefined;
  return new Set([...(type as Enum).members.values()].map((m) => (typeof m.value === "string" ? m.value : m.name)));
}

export const permissionRegisteredRule = createRule({
  name: "permission-registered",
  severity: "warning",
  url: ruleUrl("permission-registered"),
  description: `Permissions named in @useAuth are members of ${KNOWN_PERMISSIONS_NAMESPACE}.Scopes / .Roles (defined in both identity providers).`,
  messages: {
    default: paramMessage`@useAuth on '${"target"}' names '${"name"}', which ${"list"} does not list as defined in both identity providers. Define it in both providers, then add it to ${"list"}.`,
  },
  create(context) {
    const known: Record<string, ReadonlySet<string> | undefined> = {
      [SCOPES_SCHEME_ID]: knownNames(context.program, "Scopes"),
      [ROLES_SCHEME_ID]: knownNames(context.program, "Roles"),
    };
    return onDeclaredAuth(context.program, isUserType, (target, auth) => {
      for (const { scheme, name } of namedPermissions(auth)) {
        const names = known[scheme];
        if (!names || names.has(name)) continue;
        const list = `${KNOWN_PERMISSIONS_NAMESPACE}.${scheme}`;
        context.reportDiagnostic({ target, format: { target: target.name, name, list } });
      }
    });
  },
});
