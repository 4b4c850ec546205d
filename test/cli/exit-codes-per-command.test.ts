// Exit codes per command, held to a recorded table: every command of `docs-index` and of
// `webhook-deliveries` runs the scenarios that give its codes (usage error, invalid configuration, unreachable,
// no answer before --request-timeout or --deadline, 403, a refusal, a failed check, a timeout, Ctrl-C, success,
// `plan --detailed-exitcode` with and without changes) and the codes must equal test/cli/fixtures/
// exit-codes-before.json, the table as recorded (its `takenOn` names the commit it was taken from).
// One environment for the file: a stand-in for the plan/deploy scenarios, one stand-in + Azurite (blob, table,
// queue) for the operations, a TCP server that accepts and never answers. UPDATE_EXIT_CODES=1 rewrites the table.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { BlobServiceClient } from "@azure/storage-blob";
import { QueueServiceClient } from "@azure/storage-queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { newEtag } from "../../local/search-standin/state.js";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { commandNameIn } from "../../src/cli/docs-index/registry.js";
import { runDeliveriesCli } from "../../src/cli/webhook-deliveries/command.js";
import { repoRoot } from "../../src/config/repo-root.js";
import { base64Encode } from "../../src/search/indexer-emulation/base64.js";
import { encodeMessage } from "../../webhook/src/delivery/message.js";
import { createStore } from "../../webhook/src/runtime.js";
import { loadSettings } from "../../webhook/src/settings.js";
import { cliEnv, copyDefinitions } from "../support/cli.js";
import { execution } from "../support/execution.js";
import { ACCOUNT_ROOT, registerDatasourceAndIndexer } from "../support/ops-world.js";
import { loadDefinition } from "../standin/fixtures.js";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "exit-codes-before.json");

/** What a scenario ended with: the exit code and, for a --json run that failed, the error document's code. */
interface Observed {
  exit: number;
  error?: string;
}
type Table = Record<string, Record<string, Observed>>;

const observed: Table = {};
let plainStandIn: SearchStandIn;
let opsStandIn: SearchStandIn;
let azurite: Azurite;
let silent: Server;
const sockets = new Set<Socket>();
let silentOrigin: string;
const tmp = mkdtempSync(path.join(tmpdir(), "exit-codes-"));

/** Retries in milliseconds; the request timeout stays the CLI's own (so --request-timeout counts). */
const SERVICE = { maxRetries: 2, retryDelayMs: 1, maxRetryDelayMs: 5, slowNoticeMs: 60_000 };
const quiet = { write: () => true };

function record(command: string, scenario: string, exit: number, stdout: string, json: boolean): Observed {
  const o: Observed = { exit };
  if (json && exit !== 0) o.error = (JSON.parse(stdout) as { error?: { code?: string } }).error?.code ?? "(none)";
  (observed[command] ??= {})[scenario] = o;
  return o;
}

async function docsIndex(scenario: string, env: NodeJS.ProcessEnv, args: string[]): Promise<Observed> {
  const r = await runDocsIndex(args, env, { service: SERVICE });
  return record(`docs-index ${commandNameIn(args)}`, scenario, r.code, r.stdout, args.includes("--json"));
}

async function deliveries(scenario: string, env: NodeJS.ProcessEnv, args: string[]): Promise<Observed> {
  let stdout = "";
  const code = await runDeliveriesCli(
    args,
    env,
    { stdout: { write: (s: string) => (stdout += s) }, stderr: quiet },
    { service: { maxRetries: 0, retryDelayMs: 1, slowNoticeMs: 60_000 } },
  );
  const command = args.find((a) => !a.startsWith("-")) ?? "(none)";
  return record(`webhook-deliveries ${command}`, scenario, code, stdout, args.includes("--json"));
}

/** config/dev/vars.yml with one key the schema does not know. */
function invalidVars(): string {
  const file = path.join(tmp, "vars.yml");
  writeFileSync(file, `${readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8")}\nsearch_typo: true\n`);
  return file;
}

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket); // accepted, never answered
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentOrigin = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  azurite = await startAzurite({ blob: true, table: true, queue: true });
  [plainStandIn, opsStandIn] = await Promise.all([
    startSearchStandIn(),
    startSearchStandIn({ storageConnectionString: azurite.connectionString }),
  ]);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await Promise.all([plainStandIn?.close(), opsStandIn?.close()]);
  await azurite?.close();
});

