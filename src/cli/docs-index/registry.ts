// The docs-index subcommands: name, one-line summary (for the top-level --help) and a loader. Only the command
// being run is loaded, so a pure command never loads the SDKs a service command needs. Add a command by writing
// commands/<name>.ts and listing it here.
import type { CommandModule } from "./command.js";

export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "plan",
    summary: "show what deploy would change (create, update in place, rebuild), per field; -out saves it",
    load: async () => (await import("./commands/plan.js")).planCommand,
  },
  {
    name: "deploy",
    summary: "apply the definitions, or exactly a saved plan (deploy <file>); start one run; --wait follows it",
    load: async () => (await import("./commands/deploy.js")).deployCommand,
  },
  {
    name: "show",
    summary: "print a saved plan (plan -out): for people, --json or --markdown",
    load: async () => (await import("./commands/show.js")).showCommand,
  },
  {
    name: "migrate-to-alias",
    summary: "once: serve the index through an alias of the same name, so rebuilds are blue/green",
    load: async () => (await import("./commands/migrate-to-alias.js")).migrateToAliasCommand,
  },
  {
    name: "preflight",
    summary: "check the docs storage account: blob soft delete on, versioning off",
    load: async () => (await import("./commands/preflight.js")).preflightCommand,
  },
  {
    name: "status",
    summary: "the indexer's last run and history, every error expected or unexpected; --wait for a run",
    load: async () => (await import("./commands/status.js")).statusCommand,
  },
  {
    name: "backfill",
    summary: "reset and run the indexer (one full re-crawl), wait, then check status and coverage",
    load: async () => (await import("./commands/backfill.js")).backfillCommand,
  },
  {
    name: "coverage",
    summary: "documents still holding null in each field, and the dedup filter to use now",
    load: async () => (await import("./commands/coverage.js")).coverageCommand,
  },
  {
    name: "orphans",
    summary: "documents whose blob is gone, stale root-era copies, unknown apps; --delete removes them",
    load: async () => (await import("./commands/orphans.js")).orphansCommand,
  },
  {
    name: "query",
    summary: "search with request-level filters; prints title, public URL, app, section",
    load: async () => (await import("./commands/query.js")).queryCommand,
  },
  {
    name: "mcp",
    summary:
      "serve the index to agents over MCP (search_docs, get_doc, list_apps; retrieve_docs with agentic retrieval on): stdio or --http",
    load: async () => (await import("./commands/mcp.js")).mcpCommand,
  },
  {
    name: "retrieve",
    summary: "agentic retrieval through the knowledge base; the dedup filter always sent; public URLs",
    load: async () => (await import("./commands/retrieve.js")).retrieveCommand,
  },
  {
    name: "eval",
    summary: "run the golden queries as agents query; recall@k, MRR, nDCG@10 with eTag and last run; --baseline",
    load: async () => (await import("./commands/eval.js")).evalCommand,
  },
  {
    name: "snapshot",
    summary: "index eTag, last successful run, document count: one JSON object for evaluations",
    load: async () => (await import("./commands/snapshot.js")).snapshotCommand,
  },
  {
    name: "preview",
    summary: "what the indexer makes of a local copy of the container (offline)",
    load: async () => (await import("./commands/preview.js")).previewCommand,
  },
  {
    name: "url",
    summary: "the public URL of a page from its blob URL, blob path or document id (offline)",
    load: async () => (await import("./commands/url.js")).urlCommand,
  },
];

/** Global options that take a value (so the command name can be found in argv without loading anything). */
export const GLOBAL_OPTIONS_WITH_VALUE = new Set(["--env", "--vars-file", "--request-timeout", "--deadline"]);

/** The subcommand named in `args` (argv without node and script), or undefined. `help <name>` names <name>. */
export function commandNameIn(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return undefined;
    if (arg.startsWith("-")) {
      if (GLOBAL_OPTIONS_WITH_VALUE.has(arg)) i++;
      continue;
    }
    if (arg === "help") return args.slice(i + 1).find((a) => !a.startsWith("-"));
    return arg;
  }
  return undefined;
}
