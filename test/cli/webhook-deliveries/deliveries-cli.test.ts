// `webhook-deliveries` never hangs: each command against a table or queue endpoint that accepts connections and
// never answers prints `waiting for <url> (from <variable>)`, gives up after its --request-timeout (or the
// command's --deadline) and exits 3 naming the endpoint and the variable its address came from; with --json the
// error is one JSON document on stdout as well. The other endpoint is a real Azurite service.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAzurite, type Azurite } from "../../../local/azurite.js";
import { EXIT_CODES } from "../../../src/cli/exit-codes.js";
import { runDeliveriesCli } from "../../../src/cli/webhook-deliveries/command.js";

let azurite: Azurite;
let silent: Server;
const sockets = new Set<Socket>();
let silentOrigin: string;

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket); // accepted, read, never answered
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentOrigin = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  azurite = await startAzurite({ blob: false, table: true, queue: true });
  // The table exists before the rows run, so the answering endpoint answers at once even on a busy machine.
  const quiet = { write: () => 0 };
  await runDeliveriesCli(
    ["list"],
    { ...envWithSilent("queue"), WEBHOOK_QUEUE: azurite.connectionString },
    {
      stdout: quiet,
      stderr: quiet,
    },
  );
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await azurite?.close();
});

/** The receiver's settings with one endpoint replaced by the silent server. */
function envWithSilent(kind: "table" | "queue"): Record<string, string> {
  const silentCs = azurite.connectionString.replace(
    kind === "table" ? /TableEndpoint=http:\/\/[^/;]+/ : /QueueEndpoint=http:\/\/[^/;]+/,
    `${kind === "table" ? "TableEndpoint" : "QueueEndpoint"}=${silentOrigin}`,
  );
  return {
    IDEMPOTENCY_TABLE_CONNECTION_STRING: kind === "table" ? silentCs : azurite.connectionString,
    WEBHOOK_QUEUE: kind === "queue" ? silentCs : azurite.connectionString,
    IDEMPOTENCY_TABLE_NAME: "neverhang",
    WEBHOOK_QUEUE_NAME: "neverhang",
  };
}

async function run(kind: "table" | "queue", argv: string[]) {
  let stdout = "";
  let stderr = "";
  const started = Date.now();
  const code = await runDeliveriesCli(
    argv,
    envWithSilent(kind),
    { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    { service: { slowNoticeMs: 200, maxRetries: 0 } },
  );
  return { code, stdout, stderr, seconds: (Date.now() - started) / 1000 };
}

const VARIABLE = { table: "IDEMPOTENCY_TABLE_CONNECTION_STRING", queue: "WEBHOOK_QUEUE" };

describe.concurrent("webhook-deliveries against an endpoint that accepts and never answers", () => {
  it.each<[string, "table" | "queue"]>([
    ["list", "table"],
    ["list", "queue"],
    ["show never-hang-1", "table"],
    ["replay never-hang-1", "table"],
    ["replay never-hang-1", "queue"],
    ["replay --all-poison", "queue"],
  ])("%s, silent %s endpoint: waiting line, then exit 3 naming it", async (command, kind) => {
    const r = await run(kind, [...command.split(" "), "--request-timeout", "1.5"]);
    const named = `${silentOrigin} (from ${VARIABLE[kind]})`;
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`waiting for ${named}`);
    expect(r.stderr).toContain(`no answer from ${named} within 1.5s (--request-timeout); gave up`);
    expect(r.seconds).toBeLessThan(10);
  });

  it("the command's deadline ends it too (exit 3, naming the endpoint waited for)", async () => {
    const r = await run("table", ["list", "--request-timeout", "30", "--deadline", "0.8"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`no answer from ${silentOrigin} (from ${VARIABLE.table}) before the command's deadline`);
    expect(r.seconds).toBeLessThan(10);
  });

  it("--json: the error is one JSON document on stdout, the human line on stderr", async () => {
    const r = await run("queue", ["list", "--json", "--request-timeout", "1.5"]);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({
      format_version: "1.0",
      error: { code: "no_answer", exit_code: 3, message: expect.stringContaining(`no answer from ${silentOrigin}`) },
    });
    expect(r.stderr).toContain("webhook-deliveries: no answer from");
  });

  it("--json usage errors are JSON too; a bad option prints one line, not the whole help", async () => {
    const r = await run("table", ["list", "--frobnicate", "--json"]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ format_version: "1.0", error: { code: "usage", exit_code: 2 } });
    expect(r.stderr.trim().split("\n")).toHaveLength(2);
  });
});

describe("webhook-deliveries without a command", () => {
  it("says a command is required and names them, in text and in the --json error document (exit 2)", async () => {
    let out = "";
    let err = "";
    const streams = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } };
    expect(await runDeliveriesCli(["--json"], {}, streams)).toBe(2);
    expect(JSON.parse(out).error).toMatchObject({
      code: "usage",
      exit_code: 2,
      message: "a command is required (list, show, replay)",
    });
    expect(err).toContain("error: a command is required (list, show, replay)");
  });
});

describe("webhook-deliveries --help", () => {
  it("lists its exit codes from the one table the docs-index command uses (src/cli/exit-codes.ts)", async () => {
    let out = "";
    const sink = { write: (s: string) => (out += s) };
    expect(await runDeliveriesCli(["--help"], {}, { stdout: sink, stderr: sink })).toBe(0);
    const codes = [...out.split("Exit codes:")[1]!.matchAll(/^ {2}(\d+) /gm)].map((m) => Number(m[1]));
    expect(codes).toEqual([0, 1, 2, 3, 4]);
    expect(codes.every((c) => EXIT_CODES.some((d) => d.code === c))).toBe(true);
  });
});