/** Every command's usage and configuration errors (none of them reaches a service). */
async function usageAndConfig(): Promise<void> {
  const env = cliEnv({ standIn: plainStandIn });
  const bad = { ...env, VARS_FILE: invalidVars() };
  const offline = ["url", "preview", "show"];
  const commands = [
    ["plan"],
    ["deploy"],
    ["show", path.join(tmp, "missing.json")],
    ["migrate-to-alias"],
    ["preflight"],
    ["status"],
    ["backfill"],
    ["coverage"],
    ["orphans"],
    ["query", "widget"],
    ["mcp"],
    ["retrieve", "invoices"],
    ["eval"],
    ["snapshot"],
    ["preview", tmp, "--account-url", "https://a.blob.core.windows.net"],
    ["url", base64Encode(`${ACCOUNT_ROOT}/billing/index.html`)],
  ];
  await Promise.all(
    commands.map(async (args) => {
      await docsIndex("bad option", env, [...args, "--no-such-option"]);
      await docsIndex("bad option --json", env, ["--json", ...args, "--no-such-option"]);
      await docsIndex("bad --deadline value", env, ["--deadline", "soon", ...args]);
      if (!offline.includes(args[0]!) || args[0] === "url") await docsIndex("invalid vars.yml", bad, args);
    }),
  );
  await docsIndex("invalid vars.yml --json", bad, ["--json", "status"]);
  await docsIndex("--detailed-exitcode (not its flag)", env, ["deploy", "--detailed-exitcode"]);
  await docsIndex("non-loopback --host without mcp.auth", env, ["mcp", "--http", "--host", "0.0.0.0"]);
}

/** Every service command against a port where nothing listens, and against a server that never answers. */
async function unreachableAndSilent(): Promise<void> {
  const env = cliEnv({ standIn: plainStandIn });
  const down = { ...env, SEARCH_ENDPOINT: "http://127.0.0.1:9" };
  const mute = { ...env, SEARCH_ENDPOINT: silentOrigin };
  const commands = [
    ["plan"],
    ["deploy"],
    ["status"],
    ["coverage"],
    ["snapshot"],
    ["orphans"],
    ["query", "widget"],
    ["backfill", "--yes"],
    ["eval"],
    ["migrate-to-alias", "--yes"],
  ];
  await Promise.all(
    commands.map(async (args) => {
      await docsIndex("unreachable", down, args);
      await docsIndex("no answer (--request-timeout)", mute, ["--request-timeout", "0.2", ...args]);
    }),
  );
  await docsIndex("unreachable --json", down, ["--json", "status"]);
  await docsIndex("no answer before --deadline", mute, ["--deadline", "0.3", "status"]);
  await docsIndex("no answer before --deadline --json", mute, ["--json", "--deadline", "0.3", "snapshot"]);
  await docsIndex("--detailed-exitcode, unreachable", down, ["plan", "--detailed-exitcode"]);
}

