// Benchmark: throughput and latency of POST /api/webhooks through the local adapter, with the memory store and
// with the Azurite table store, beside a bare node:http server that parses the same JSON (the baseline).
// Each variant runs in its own child process; autocannon drives it from this process with a unique
// x-fv-messageid per request (every request is a first delivery, so it claims and completes).
// The receiver variants run the compiled function app with the local adapter (bench/webhook/dist:
// `npm run bench:webhook` builds it first with the app's compiler options), the code the Functions host runs; one
// info row runs it from source under tsx, as `npm run webhook:dev` does.
// Goal: the memory-store variant reaches at least 60 % of the baseline's throughput.
// On a small shared machine the figures move a lot between runs (the load of other processes, and which side,
// server or autocannon, waits for the other); --rounds N repeats every variant N times, alternating, and reports
// the median round.
// On Linux with two or more cores autocannon (this process) runs on CPU 0 and each server on CPU 1 (see
// pinning.ts); --no-pin lets the scheduler place them.
// Usage: npm run bench:webhook [-- --duration 10 --connections 10 --rounds 1 --only baseline,memory --no-pin]
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startAzuriteProcess } from "../../local/azurite-process.js";
import { pinnedCommand, pinProcess, planPinning } from "./pinning.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION_S = arg("duration", 10);
const CONNECTIONS = arg("connections", 10);
const ROUNDS = Math.max(1, arg("rounds", 1));
const GOAL_RATIO = 0.6;
const ONLY = (() => {
  const i = process.argv.indexOf("--only");
  return i >= 0 ? new Set(process.argv[i + 1]!.split(",")) : undefined;
})();
const PINNING = planPinning(!process.argv.includes("--no-pin"));
const SERVER = fileURLToPath(new URL("./server.ts", import.meta.url));
const COMPILED = fileURLToPath(new URL("./dist/local/webhook/dev-server.js", import.meta.url));

const BODY = JSON.stringify({
  Object: "Note",
  Event: "Created",
  Timestamp: 1763891090,
  OrgId: 7,
  ProjectId: 42,
  UserId: 3,
  UserType: "Employee",
  ObjectId: { NoteId: 9 },
});

interface Figures {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function startVariant(v: Variant, env: NodeJS.ProcessEnv = {}): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    // Plain node runs server.ts (Node 22 strips its types); the from-source row needs tsx for webhook/src.
    const args = v.source
      ? ["--no-deprecation", "--import", "tsx", SERVER, v.mode, "--source"]
      : ["--no-deprecation", SERVER, v.mode];
    const [command, commandArgs] = pinnedCommand(PINNING?.serverCpu, process.execPath, args);
    const child = spawn(command, commandArgs, {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /URL (\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, child });
    });
    child.once("exit", (code) => reject(new Error(`${v.mode} server exited with code ${code}`)));
  });
}

