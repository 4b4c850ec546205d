// A service that accepts connections and never answers must not keep a command waiting: it says what it waits
// for after a few seconds and gives up with exit 3 naming the URL and where it came from, within its deadline.
import { execFile } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDocsIndex } from "../../src/cli/docs-index/in-process.js";
import { repoRoot } from "../../src/config/repo-root.js";

let server: Server;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer((socket) => sockets.push(socket)); // accept, read nothing, answer nothing
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const env = () => ({
  VARS_FILE: path.join(repoRoot, "config", "dev", "vars.yml"),
  SEARCH_ENDPOINT: url,
  SEARCH_ADMIN_KEY: "local-key",
});

describe("a service that never answers", () => {
  it("status gives up at the request timeout with exit 3, naming the URL and SEARCH_ENDPOINT", async () => {
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

  it("the command's deadline ends it even while requests are retried", async () => {
    const started = Date.now();
    const run = await runDocsIndex(["--json", "snapshot", "--request-timeout", "30", "--deadline", "1"], env());
    expect(run.code).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(run.stderr).toMatch(new RegExp(`no answer from ${url.replace(/\./g, "\\.")} \\(from SEARCH_ENDPOINT\\)`));
    expect(run.stderr).toMatch(/deadline/);
    expect(run.stdout).toBe("");
  });

  it("the built command (npx docs-index) exits 3 within its deadline: an open socket does not keep the process alive", async () => {
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
    expect(result.stdout).toBe("");
  });
});
