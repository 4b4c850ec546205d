// `npm run mcp:conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance) against
// `docs-index mcp --http`, with the committed expected-failures file (test/mcp/shell/conformance-expected-failures.yml:
// each entry says why the scenario does not apply to a tools-only server). Starts the stand-in with the indexed
// sample site, spawns the built command, runs `conformance server`, exits with its code (0: only expected
// failures, 1: a regression or a stale entry). `-- --no-baseline` shows every scenario's raw result;
// `-- --stateless` runs the suite against `--http --stateless` (the hosted mode; use with --no-baseline, the
// expected failures are the session mode's).
import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../src/config/repo-root.js";
import { startIndexedSample } from "../local/environment/indexed-sample.js";

const BIN = path.join(repoRoot, "dist", "cli", "docs-index.js");
const BASELINE = path.join(repoRoot, "test", "mcp", "shell", "conformance-expected-failures.yml");
const CONFORMANCE = path.join(repoRoot, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");

const services = await startIndexedSample();
const OWN_FLAGS = ["--no-baseline", "--stateless"];
const stateless = process.argv.includes("--stateless") ? ["--stateless"] : [];
const server = spawn(process.execPath, [BIN, "mcp", "--env", "local", "--http", ...stateless, "--port", "0"], {
  env: { ...process.env, ...services.env },
  stdio: ["ignore", "ignore", "pipe"],
});
let code: number;
try {
  const url = await new Promise<string>((resolve, reject) => {
    let err = "";
    server.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const m = /serving Streamable HTTP(?: \(stateless\))? on (\S+)/.exec(err);
      if (m) resolve(m[1]!);
    });
    server.once("exit", (c) => reject(new Error(`docs-index mcp --http exited ${c}: ${err}`)));
  });
  process.stderr.write(`conformance: ${url}\n`);
  const args = [CONFORMANCE, "server", "--url", url, ...process.argv.slice(2).filter((a) => !OWN_FLAGS.includes(a))];
  if (!process.argv.includes("--no-baseline")) args.push("--expected-failures", BASELINE);
  const run = spawn(process.execPath, args, { stdio: "inherit" });
  code = await new Promise<number>((resolve) => run.once("exit", (c) => resolve(c ?? 1)));
} finally {
  server.kill("SIGTERM");
  await services.stop();
}
process.exit(code);
