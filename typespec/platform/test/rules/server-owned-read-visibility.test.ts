// Linter rule server-owned-read-visibility: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { serverOwnedReadVisibilityRule } from "../../src/rules/server-owned-read-visibility.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("server-owned-read-visibility", () => {
  it("accepts read-only keys and timestamps, and caller-supplied event ids", async () => {
    await tester(serverOwnedReadVisibilityRule)
      .expect(
        service(`
        @resource("orders") model Order { @key("orderId") @visibility(Lifecycle.Read) id: string; @visibility(Lifecycle.Read) createdAt: utcDateTime; note: string; }
        model OrderPlaced is Event<"OrderPlaced"> { orderId: string; }`),
      )
      .toBeValid();
  });

  it("reports a writable key", async () => {
    await tester(serverOwnedReadVisibilityRule)
      .expect(service(`@resource("orders") model Order { @key("orderId") id: string; }`))
      .toEmitDiagnostics({
        code: `${LIB}/server-owned-read-visibility`,
        message:
          /Property 'id' of resource 'Order' is server-owned \(resource key\) but writable\. Add `@visibility\(Lifecycle\.Read\)`/,
      });
  });

  it("reports a writable timestamp", async () => {
    await tester(serverOwnedReadVisibilityRule)
      .expect(
        service(
          `@resource("orders") model Order { @key("orderId") @visibility(Lifecycle.Read) id: string; updatedAt: utcDateTime; }`,
        ),
      )
      .toEmitDiagnostics({
        code: `${LIB}/server-owned-read-visibility`,
        message: /Property 'updatedAt' .*\(server timestamp\)/,
      });
  });
});
