// Rule: a mock server entry declares its variables with MockingServer.
// Why: the `mocking_server` = `true` variable is what routes requests for that server to the hosted
// mocking service; a mock entry without it reaches the real backend.
import { createRule, paramMessage } from "@typespec/compiler";
import { getServers } from "@typespec/http";
import { MOCK_SERVER_PATTERN, ruleUrl } from "../platform-names.js";
import { isUserType } from "../type-utils.js";

export const mockServerUsesMockingServerRule = createRule({
  name: "mock-server-uses-mocking-server",
  severity: "warning",
  url: ruleUrl("mock-server-uses-mocking-server"),
  description: "A server entry for the mock server uses Platform.MockingServer as its variables.",
  messages: {
    default: paramMessage`Server '${"url"}' looks like a mock server but has no \`mocking_server\` variable. Declare it as \`@server("${"url"}", "${"description"}", Platform.MockingServer)\` (or spread \`...Platform.MockingServer\` into its variables).`,
  },
  create(context) {
    return {
      namespace(ns) {
        if (!isUserType(ns)) return;
        for (const server of getServers(context.program, ns) ?? []) {
          const looksMock = MOCK_SERVER_PATTERN.test(server.url) || MOCK_SERVER_PATTERN.test(server.description ?? "");
          if (!looksMock || server.parameters.has("mocking_server")) continue;
          context.reportDiagnostic({
            target: ns,
            format: { url: server.url, description: server.description ?? "Mock server" },
          });
        }
      },
    };
  },
});
