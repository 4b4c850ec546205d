// A free loopback port for a server a child process or a proxy will bind: the OS picks it, and it is released at
// once. Local tooling and tests only (another process may take it in between; the callers bind straight away).
import { createServer } from "node:net";

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
