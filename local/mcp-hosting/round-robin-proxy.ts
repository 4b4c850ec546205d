// A small round-robin HTTP proxy: each request goes to the next backend in turn, whatever came before, the way a
// platform scales a stateless app out without affinity. Keeps the Host header (as the Functions host does) and
// counts what each backend answered, so a caller can show that every backend served. Local tooling only.
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded to each backend, in the order of the backends given. */
  served(): number[];
  close(): Promise<void>;
}

/** `port`: where to listen (default a free one), for a caller that must name the proxy's URL before it starts. */
export async function startRoundRobinProxy(backends: readonly string[], port = 0): Promise<RoundRobinProxy> {
  const targets = backends.map((b) => new URL(b));
  const served = targets.map(() => 0);
  let next = 0;
  const server: Server = createServer((req, res) => {
    const i = next;
    next = (next + 1) % targets.length;
    served[i]! += 1;
    const target = targets[i]!;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.setTimeout(30_000, () => upstream.destroy(new Error("backend timed out")));
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served: () => [...served],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
