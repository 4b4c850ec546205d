// A service that accepts connections and never answers must not keep a command waiting: it says what it waits
// for after a few seconds and gives up with exit 3 naming the URL and where it came from, within its deadline.
// Table-driven: every command that calls a service, once per kind of endpoint it uses (the search service, the
// storage account's blob endpoint, Azure Resource Manager), with the other endpoints answering (the stand-in and
// Azurite), so the message must name the silent one and not another.
import { execFile, spawn } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { readArmBlobService } from "../../src/search/io/arm-blob-service.js";
import { ARM_ENDPOINT } from "../../src/search/io/arm-endpoint.js";
import { createContext } from "../../src/cli/context.js";
import { createOutput } from "../../src/cli/output.js";
import { textSink } from "../../src/cli/docs-index/in-process.js";
import { NoAnswerError } from "../../src/search/io/service-options.js";
import { startHarness, type Harness } from "../support/ops-world.js";

let server: Server;
let url: string;
let silentBlob: Server;
let blobUrl: string;
let h: Harness;
const sockets: Socket[] = [];

/** A server that accepts connections, reads nothing and answers nothing. */
async function silentServer(): Promise<[Server, string]> {
  const s = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return [s, `http://127.0.0.1:${(s.address() as { port: number }).port}`];
}

beforeAll(async () => {
  [server, url] = await silentServer();
  [silentBlob, blobUrl] = await silentServer();
  h = await startHarness({ azurite: true });
  await h.container().createIfNotExists();
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => silentBlob.close(resolve));
  await h?.close();
});

const env = () => ({
  VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml"),
  SEARCH_ENDPOINT: url,
  SEARCH_ADMIN_KEY: "local-key",
});

type Kind = "search" | "blob";
const SOURCE: Record<Kind, string> = { search: "SEARCH_ENDPOINT", blob: "DOCS_STORAGE_CONNECTION_STRING" };
const TABLE: { name: string; command: string[]; kind: Kind }[] = [
  ...[
    ["status"],
    ["status", "--wait"],
    ["coverage"],
    ["snapshot"],
    ["query", "x"],
    ["plan"],
    ["deploy"],
    ["backfill", "--yes"],
    ["migrate-to-alias", "--yes"],
    ["orphans"],
  ].map((command) => ({ name: command.join(" "), command, kind: "search" as const })),
  ...[["orphans"], ["orphans", "--delete", "--yes"], ["preflight"]].map((command) => ({
    name: command.join(" "),
    command,
    kind: "blob" as const,
  })),
];

/** The harness's answering endpoints, with the one of `kind` replaced by a silent server. */
function silentEnv(kind: Kind): NodeJS.ProcessEnv {
  return kind === "search"
    ? { ...h.env, SEARCH_ENDPOINT: url }
    : {
        ...h.env,
        DOCS_STORAGE_CONNECTION_STRING: h.env.DOCS_STORAGE_CONNECTION_STRING!.replace(
          /BlobEndpoint=http:\/\/127\.0\.0\.1:\d+/,
          `BlobEndpoint=${blobUrl}`,
        ),
      };
}

// The rows run at the same time (each mostly waits for its timeout); expect comes from each test's context.
// The notice is due 10 ms into an attempt and the timeout 1 s in: when a busy machine holds the event loop past
// both, Node may run another row's expired timeouts before this row's notice, so the gap must outlast any such lag
// (0.1 s does not on this 2-core machine at a load average of 14).
describe.concurrent.each(TABLE)("$name, with a silent $kind endpoint", ({ command, kind }) => {
  it("says what it waits for, then exits 3 naming that endpoint and where its address came from", async ({
    expect,
  }) => {
    const silent = kind === "search" ? url : blobUrl;
    const started = Date.now();
    const run = await runDocsIndex(["--json", ...command, "--request-timeout", "1"], silentEnv(kind), {
      service: { slowNoticeMs: 10, maxRetries: 1, retryDelayMs: 1 },
    });
    const took = Date.now() - started;
    expect(run.code, run.stderr).toBe(3);
    expect(took).toBeLessThan(4_000);
    expect(run.stderr).toContain(`waiting for ${silent}`);
    expect(run.stderr).toContain(`(from ${SOURCE[kind]})`);
    const errorLine = run.stderr.split("\n").find((l) => l.startsWith("error:"))!;
    expect(errorLine).toMatch(new RegExp(`no answer from ${silent.replace(/\./g, "\\.")} \\(from ${SOURCE[kind]}\\)`));
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: "service_error", exit_code: 3 });
    timings.push(`${[...command].join(" ")} | ${kind} | exit ${run.code} | ${(took / 1000).toFixed(2)} s`);
  });
});

const timings: string[] = [];
afterAll(() => {
  if (process.env.NEVER_HANG_TIMINGS) process.stderr.write(`${timings.join("\n")}\n`);
});