function stopVariant(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function measure(name: string, url: string): Promise<Figures> {
  process.stderr.write(`${name}: ${DURATION_S} s, ${CONNECTIONS} connections against ${url} ...\n`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        body: BODY,
        headers: { "content-type": "application/json", "x-fv-timestamp": "2026-11-23T09:44:50.123Z" },
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-fv-messageid": randomUUID() } }),
      },
    ],
  });
  return {
    name,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

interface Variant {
  key: string;
  mode: string;
  name: string;
  source?: boolean;
}

const VARIANTS: readonly Variant[] = [
  { key: "baseline", mode: "baseline", name: "baseline (bare node:http + JSON.parse)" },
  { key: "memory", mode: "memory", name: "receiver, memory store" },
  { key: "table", mode: "table", name: "receiver, Azurite table store" },
  { key: "queue", mode: "queue", name: "receiver, Azurite table + queue write" },
  { key: "adapter", mode: "adapter", name: "(info) local adapter, no-op handler" },
  { key: "memory-logs", mode: "memory-logs", name: "(info) memory store, JSON logs written" },
  { key: "memory-tsx", mode: "memory", name: "(info) memory store, from source (tsx)", source: true },
].filter((v) => !ONLY || ONLY.has(v.key) || v.key === "baseline" || v.key === "memory");

/** The middle item by `value` (the lower middle for an even count). */
function median<T>(items: T[], value: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => value(a) - value(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function run(): Promise<void> {
  if (!existsSync(COMPILED)) {
    process.stderr.write(
      `${COMPILED} is missing: build it first (npm run bench:webhook does: tsc -p bench/webhook/tsconfig.build.json).\n`,
    );
    process.exit(2);
  }
  const azurite = VARIANTS.some((v) => v.mode === "table" || v.mode === "queue")
    ? await startAzuriteProcess({ blob: false, table: true, queue: true })
    : undefined;
  // Pinned after Azurite starts, so the emulator is left to the scheduler.
  if (PINNING) pinProcess(process.pid, PINNING.clientCpu);
  process.stderr.write(
    PINNING
      ? `pinned: autocannon on CPU ${PINNING.clientCpu}, servers on CPU ${PINNING.serverCpu}\n`
      : "not pinned: the scheduler places autocannon and the servers\n",
  );
  const results = new Map<string, Figures[]>(VARIANTS.map((v) => [v.key, []]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const v of order) {
        const { url, child } = await startVariant(
          v,
          v.mode === "table" || v.mode === "queue" ? { BENCH_TABLE_CONNECTION_STRING: azurite!.connectionString } : {},
        );
        try {
          results.get(v.key)!.push(await measure(`${v.name}${ROUNDS > 1 ? ` [round ${round + 1}]` : ""}`, url));
        } finally {
          await stopVariant(child);
        }
      }
    }
  } finally {
    await azurite?.close();
  }
  const figures = VARIANTS.map((v) => ({ ...median(results.get(v.key)!, (f) => f.reqPerSec), name: v.name }));

  const baseline = figures[0]!.reqPerSec;
  const pad = (s: string, n: number) => s.padEnd(n);
  process.stdout.write(
    `\n${pad("variant", 42)}${pad("req/s", 12)}${pad("p50 ms", 10)}${pad("p99 ms", 10)}${pad("non-2xx", 10)}${pad("errors", 8)}of baseline\n`,
  );
  for (const f of figures) {
    process.stdout.write(
      `${pad(f.name, 42)}${pad(f.reqPerSec.toFixed(0), 12)}${pad(String(f.p50), 10)}${pad(String(f.p99), 10)}${pad(String(f.non2xx), 10)}${pad(String(f.errors), 8)}${((f.reqPerSec / baseline) * 100).toFixed(0)} %\n`,
    );
  }
  if (ROUNDS > 1) process.stdout.write(`(median of ${ROUNDS} rounds per variant)\n`);
  process.stdout.write(
    PINNING
      ? `(autocannon pinned to CPU ${PINNING.clientCpu}, servers to CPU ${PINNING.serverCpu})\n`
      : "(not pinned)\n",
  );
  // Each round's memory/baseline ratio pairs two runs seconds apart, not far-apart medians, so a drift in the
  // machine's speed over the whole run does not decide the verdict.
  const memoryRounds = results.get("memory")!;
  const ratios = results.get("baseline")!.map((b, i) => memoryRounds[i]!.reqPerSec / b.reqPerSec);
  const ratio = median(ratios, (r) => r);
  if (ROUNDS > 1)
    process.stdout.write(`memory/baseline per round: ${ratios.map((r) => `${(r * 100).toFixed(0)} %`).join(", ")}\n`);
  process.stdout.write(
    `\ngoal: memory store >= ${GOAL_RATIO * 100} % of baseline throughput: ${(ratio * 100).toFixed(0)} % -> ${ratio >= GOAL_RATIO ? "met" : "NOT met"}\n`,
  );
}

await run();
