// Linter rule mock-server-uses-mocking-server: valid contracts stay quiet; each violation is reported with how to
// fix it.
import { describe, it } from "vitest";
import { mockServerUsesMockingServerRule } from "../../src/rules/mock-server-uses-mocking-server.js";
import { LIB, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("mock-server-uses-mocking-server", () => {
  it("accepts a mock server declared with MockingServer and a normal server without it", async () => {
    await tester(mockServerUsesMockingServerRule)
      .expect(
        `@service @server("https://api.example.com", "Backend") @server("https://mock.example.com", "Mock server", MockingServer) namespace M;`,
      )
      .toBeValid();
  });

  it("reports a mock server entry without MockingServer", async () => {
    await tester(mockServerUsesMockingServerRule)
      .expect(`@service @server("https://mock.example.com", "Mock server") namespace M;`)
      .toEmitDiagnostics({
        code: `${LIB}/mock-server-uses-mocking-server`,
        message:
          /looks like a mock server but has no `mocking_server` variable\. Declare it as `@server\("https:\/\/mock\.example\.com", "Mock server", Platform\.MockingServer\)`/,
      });
  });
});
