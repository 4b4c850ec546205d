// Linter rule auth-scopes-with-roles: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { authScopesWithRolesRule } from "../../src/rules/auth-scopes-with-roles.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("auth-scopes-with-roles", () => {
  it("accepts Scopes | Roles on the namespace and a stronger pair on an operation", async () => {
    await tester(authScopesWithRolesRule)
      .expect(
        service(`@useAuth(Scopes<["Client.Write"]> | Roles<["App.Write"]>) @route("/w") op w is ActionOperation;`),
      )
      .toBeValid();
  });

  it("accepts a subscription key alone (event-publishing APIs)", async () => {
    await tester(authScopesWithRolesRule).expect(service("", "@useAuth(SubscriptionKeyAuth)")).toBeValid();
  });

  it("reports Scopes without Roles", async () => {
    await tester(authScopesWithRolesRule)
      .expect(service("", `@useAuth(Scopes<["Client.Read"]>)`))
      .toEmitDiagnostics({
        code: `${LIB}/auth-scopes-with-roles`,
        message: /@useAuth on 'T' declares Scopes<> without Roles<>\. Pair them/,
      });
  });

  it("reports Roles without Scopes on an operation", async () => {
    await tester(authScopesWithRolesRule)
      .expect(service(`@useAuth(Roles<["App.Admin"]>) @route("/d") op d is DeleteOperation;`))
      .toEmitDiagnostics({
        code: `${LIB}/auth-scopes-with-roles`,
        message: /@useAuth on 'd' declares Roles<> without Scopes<>/,
      });
  });

  it("reports Scopes and Roles required together instead of as alternatives", async () => {
    await tester(authScopesWithRolesRule)
      .expect(service("", `@useAuth([Scopes<["Client.Read"]>, Roles<["App.Read"]>])`))
      .toEmitDiagnostics({
        code: `${LIB}/auth-scopes-with-roles`,
        message: /together \(a tuple\)\. Make them alternatives with `\|`/,
      });
  });
});
