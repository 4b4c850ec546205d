// Benchmark of `docs-index mcp` (figures printed, not asserted), against the stand-in with the indexed sample site:
//   1. spawn → answer to tools/list: the built command spawned over stdio by the SDK's Client (goal: median ≤ 1 s);
//   2. added latency of search_docs over stdio against the same search made directly with @azure/search-documents
//      (the request the query core builds), calls interleaved (goal: p50 ≤ 5 ms, p99 ≤ 20 ms over 500 calls);
//   3. 50 concurrent Streamable HTTP sessions on one process making 1,000 search_docs calls in all (stateful;
//      goal: 0 errors; p50, p99);
//   4. the same 50 clients and 1,000 calls in stateless mode across two processes behind a round-robin proxy, as
//      the hosted app scales out (goal: 0 errors, p99 within 2× the stateful p99).
// Usage: npm run bench:mcp [-- --spawns 10 --calls 500 --sessions 50 --http-calls 1000 --http-only]
import { spawn } from "node:child_process";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { repoRoot } from "../src/config/repo-root.js";
import { decideDedup } from "../src/search/dedup/policy.js";
import { buildSearchDocsRequest } from "../src/search/query/search-docs/request.js";
import { checkFormatCoverage } from "../src/search/query/common/io/answer-basis-io.js";
import { startIndexedSample } from "../local/environment/indexed-sample.js";
import { startRoundRobinProxy } from "../local/mcp-hosting/round-robin-proxy.js";
import { startStatelessDocsIndex } from "../local/mcp-hosting/server-process.js";
import { percentile } from "./corpus.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SPAWNS = arg("spawns", 10);
const CALLS = arg("calls", 500);
const SESSIONS = arg("sessions", 50);
const HTTP_CALLS = arg("http-calls", 1000);
/** `--http-only`: sections 3 and 4 alone (stateful against stateless). */
const HTTP_ONLY = process.argv.includes("--http-only");
const BIN = path.join(repoRoot, "dist", "cli", "docs-index.js");
const QUERIES = [
  { query: "refunds" },
  { query: "getting started", app: "payments" },
  { query: "sign in tokens", exclude_sections: ["changelog"] },
  { query: "webhooks api", top: 10 },
];

const ms = (n: number) => `${n.toFixed(1)} ms`;
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

const services = await startIndexedSample();
const env = { ...getDefaultEnvironment(), ...services.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? "" };
const stdioClient = () =>
  new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp"], env, stderr: "ignore" });
try {
  if (!HTTP_ONLY) await stdioFigures();

  // 3. Concurrent Streamable HTTP sessions (stateful, one process).
  const server = spawn(process.execPath, [BIN, "mcp", "--http", "--port", "0"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stateful: ReturnType<typeof stats> | undefined;
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let err = "";
      server.stderr.on("data", (c: Buffer) => {
        err += c.toString();
        const found = /serving Streamable HTTP on (\S+)/.exec(err);
        if (found) resolve(found[1]!);
      });
      server.once("exit", (code) => reject(new Error(`mcp --http exited ${code}: ${err}`)));
    });
    const run = await concurrentCalls(url);
    stateful = run.stats;
    console.log(
      `3. stateful: ${SESSIONS} concurrent sessions on one process, ${run.stats.n} search_docs calls: ${run.errors} errors, ` +
        `p50 ${ms(run.stats.p50)}, p99 ${ms(run.stats.p99)}, ${run.perSecond.toFixed(0)} calls/s  (goal: 0 errors)`,
    );
  } finally {
    server.kill("SIGTERM");
  }

  // 4. Stateless: two processes behind a round-robin proxy, no affinity.
  const processes = await Promise.all([startStatelessDocsIndex(env), startStatelessDocsIndex(env)]);
  const proxy = await startRoundRobinProxy(processes.map((p) => new URL(p.url).origin));
  try {
    const run = await concurrentCalls(`${proxy.url}/mcp`);
    console.log(
      `4. stateless: ${SESSIONS} concurrent clients across two processes (round-robin proxy), ${run.stats.n} search_docs calls: ` +
        `${run.errors} errors, p50 ${ms(run.stats.p50)}, p99 ${ms(run.stats.p99)}, ${run.perSecond.toFixed(0)} calls/s; ` +
        `requests per process ${proxy.served().join(" / ")}; p99 ${(run.stats.p99 / stateful!.p99).toFixed(2)}× stateful  ` +
        `(goal: 0 errors, p99 ≤ 2× stateful)`,
    );
    // For reference: stateless on one of them directly (no proxy hop, which runs in this process beside the
    // stand-in and the clients).
    const direct = await concurrentCalls(processes[0]!.url);
    console.log(
      `   stateless, one process without the proxy: ${direct.errors} errors, p50 ${ms(direct.stats.p50)}, ` +
        `p99 ${ms(direct.stats.p99)}, ${direct.perSecond.toFixed(0)} calls/s`,
    );
  } finally {
    await proxy.close();
    await Promise.all(processes.map((p) => p.stop()));
  }
} finally {
  await services.stop();
}

