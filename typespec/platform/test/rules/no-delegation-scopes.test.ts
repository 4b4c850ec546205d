// Linter rule no-delegation-scopes: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { noDelegationScopesRule } from "../../src/rules/no-delegation-scopes.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("no-delegation-scopes", () => {
  it("accepts the API's own permissions", async () => {
    await tester(noDelegationScopesRule).expect(service("")).toBeValid();
  });

  it.each(["user_impersonation", "user-groups", "access_as_user"])("reports %s", async (scope) => {
    await tester(noDelegationScopesRule)
      .expect(service("", `@useAuth(Scopes<["${scope}"]> | Roles<["App.Read"]>)`))
      .toEmitDiagnostics({
        code: `${LIB}/no-delegation-scopes`,
        message: new RegExp(`names the platform-managed scope '${scope}'\\. Remove it`),
      });
  });
});