describe("Azure Resource Manager (preflight's versioning check) that never answers", () => {
  it("gives up at the request timeout, having said it waits, naming the ARM URL", async () => {
    const arm = url.replace("http:", "https:"); // a TLS handshake that never gets an answer
    const slow: string[] = [];
    const started = Date.now();
    const err = await readArmBlobService(
      "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/a",
      {
        armEndpoint: arm,
        credential: { getToken: async () => ({ token: "t", expiresOnTimestamp: Date.now() + 3_600_000 }) },
        service: {
          requestTimeoutMs: 300,
          slowNoticeMs: 100,
          maxRetries: 1,
          retryDelayMs: 1,
          onSlow: (u) => slow.push(u),
        },
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoAnswerError);
    expect((err as NoAnswerError).url).toBe(arm);
    expect(slow).toEqual([arm]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("the CLI names where the ARM address comes from, as it does for the search and blob endpoints", () => {
    const out = createOutput(false, { stdout: textSink().stream, stderr: textSink().stream });
    const ctx = createContext(
      out,
      { VARS_FILE: path.join(repoRoot, "config", "prod", "vars.yml") },
      {},
      {
        requestTimeoutMs: 1,
        maxRetries: 0,
        retryDelayMs: 1,
        maxRetryDelayMs: 1,
        slowNoticeMs: 1,
      },
    );
    expect(ctx.describeUrl(`${ARM_ENDPOINT}/subscriptions/s/x?api-version=1`)).toBe(
      `${ARM_ENDPOINT} (from Azure Resource Manager, for search.storage_account_resource_id in config/prod/vars.yml)`,
    );
    expect(ctx.describeUrl(ctx.target.blobEndpoint)).toMatch(
      / \(from config\/prod\/vars\.yml \(search\.storage_account_resource_id\)\)$/,
    );
  });
});

describe.concurrent("a service that never answers", () => {
  it("status gives up at the request timeout with exit 3, naming the URL and SEARCH_ENDPOINT", async ({ expect }) => {
    const started = Date.now();
    const run = await runDocsIndex(["status", "--request-timeout", "0.5"], env(), {
      service: { slowNoticeMs: 100, maxRetries: 0 },
    });
    expect(run.code).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.stderr).toContain(`waiting for ${url} (from SEARCH_ENDPOINT)`);
    expect(run.stderr).toContain(`no answer from ${url} (from SEARCH_ENDPOINT) within 0.5s`);
    expect(run.stdout).toBe("");
  });

  it("the command's deadline ends it even while requests are retried", async ({ expect }) => {
    const started = Date.now();
    const run = await runDocsIndex(["--json", "snapshot", "--request-timeout", "30", "--deadline", "1"], env());
    expect(run.code).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.stderr).toMatch(new RegExp(`no answer from ${url.replace(/\./g, "\\.")} \\(from SEARCH_ENDPOINT\\)`));
    expect(run.stderr).toMatch(/deadline/);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: "service_error", exit_code: 3 });
  });

  it("a deadline that passes while the storage account is silent names the blob endpoint, not the search one", async ({
    expect,
  }) => {
    const run = await runDocsIndex(["preflight", "--request-timeout", "30", "--deadline", "0.5"], silentEnv("blob"));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `no answer from ${blobUrl} (from DOCS_STORAGE_CONNECTION_STRING) before the command's deadline`,
    );
    const errorLine = run.stderr.split("\n").find((l) => l.startsWith("error:"));
    expect(errorLine).not.toContain(h.standIn.url);
    expect(errorLine).toMatch(/\(0\.5s, --deadline\)/);
  });

  it("the built command (npx docs-index) exits 3 within its deadline: an open socket does not keep the process alive", async ({
    expect,
  }) => {
    const started = Date.now();
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [path.join(repoRoot, "dist", "cli", "docs-index.js"), "--json", "status", "--deadline", "1"],
        { env: { ...process.env, ...env() }, timeout: 20_000 },
        (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(result.code, result.stderr).toBe(3);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.stderr).toContain(`(from SEARCH_ENDPOINT)`);
    expect(JSON.parse(result.stdout).error.message).toContain("(from SEARCH_ENDPOINT)");
  });

  it("Ctrl-C while a request is outstanding exits 130 and says what continues on the service", async ({ expect }) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "dist", "cli", "docs-index.js"), "status"], {
      env: { ...process.env, ...env() },
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes("status of docs-indexer") || stderr.includes("search ")) child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/interrupted \(Ctrl-C\): requests already sent are not undone; .* continues there/);
  });

  it("the first Ctrl-C ends `status --wait` with 130 at once, also while a status read is outstanding", async ({
    expect,
  }) => {
    // Not only between polls: a silent service would hold the first Ctrl-C until the request timed out (exit 3),
    // and only a second one would exit 130.
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, "dist", "cli", "docs-index.js"), "status", "--wait", "--request-timeout", "60"],
      { env: { ...process.env, ...env() } },
    );
    let stderr = "";
    let signals = 0;
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      if (signals === 0 && stderr.includes("Ctrl-C stops waiting")) signals += Number(child.kill("SIGINT"));
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    expect(signals).toBe(1);
    expect(code, stderr).toBe(130);
    expect(stderr).toMatch(/stopped waiting \(Ctrl-C\); the indexer run was NOT stopped/);
    expect(stderr).not.toMatch(/no answer from/);
  }, 90_000);
});
