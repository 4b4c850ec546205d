// Shared by the auth rules: every @useAuth declaration of a user namespace, interface or operation, and the
// permission names it requires per auth helper.
import type { Interface, Namespace, Operation, Program } from "@typespec/compiler";
import { getAuthentication, type Authentication } from "@typespec/http";

function declaredAuth(program: Program, target: Namespace | Interface | Operation): Authentication | undefined {
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

type AuthTarget = Namespace | Interface | Operation;

/**
 * The listeners of an auth rule: `visit` runs for every user namespace, interface and operation that declares
 * @useAuth, with that declaration.
 */
export function onDeclaredAuth(
  program: Program,
  isUserType: (target: AuthTarget) => boolean,
  visit: (target: AuthTarget, auth: Authentication) => void,
): { namespace: (t: Namespace) => void; interface: (t: Interface) => void; operation: (t: Operation) => void } {
  const check = (target: AuthTarget) => {
    if (!isUserType(target)) return;
    const auth = declaredAuth(program, target);
    if (auth) visit(target, auth);
  };
  return { namespace: check, interface: check, operation: check };
}
