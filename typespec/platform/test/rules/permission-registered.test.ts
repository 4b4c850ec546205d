// Linter rule permission-registered: names used in @useAuth are declared in Platform.KnownPermissions (the names
// both identity providers define); without that declaration the rule has nothing to check against.
import { describe, it } from "vitest";
import { permissionRegisteredRule } from "../../src/rules/permission-registered.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

// Block namespaces: the known permissions live outside the service, as a shared file would declare them.
const withKnown = (auth: string, body = "") => `
@service(#{ title: "T" }) @versioned(Versions) ${auth}
namespace T { enum Versions { v1 } ${body} }
${known}`;
const known = `
namespace Platform.KnownPermissions {
  enum Scopes { Read: "Client.Read", Write: "Client.Write" }
  enum Roles { Read: "App.Read", Admin: "App.Admin" }
}`;

describe("permission-registered", () => {
  it("checks nothing when the project declares no known permissions", async () => {
    await tester(permissionRegisteredRule)
      .expect(service("", `@useAuth(Scopes<["Client.Anything"]> | Roles<["App.Anything"]>)`))
      .toBeValid();
  });

  it("accepts permissions both identity providers define", async () => {
    await tester(permissionRegisteredRule)
      .expect(
        withKnown(
          `@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)`,
          `@useAuth(Scopes<["Client.Write"]> | Roles<["App.Admin"]>) @route("/w") op w is ActionOperation;`,
        ),
      )
      .toBeValid();
  });

  it("reports a scope and a role the list does not have, naming the list", async () => {
    await tester(permissionRegisteredRule)
      .expect(withKnown(`@useAuth(Scopes<["Client.Delete"]> | Roles<["App.Delete"]>)`))
      .toEmitDiagnostics([
        {
          code: `${LIB}/permission-registered`,
          message:
            "@useAuth on 'T' names 'Client.Delete', which Platform.KnownPermissions.Scopes does not list as defined in both identity providers. Define it in both providers, then add it to Platform.KnownPermissions.Scopes.",
        },
        {
          code: `${LIB}/permission-registered`,
          message: /names 'App\.Delete', which Platform\.KnownPermissions\.Roles/,
        },
      ]);
  });
});