/** plan, deploy and show against an empty service, then a rebuild, a saved plan that moved, a 412. */
async function planDeployShow(): Promise<void> {
  const env = cliEnv({ standIn: plainStandIn });
  const bad = { ...env, VARS_FILE: invalidVars() };
  const planFile = path.join(tmp, "plan.json");
  await docsIndex("changes", env, ["plan"]);
  await docsIndex("--detailed-exitcode, changes", env, ["plan", "--detailed-exitcode"]);
  await docsIndex("--detailed-exitcode, invalid vars.yml", bad, ["plan", "--detailed-exitcode"]);
  await docsIndex("--detailed-exitcode, bad option", env, ["plan", "--detailed-exitcode", "--no-such-option"]);
  await docsIndex("--detailed-exitcode, exclusive options --json", env, [
    "--json",
    "plan",
    "--detailed-exitcode",
    "--markdown",
  ]);
  await docsIndex("-out", env, ["plan", "-out", planFile]);
  await docsIndex("a saved plan", env, ["show", planFile]);
  await docsIndex("a saved plan --markdown", env, ["show", planFile, "--markdown"]);
  await docsIndex("a missing file", env, ["show", path.join(tmp, "missing.json")]);
  writeFileSync(path.join(tmp, "junk.json"), "{}");
  await docsIndex("not a saved plan", env, ["show", path.join(tmp, "junk.json")]);
  const doc = JSON.parse(readFileSync(planFile, "utf8"));
  writeFileSync(path.join(tmp, "old.json"), JSON.stringify({ ...doc, format_version: "0.9" }));
  await docsIndex("an older format", env, ["show", path.join(tmp, "old.json")]);
  await docsIndex("a saved plan of an older format", env, ["deploy", path.join(tmp, "old.json")]);
  await docsIndex("a saved plan that is not one", env, ["deploy", path.join(tmp, "junk.json")]);
  await docsIndex("empty service", env, ["deploy"]);
  await docsIndex("--detailed-exitcode, no changes", env, ["plan", "--detailed-exitcode"]);
  await docsIndex("no changes", env, ["--json", "plan"]);
  const rebuild = copyDefinitions((file, json) => {
    if (file === "docs-index.json") json.fields.find((f: { name: string }) => f.name === "section").searchable = true;
  });
  await docsIndex("a rebuild without --allow-rebuild", env, ["deploy", "--definitions", rebuild]);
  await docsIndex("a rebuild without --allow-rebuild --json", env, ["--json", "deploy", "--definitions", rebuild]);
  await docsIndex("--detailed-exitcode, a rebuild", env, ["plan", "--detailed-exitcode", "--definitions", rebuild]);
  await docsIndex("a saved plan with other definitions", env, ["deploy", planFile]);
  plainStandIn.state.indexes.get("docs-index")!.etag = newEtag();
  await docsIndex("a saved plan whose live ETag moved", env, ["deploy", planFile]);
  plainStandIn.injectFault({ method: "PUT", pathIncludes: "/datasources/", status: 412, times: 1 });
  const inPlace = copyDefinitions((file, json) => {
    if (file === "docs-datasource.json") json.description = "changed in place";
  });
  await docsIndex("a concurrent change (412)", env, ["deploy", "--definitions", inPlace]);
  plainStandIn.injectFault({ pathIncludes: "/indexes", status: 403, times: 1 });
  await docsIndex("403", env, ["plan"]);
  await docsIndex("migration not confirmed (no TTY, no --yes)", env, ["migrate-to-alias"]);
}

