// Linter rule permission-naming: Scopes<> take Client.* scopes and Roles<> take App.* roles.
import { describe, it } from "vitest";
import { permissionNamingRule } from "../../src/rules/permission-naming.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("permission-naming", () => {
  it("accepts Client.* scopes and App.* roles, dotted PascalCase", async () => {
    await tester(permissionNamingRule)
      .expect(
        service(
          `@useAuth(Scopes<["Client.Orders.Write"]> | Roles<["App.Admin"]>) @route("/w") op w is ActionOperation;`,
        ),
      )
      .toBeValid();
  });

  it("leaves platform-managed scopes to no-delegation-scopes", async () => {
    await tester(permissionNamingRule)
      .expect(service("", `@useAuth(Scopes<["user_impersonation"]> | Roles<["App.Read"]>)`))
      .toBeValid();
  });

  it("reports an App.* role given to Scopes<>", async () => {
    await tester(permissionNamingRule)
      .expect(service("", `@useAuth(Scopes<["App.Read"]> | Roles<["App.Read"]>)`))
      .toEmitDiagnostics({
        code: `${LIB}/permission-naming`,
        message:
          /@useAuth on 'T' names 'App\.Read' in Scopes<>, which takes Client\.\* names\. Write e\.g\. Scopes<\["Client\.Read"\]>/,
      });
  });

  it("reports a role without the App. prefix on an operation", async () => {
    await tester(permissionNamingRule)
      .expect(service(`@useAuth(Scopes<["Client.Write"]> | Roles<["write"]>) @route("/w") op w is ActionOperation;`))
      .toEmitDiagnostics({
        code: `${LIB}/permission-naming`,
        message:
          /@useAuth on 'w' names 'write' in Roles<>, which takes App\.\* names\. Write e\.g\. Roles<\["App\.Write"\]>/,
      });
  });

  it("reports a name that is not dotted PascalCase", async () => {
    await tester(permissionNamingRule)
      .expect(service("", `@useAuth(Scopes<["Client.read-all"]> | Roles<["App.Read"]>)`))
      .toEmitDiagnostics({ code: `${LIB}/permission-naming`, message: /names 'Client\.read-all' in Scopes<>/ });
  });
});