/** SESSIONS clients, each connected once, making HTTP_CALLS search_docs calls in all. */
async function concurrentCalls(url: string) {
  const latencies: number[] = [];
  let errors = 0;
  const perSession = Math.ceil(HTTP_CALLS / SESSIONS);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: SESSIONS }, async (_, s) => {
      const c = new Client({ name: `bench-${s}`, version: "1" });
      await c.connect(new StreamableHTTPClientTransport(new URL(url)));
      for (let i = 0; i < perSession && s * perSession + i < HTTP_CALLS; i++) {
        const t = performance.now();
        try {
          const r = await c.callTool({ name: "search_docs", arguments: QUERIES[(s + i) % QUERIES.length]! });
          if (r.isError) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
      await c.close();
    }),
  );
  const wall = performance.now() - t0;
  return { stats: stats(latencies), errors, perSecond: latencies.length / (wall / 1000) };
}

/** Sections 1 and 2 (stdio). */
async function stdioFigures() {
  // 1. Spawn to tools/list.
  const startup: number[] = [];
  for (let i = 0; i < SPAWNS; i++) {
    const t0 = performance.now();
    const client = new Client({ name: "bench", version: "1" });
    await client.connect(stdioClient());
    await client.listTools();
    startup.push(performance.now() - t0);
    await client.close();
  }
  const s = stats(startup);
  console.log(
    `1. spawn → tools/list (${SPAWNS} spawns): median ${ms(s.p50)}, max ${ms(Math.max(...startup))}  (goal: median ≤ 1000 ms)`,
  );

  // 2. Added latency over stdio against the same request made directly.
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(stdioClient());
  const dedup = decideDedup(await checkFormatCoverage(services.searchClient));
  const direct: number[] = [];
  const viaMcp: number[] = [];
  for (let i = 0; i < 20; i++) await client.callTool({ name: "search_docs", arguments: QUERIES[i % QUERIES.length]! });
  for (let i = 0; i < CALLS; i++) {
    const params = QUERIES[i % QUERIES.length]!;
    const request = buildSearchDocsRequest(params, dedup);
    let t0 = performance.now();
    const result = await services.searchClient.search(request.searchText, request.options);
    for await (const _ of result.results) void _;
    direct.push(performance.now() - t0);
    t0 = performance.now();
    const answer = await client.callTool({ name: "search_docs", arguments: params });
    viaMcp.push(performance.now() - t0);
    if (answer.isError) throw new Error(`search_docs failed: ${JSON.stringify(answer.content)}`);
  }
  await client.close();
  const d = stats(direct);
  const m = stats(viaMcp);
  console.log(
    `2. search_docs over stdio vs direct SDK search (${CALLS} calls each): direct p50 ${ms(d.p50)} p99 ${ms(d.p99)}; ` +
      `MCP p50 ${ms(m.p50)} p99 ${ms(m.p99)}; added p50 ${ms(m.p50 - d.p50)}, p99 ${ms(m.p99 - d.p99)}  (goal: ≤ 5 ms, ≤ 20 ms)`,
  );
}
