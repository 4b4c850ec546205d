// What a model reads when the search service cannot be reached: a tool error that says the service did not
// answer (not that it "answered with an error") and that the arguments were not the problem.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createDocsMcpServer } from "../../../src/mcp/shell/server.js";
import { testBackend } from "../../support/mcp-backend.js";

let closedPort: number;
beforeAll(async () => {
  // A port that was just free: nothing listens on it, so connections are refused at once.
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
let client: Client | undefined;
afterAll(async () => client?.close());

it("a service that cannot be reached is a tool error saying so, and that the arguments were not the problem", async () => {
  const endpoint = `http://127.0.0.1:${closedPort}`;
  const backend = testBackend(endpoint, "k", { recheckMs: 60_000, retries: false, knowledge: true });
  const logged: string[] = [];
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDocsMcpServer(backend, "0", (line) => logged.push(line)).connect(serverSide);
  client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  const result = await client.callTool({ name: "search_docs", arguments: { query: "refunds" } });
  expect(result.isError).toBe(true);
  const text = (result.content as { text: string }[])[0]!.text;
  expect(text).toMatch(/^search_docs failed: no answer from the search service: .*ECONNREFUSED/);
  expect(text).toContain("not one of the arguments: retry later");
  expect(text).not.toMatch(/answered/);
  expect(logged.join("\n")).toMatch(/search_docs failed: .*ECONNREFUSED/);

  const retrieved = await client.callTool({ name: "retrieve_docs", arguments: { query: "refunds" } });
  expect(retrieved.isError).toBe(true);
  expect((retrieved.content as { text: string }[])[0]!.text).toMatch(
    /^retrieve_docs failed: no answer from the search service: .*not one of the arguments/,
  );
});
