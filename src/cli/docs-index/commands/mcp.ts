// docs-index mcp: the index's query rules as an MCP server (search_docs, get_doc, list_apps, and retrieve_docs where
// search.agentic_retrieval is on) for agents. stdio by default (what agent hosts spawn: stdout carries only
// protocol messages, notes go to stderr); --http serves Streamable HTTP at /mcp on loopback, or on another
// address only with Entra ID token validation (mcp.auth).
import { CliError, exitCodeHelp, type OutcomeKind } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { searchAuth } from "../../context.js";
import { mcpConfigSchema } from "../../../config/mcp.js";
import { createSearchClients } from "../../../search/io/clients.js";
import { startMcp } from "../../../mcp/shell/run.js";
import { integerIn } from "../common/options.js";
import { announceTarget } from "../common/target.js";
import { cliVersion } from "../common/version.js";

/** What `mcp`'s exit codes mean (Markdown): its --help block and the table in docs/mcp.md (npm run docs:exit-codes). */
export const MCP_EXIT_MEANINGS: Partial<Record<OutcomeKind, string>> = {
  ok: "stdin closed (stdio) or stopped with Ctrl-C/SIGTERM (`--http`)",
  usage:
    "usage or configuration error, including a non-loopback `--host` without `mcp.auth`, or an address or port that cannot be bound (in use, privileged, not on this machine)",
  "service-error": "token validation could not start (OpenID Connect discovery failed)",
};

interface McpOptions {
  http?: boolean;
  stateless?: boolean;
  host?: string;
  port?: number;
}

const DEFAULT_HOST = "127.0.0.1";

const HOUR_MS = 3_600_000;

export const mcpCommand: CommandModule = {
  register(program, run) {
    program
      .command("mcp")
      .description(
        "Serve the index to agents over MCP (tools search_docs, get_doc, list_apps; retrieve_docs where search.agentic_retrieval is on): stdio, or --http at /mcp",
      )
      .option("--http", "serve Streamable HTTP at /mcp instead of stdio (prints the URL on stderr)")
      .option(
        "--host <address>",
        `address to bind with --http (default: ${DEFAULT_HOST}); non-loopback needs mcp.auth in the config`,
      )
      .option("--port <n>", "port with --http (default: 0, a free port)", integerIn("--port", 0, 65535))
      .option(
        "--stateless",
        "with --http: stateless mode, a new server per request (no session id, JSON responses, GET/DELETE 405); any process behind a load balancer answers any request",
      )
      .addHelpText(
        "after",
        [
          "",
          "The identity needs the Search Index Data Reader role only; with more (reading index and indexer",
          "definitions) answers also name the concrete index, its eTag and the indexer's last successful run.",
          exitCodeHelp(
            Object.fromEntries(Object.entries(MCP_EXIT_MEANINGS).map(([c, m]) => [c, m!.replaceAll("`", "")])),
          ),
        ].join("\n"),
      )
      .action(
        run(async (ctx, opts: McpOptions) => {
          // Without --http the server speaks stdio and would ignore them, waiting for protocol messages on stdin.
          const httpOnly = opts.port !== undefined ? "--port" : opts.host !== undefined ? "--host" : "--stateless";
          if (!opts.http && (opts.host !== undefined || opts.port !== undefined || opts.stateless))
            throw new CliError(
              `${httpOnly} applies to --http only: add --http to serve Streamable HTTP (without it, mcp serves stdio)`,
              "usage",
            );
          const mcp = ctx.config.mcp ?? mcpConfigSchema.parse({});
          announceTarget(ctx, "mcp", ["index", "indexer"]);
          // A server runs until stopped: keep the command's deadline ahead of it, and give its requests no
          // overall deadline (each still has the per-request timeout and the retry budget).
          ctx.extendDeadline(2 * HOUR_MS);
          const keepAhead = setInterval(() => ctx.extendDeadline(2 * HOUR_MS), HOUR_MS);
          keepAhead.unref();
          const clients = await createSearchClients(
            ctx.endpoint,
            searchAuth(ctx.endpoint, ctx.env),
            ctx.config.search.api_version,
            { ...ctx.service, signal: undefined },
          );
          // The pages' main content is read from the docs container (Storage Blob Data Reader on it).
          const pages = (await ctx.blobService()).getContainerClient(ctx.config.search.container);
          const log = (line: string) => ctx.out.note(line);
          try {
            const started = await startMcp({
              clients,
              pages,
              search: ctx.config.search,
              mcp,
              version: cliVersion(),
              transport: opts.http
                ? {
                    kind: "http",
                    host: opts.host ?? DEFAULT_HOST,
                    port: opts.port ?? 0,
                    stateless: opts.stateless ?? false,
                  }
                : { kind: "stdio" },
              log,
            });
            if (started.http) {
              ctx.out.note(
                `mcp: serving Streamable HTTP${opts.stateless ? " (stateless)" : ""} on ${started.http.url}`,
              );
              await new Promise<void>((resolve) => {
                process.once("SIGINT", resolve);
                process.once("SIGTERM", resolve);
              });
              await started.http.close();
            } else {
              ctx.out.note("mcp: serving on stdio (stdout carries protocol messages only)");
              await started.done;
            }
            // A refused start (McpStartRefused: a port in use, discovery failed) is classified in outcome-exit.ts.
            return "ok";
          } finally {
            clearInterval(keepAhead);
          }
        }),
      );
  },
};