/** The operations against Azurite's container, crawled by the stand-in's indexer. */
async function operations(): Promise<void> {
  const env = cliEnv({ standIn: opsStandIn, azurite });
  opsStandIn.state.indexes.set("docs-index", { definition: loadDefinition("docs-index.json"), etag: newEtag() });
  opsStandIn.state.documents.set("docs-index", new Map());
  registerDatasourceAndIndexer(opsStandIn);
  const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("$web");

  await container.createIfNotExists();
  const page = "<html><head><title>Billing widget</title></head><body>widget</body></html>";
  await container
    .getBlockBlobClient("billing/index.html")
    .upload(page, page.length, { blobHTTPHeaders: { blobContentType: "text/html" } });

  await docsIndex("no completed run", env, ["status"]);
  await docsIndex("no completed run --json", env, ["--json", "status"]);
  await docsIndex("no TTY and no --yes", env, ["backfill"]);
  opsStandIn.injectFault({ method: "POST", pathIncludes: "/run", status: 202, times: 1 });
  await docsIndex("timed out waiting", env, ["backfill", "--yes", "--poll-interval", "0.05", "--timeout", "0.3"]);
  opsStandIn.injectFault({ method: "POST", pathIncludes: "/run", status: 409, times: 1 });
  await docsIndex("a run request that lost the race (409)", env, ["backfill", "--yes", "--poll-interval", "0.05"]);
  await docsIndex("a full crawl", env, ["backfill", "--yes", "--poll-interval", "0.05"]);
  await docsIndex("a passing run", env, ["status"]);
  await docsIndex("--wait, a passing run", env, ["status", "--wait", "--timeout", "5", "--poll-interval", "0.05"]);
  const runtime = opsStandIn.state.indexers.get("docs-indexer")!.runtime;
  runtime.history.unshift(execution({ status: "inProgress", endTime: null, itemsProcessed: 1 }));
  await docsIndex("a run in progress", env, ["backfill", "--yes"]);
  await docsIndex("--wait, timed out", env, ["status", "--wait", "--timeout", "0.3", "--poll-interval", "0.05"]);
  runtime.history.shift();
  runtime.history.unshift(execution({ status: "success", errors: [{ key: "x", errorMessage: "unexpected" }] }));
  await docsIndex("an unexpected failure", env, ["status"]);
  runtime.history.shift();

  await docsIndex("filled", env, ["coverage"]);
  await docsIndex("ok", env, ["snapshot"]);
  await docsIndex("results", env, ["query", "widget"]);
  await docsIndex("--dedup off", env, ["query", "widget", "--dedup", "off"]);
  await docsIndex("a refused --section", env, ["query", "widget", "--section", "x"]);
  await docsIndex("agentic retrieval off", env, ["retrieve", "invoices"]);
  await docsIndex("evaluated", env, ["eval"]);
  writeFileSync(path.join(tmp, "baseline.json"), "{}");
  await docsIndex("an invalid baseline", env, ["eval", "--baseline", path.join(tmp, "baseline.json")]);
  await docsIndex("soft delete off", env, ["preflight"]);
  const blobService = BlobServiceClient.fromConnectionString(azurite.connectionString);
  await blobService.setProperties({ deleteRetentionPolicy: { enabled: true, days: 7 } });
  await docsIndex("soft delete on for 7 days", env, ["preflight"]);
  await docsIndex("nothing to clean up", env, ["orphans"]);
  await opsStandIn.state.documents.get("docs-index")!.set(base64Encode(`${ACCOUNT_ROOT}/gone/index.html`), {
    id: base64Encode(`${ACCOUNT_ROOT}/gone/index.html`),
    title: "Gone",
    app: "gone",
  });
  await docsIndex("an orphan found", env, ["orphans"]);
  await docsIndex("--delete without --yes", env, ["orphans", "--delete"]);
  for (const [args, path] of [
    [["status"], "/indexers/docs-indexer/status"],
    [["coverage"], "/docs/search"],
    [["snapshot"], "/docs/$count"],
    [["query", "widget"], "/docs/search"],
  ] as const) {
    opsStandIn.injectFault({ pathIncludes: path, status: 403, times: args[0] === "query" ? 3 : 1 });
    await docsIndex("403", env, [...args]);
    opsStandIn.injectFault({ pathIncludes: path, status: 500, times: args[0] === "query" ? 9 : 3 });
    await docsIndex("a 5xx after the retries", env, [...args]);
  }
  opsStandIn.injectFault({ method: "POST", pathIncludes: "/reset", status: 403, times: 1 });
  await docsIndex("403 on the reset", env, ["backfill", "--yes"]);
  const storageDown = {
    ...env,
    DOCS_STORAGE_CONNECTION_STRING: azurite.connectionString.replace(
      /BlobEndpoint=http:\/\/127\.0\.0\.1:\d+/,
      "BlobEndpoint=http://127.0.0.1:9",
    ),
  };
  await docsIndex("storage unreachable", storageDown, ["orphans"]);
  await docsIndex("storage unreachable", storageDown, ["preflight"]);
  await docsIndex("a blob URL", env, ["url", `${ACCOUNT_ROOT}/billing/index.html`]);
  await docsIndex("neither a URL, a path nor an id", env, ["url", "???"]);
  const site = mkdtempSync(path.join(tmp, "site-"));
  writeFileSync(path.join(site, "index.html"), page);
  await docsIndex("a folder", env, ["preview", site, "--account-url", "https://acct.blob.core.windows.net"]);
  await docsIndex("a missing folder", env, [
    "preview",
    path.join(tmp, "nope"),
    "--account-url",
    "https://a.blob.core.windows.net",
  ]);
}

