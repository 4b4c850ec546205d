// Shared by the auth rules: every @useAuth declaration of a user namespace, interface or operation.
import type { Interface, Namespace, Operation, Program } from "@typespec/compiler";
import { getAuthentication, type Authentication } from "@typespec/http";

export function declaredAuth(program: Program, target: Namespace | Interface | Operation): Authentication | undefined {
  return getAuthentication(program, target);
}
