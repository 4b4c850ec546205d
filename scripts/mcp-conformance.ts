// `npm run mcp:conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance) against
// `docs-index mcp --http`, with the committed expected-failures file (test/mcp/conformance-expected-failures.yml:
// each entry says why the scenario does not apply to a tools-only server). Starts the stand-in with the indexed
// sample site, spawns the built command, runs `conformance server`, exits with its code (0: only expected
// failures, 1: a regression or a stale entry). `-- --no-baseline` shows every scenario's raw result.
import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../src/config/repo-root.js";
import { startIndexedSample } from "../local/environment/indexed-sample.js";

const BIN = path.join(repoRoot, "dist", "cli", "docs-index.js");
const BASELINE = path.join(repoRoot, "test", "mcp", "conformance-expected-failures.yml");
const CONFORMANCE = path.join(repoRoot, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");

const services = await startIndexedSample();
const server = spawn(process.execPath, [BIN, "mcp", "--env", "local", "--http", "--port", "0"], {
  env: { ...process.env, ...services.env },
  stdio: ["ignore", "ignore", "pipe"],
});
let code: number;
try {
  const url = await new Promise<string>((resolve, reject) => {
    let err = "";
    server.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const m = /serving Streamable HTTP on (\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    server.once("exit", (c) => reject(new Error(`docs-index mcp --http exited ${c}: ${err}`)));
  });
  process.stderr.write(`conformance: ${url}\n`);
  const args = [CONFORMANCE, "server", "--url", url, ...process.argv.slice(2).filter((a) => a !== "--no-baseline")];
  if (!process.argv.includes("--no-baseline")) args.push("--expected-failures", BASELINE);
  const run = spawn(process.execPath, args, { stdio: "inherit" });
  code = await new Promise<number>((resolve) => run.once("exit", (c) => resolve(c ?? 1)));
} finally {
  server.kill("SIGTERM");
  await services.stop();
}
process.exit(code);