/** Ctrl-C while a command waits for a run that never starts (a 202 that starts none). */
async function ctrlC(scenario: string, args: string[]): Promise<void> {
  const env = cliEnv({ standIn: opsStandIn, azurite });
  opsStandIn.injectFault({ method: "POST", pathIncludes: "/run", status: 202, times: 1 });
  const listeners = process.listenerCount("SIGINT");
  const pending = docsIndex(scenario, env, args);
  const poll = setInterval(() => {
    if (process.listenerCount("SIGINT") > listeners) {
      clearInterval(poll);
      process.emit("SIGINT");
    }
  }, 10);
  await pending.finally(() => clearInterval(poll));
}

/** The waits that end in Ctrl-C or a timeout (after the other worlds: SIGINT is process-wide). */
async function interrupted(): Promise<void> {
  await ctrlC("Ctrl-C while waiting", ["backfill", "--yes", "--poll-interval", "0.05"]);
  await ctrlC("--wait, Ctrl-C while waiting", ["deploy", "--wait", "--poll-interval", "0.05"]);
  const env = cliEnv({ standIn: opsStandIn, azurite });
  opsStandIn.injectFault({ method: "POST", pathIncludes: "/run", status: 202, times: 1 });
  await docsIndex("--wait, timed out", env, ["deploy", "--wait", "--timeout", "0.3", "--poll-interval", "0.05"]);
}

/** The receiver's settings over Azurite; `replace` points the table or the queue somewhere else. */
function receiverEnv(replace?: { kind: "Table" | "Queue"; origin: string }): NodeJS.ProcessEnv {
  const cs = replace
    ? azurite.connectionString.replace(
        new RegExp(`${replace.kind}Endpoint=http://[^/;]+`),
        `${replace.kind}Endpoint=${replace.origin}`,
      )
    : azurite.connectionString;
  return {
    IDEMPOTENCY_TABLE_CONNECTION_STRING: replace?.kind === "Table" ? cs : azurite.connectionString,
    WEBHOOK_QUEUE: replace?.kind === "Queue" ? cs : azurite.connectionString,
    IDEMPOTENCY_TABLE_NAME: "exitcodes",
    WEBHOOK_QUEUE_NAME: "exitcodes",
  };
}

