// npm run bench:deploy: the HTTP calls of a first deploy and of a no-op deploy against the local stand-in,
// from its request log. A no-op deploy must make zero PUTs (exit 1 otherwise).
import { Writable } from "node:stream";
import { performance } from "node:perf_hooks";
import { startSearchStandIn, type RequestLogEntry } from "../local/search-standin/server.js";
import { runCli } from "../src/cli/docs-index/program.js";

const quiet = () => new Writable({ write: (_c, _e, cb) => cb() });

const standIn = await startSearchStandIn();
const env = {
  PATH: process.env.PATH,
  DEPLOY_ENV: "dev",
  SEARCH_ENDPOINT: standIn.url,
  SEARCH_ADMIN_KEY: standIn.apiKey,
  NO_COLOR: "1",
};

async function deployOnce(label: string): Promise<RequestLogEntry[]> {
  const mark = standIn.requests.length;
  const t0 = performance.now();
  const code = await runCli(["node", "docs-index", "deploy"], { env, streams: { stdout: quiet(), stderr: quiet() } });
  const ms = performance.now() - t0;
  const calls = standIn.requests.slice(mark);
  const count = (m: string) => calls.filter((c) => c.method === m).length;
  process.stdout.write(
    `\n${label}: exit ${code}, ${calls.length} HTTP calls (GET ${count("GET")}, PUT ${count("PUT")}, POST ${count("POST")}, DELETE ${count("DELETE")}), ${ms.toFixed(1)} ms\n`,
  );
  for (const c of calls) process.stdout.write(`  ${c.method.padEnd(6)} ${c.path}  ${c.status}\n`);
  return calls;
}

try {
  await deployOnce("first deploy (empty service)");
  const noop = await deployOnce("no-op deploy (nothing changed)");
  const puts = noop.filter((c) => c.method === "PUT").length;
  process.stdout.write(`\nno-op deploy PUTs: ${puts} (target 0)\n`);
  process.exitCode = puts === 0 ? 0 : 1;
} finally {
  await standIn.close();
}
