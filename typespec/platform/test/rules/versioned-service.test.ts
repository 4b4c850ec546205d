// Linter rule versioned-service: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { versionedServiceRule } from "../../src/rules/versioned-service.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("versioned-service", () => {
  it("accepts a versioned service", async () => {
    await tester(versionedServiceRule).expect(service("")).toBeValid();
  });

  it("reports an unversioned service", async () => {
    await tester(versionedServiceRule)
      .expect(`@service(#{ title: "U" }) namespace U;`)
      .toEmitDiagnostics({
        code: `${LIB}/versioned-service`,
        message: /Service namespace 'U' is not versioned\. Add `@versioned\(Versions\)`/,
      });
  });
});