async function webhookDeliveries(): Promise<void> {
  const env = receiverEnv();
  await deliveries("--help", env, ["--help"]);
  await deliveries("no command", env, []);
  await deliveries("an unknown command", env, ["frobnicate"]);
  await deliveries("bad option", env, ["list", "--frobnicate"]);
  await deliveries("bad option --json", env, ["list", "--frobnicate", "--json"]);
  await deliveries("bad --state", env, ["list", "--state", "nope"]);
  await deliveries("bad --limit", env, ["list", "--limit", "0"]);
  await deliveries("bad --deadline value", env, ["list", "--deadline", "soon"]);
  await deliveries("no message id", env, ["show"]);
  await deliveries("an id and --all-poison", env, ["replay", "x", "--all-poison"]);
  await deliveries("the queue not configured", { ...env, WEBHOOK_QUEUE: "" }, ["list"]);
  await deliveries("the queue not configured --json", { ...env, WEBHOOK_QUEUE: "" }, ["list", "--json"]);
  await deliveries("the table not configured", { ...env, IDEMPOTENCY_TABLE_CONNECTION_STRING: "" }, ["list"]);
  await deliveries("invalid settings", { ...env, WEBHOOK_QUEUE_NAME: "Not_A_Queue!" }, ["list"]);
  await deliveries("empty", env, ["list"]);

  const store = createStore(loadSettings(env), () => {
    throw new Error("no credential on Azurite");
  });
  await store.recordOutcome("wh-processed", { state: "processed", attempts: 1 });
  await store.recordOutcome("wh-retrying", { state: "failed", attempts: 1, poisoned: false });
  await store.recordOutcome("wh-poisoned", { state: "failed", attempts: 2, poisoned: true });
  const poison = QueueServiceClient.fromConnectionString(azurite.connectionString).getQueueClient("exitcodes-poison");
  await poison.createIfNotExists();
  await deliveries("a listing", env, ["list", "--json"]);
  await deliveries("a delivery", env, ["show", "wh-processed"]);
  await deliveries("no such delivery", env, ["show", "nope"]);
  await deliveries("no such delivery --json", env, ["show", "nope", "--json"]);
  await deliveries("processed already", env, ["replay", "wh-processed", "--yes"]);
  await deliveries("still retried --json", env, ["replay", "wh-retrying", "--json"]);
  await deliveries("nothing stored to replay", env, ["replay", "wh-poisoned"]);
  await deliveries("an empty poison queue", env, ["replay", "--all-poison"]);
  const message = {
    v: 1 as const,
    messageId: "wh-poisoned",
    receivedAt: new Date().toISOString(),
    payload: { Object: "Project", Event: "Created", OrgId: 3, ProjectId: 1 },
    forward: {},
    traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    requestId: "r-1",
  };
  await poison.sendMessage(encodeMessage(message as never));
  await deliveries("a dry run from the poison queue", env, ["replay", "wh-poisoned"]);
  await deliveries("a dry run of the poison queue", env, ["replay", "--all-poison"]);
  await poison.sendMessage(Buffer.from("not json").toString("base64"));
  await deliveries("an unreadable poison message", env, ["replay", "--all-poison"]);

  const down = "http://127.0.0.1:9";
  // Side by side: the codes do not depend on the order (replay --all-poison ends 1 whether it finds the unreadable
  // poison message or, hidden by its neighbour's read, nothing).
  await Promise.all(
    [["list"], ["show", "x"], ["replay", "x"], ["replay", "--all-poison"]].map(async (args) => {
      const what = args.join(" ");
      await deliveries(`${what}: table unreachable`, receiverEnv({ kind: "Table", origin: down }), args);
      await deliveries(`${what}: queue unreachable`, receiverEnv({ kind: "Queue", origin: down }), args);
      await deliveries(`${what}: no answer (--request-timeout)`, receiverEnv({ kind: "Table", origin: silentOrigin }), [
        ...args,
        "--request-timeout",
        "1", // Azurite, the other endpoint, answers well within it on a busy machine
      ]);
    }),
  );
  const muteQueue = receiverEnv({ kind: "Queue", origin: silentOrigin });
  await deliveries("no answer before --deadline", muteQueue, ["list", "--request-timeout", "30", "--deadline", "0.3"]);
  await deliveries("no answer --json", muteQueue, ["list", "--json", "--request-timeout", "0.2"]);
  const wrongKey = {
    ...env,
    IDEMPOTENCY_TABLE_CONNECTION_STRING: azurite.connectionString.replace(/AccountKey=[^;]+/, "AccountKey=d3Jvbmc="),
  };
  await deliveries("403 (a wrong account key)", wrongKey, ["list"]);
  await deliveries("403 (a wrong account key) --json", wrongKey, ["list", "--json"]);
}

describe("exit codes per command", () => {
  it("every scenario ends with the code the code before the refactor gave (fixtures/exit-codes-before.json)", async () => {
    // Independent worlds run side by side; Ctrl-C (a process-wide signal) runs alone at the end.
    await Promise.all([
      usageAndConfig().then(unreachableAndSilent),
      planDeployShow(),
      operations(),
      webhookDeliveries(),
    ]);
    await interrupted();
    if (process.env.UPDATE_EXIT_CODES === "1") {
      const before = {
        takenOn: "f4894da (main before issue #32's refactor)",
        note: "exit code (and --json error.code) per command and scenario, from test/cli/exit-codes-per-command.test.ts",
        // Sorted, so a table taken again differs only where a code does.
        commands: Object.fromEntries(
          Object.keys(observed)
            .sort()
            .map((c) => [
              c,
              Object.fromEntries(
                Object.keys(observed[c]!)
                  .sort()
                  .map((s) => [s, observed[c]![s]]),
              ),
            ]),
        ),
      };
      writeFileSync(FIXTURE, `${JSON.stringify(before, null, 2)}\n`);
    }
    const fixture = JSON.parse(readFileSync(FIXTURE, "utf8")) as { commands: Table };
    expect(observed).toEqual(fixture.commands);
  }, 120_000);
});
