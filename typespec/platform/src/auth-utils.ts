// Shared by the auth rules: every @useAuth declaration of a user namespace, interface or operation, and the
// permission names it requires per auth helper.
import type { Interface, Namespace, Operation, Program } from "@typespec/compiler";
import { getAuthentication, type Authentication } from "@typespec/http";

export function declaredAuth(program: Program, target: Namespace | Interface | Operation): Authentication | undefined {
  return getAuthentication(program, target);
}

/** One permission a @useAuth names: the scheme id (`Scopes`, `Roles`, ...) and the scope or role name. */
export interface NamedPermission {
  scheme: string;
  name: string;
}

/** The OAuth 2.0 scope/role names of a @useAuth, each once per scheme. */
export function namedPermissions(auth: Authentication): NamedPermission[] {
  const seen = new Set<string>();
  const found: NamedPermission[] = [];
  for (const option of auth.options) {
    for (const scheme of option.schemes) {
      if (scheme.type !== "oauth2") continue;
      for (const flow of scheme.flows) {
        for (const { value } of flow.scopes) {
          const key = `${scheme.id}\0${value}`;
          if (seen.has(key)) continue;
          seen.add(key);
          found.push({ scheme: scheme.id, name: value });
        }
      }
    }
  }
  return found;
}
