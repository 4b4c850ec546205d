// stdio: what agent hosts spawn. Only protocol messages go to stdout; the server ends when stdin closes.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/** Serves until the host closes stdin (or the transport closes); resolves then. */
export async function serveStdio(server: McpServer, stdin = process.stdin, stdout = process.stdout): Promise<void> {
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    stdin.once("end", () => void server.close());
    stdin.once("close", () => void server.close());
  });
  await server.connect(transport);
  await closed;
}
