// Linter rule use-resource-templates: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { useResourceTemplatesRule } from "../../src/rules/use-resource-templates.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("use-resource-templates", () => {
  it("accepts resource operations written with the templates", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`interface Widgets { get is ResourceRead<Widget>; list is ResourceList<Widget>; }`))
      .toBeValid();
  });

  it("accepts a primitive with a route for a non-resource operation", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`@route("/health") op health is ReadOperation<{}, Platform.OkResponse<{ ok: boolean }>>;`))
      .toBeValid();
  });

  it("reports a hand-written route for a resource and names the template to use", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`@route("/widgets/{id}") @get op getWidget(@path id: string): Widget | NotFound;`))
      .toEmitDiagnostics({
        code: `${LIB}/use-resource-templates`,
        message:
          /Operation 'getWidget' hand-writes a route for resource 'T\.Widget'\. Remove @route .*getWidget is Platform\.ResourceRead<T\.Widget>/,
      });
  });

  it("reports a hand-written operation that is not built on a Platform primitive", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`@route("/health") @get op health(): { ok: boolean };`))
      .toEmitDiagnostics({
        code: `${LIB}/use-resource-templates`,
        message:
          /Operation 'health' is hand-written\. Build it on a Platform primitive .*op health is Platform\.ReadOperation<…>/,
      });
  });

  it("reports @route added to a template operation", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`interface Widgets { @route("/custom") get is ResourceRead<Widget>; }`))
      .toEmitDiagnostics({
        code: `${LIB}/use-resource-templates`,
        message: /uses Platform\.ResourceRead but also sets @route\. Remove @route/,
      });
  });
});
