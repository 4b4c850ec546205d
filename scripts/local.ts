// npm run local [-- --keep] [-- --json]: the one-command local environment (see docs/local.md).
import { Command, CommanderError, Option } from "commander";
import pc from "picocolors";
import { runLocal, type LocalSummary } from "../local/environment/run-local.js";
import { evalSummary } from "../local/environment/relevance.js";
import { formatMs } from "../local/environment/steps.js";
import { exportLines } from "../local/environment/services.js";
import { localDeliveriesCliEnv } from "../local/environment/webhook.js";
import { localSummaryDocument } from "../local/environment/summary-document.js";

const EXIT_CODES = `
Exit codes:
  0    every step ran (or was skipped, saying why)
  1    a step failed (the summary names it); the services are stopped
  2    usage error
  130  interrupted (Ctrl-C); the services are stopped`;

/**
 * The summary: the steps' count, what was skipped or failed and where the services are; with --verbose also the
 * figures each step's line already gave (the site, the runs, coverage, queries, eval, gate, webhook, hosted MCP).
 */
function formatSummary(summary: LocalSummary, color: boolean, verbose: boolean): string {
  const paint = pc.createColors(color);
  const count = (status: string) => summary.steps.filter((s) => s.status === status).length;
  const lines = [
    "",
    paint.bold(summary.ok ? "Summary" : `Summary: step '${summary.failedStep}' failed`),
    `  ${summary.steps.length} steps: ${count("ok")} ok, ${count("skipped")} skipped, ${count("failed")} failed, in ${formatMs(summary.durationMs)}`,
  ];
  if (verbose) lines.push(...figureLines(summary));
  for (const s of summary.steps.filter((s) => s.status !== "ok")) lines.push(`  ${s.status}: ${s.name}: ${s.detail}`);
  const e = summary.endpoints;
  lines.push(
    `  search stand-in ${e.search ?? "-"}; Azurite blob ${e.blob ?? "-"}, table ${e.table ?? "-"}${e.webhook ? `; webhook ${e.webhook}` : ""}`,
  );
  return lines.join("\n");
}

function figureLines(summary: LocalSummary): string[] {
  const lines: string[] = [];
  const f = summary.figures;
  if (f.published)
    lines.push(
      `  site: ${f.published.rootEra} root-era blobs, then ${f.published.appEra} uploaded and ${f.published.unchanged} unchanged`,
    );
  if (f.rootEraDocuments !== undefined)
    lines.push(`  root-era index: ${f.rootEraDocuments} documents without the newer fields`);
  if (f.lastRun) {
    const classified =
      f.lastRun.expectedFailures !== undefined
        ? ` (${f.lastRun.expectedFailures} expected, ${f.lastRun.unexpectedFailures} unexpected)`
        : "";
    lines.push(
      `  last run: ${f.lastRun.status}, ${f.lastRun.itemsProcessed} processed, ${f.lastRun.itemsFailed} failed${classified}; ${f.documents ?? "?"} documents`,
    );
  }
  if (f.coverage)
    lines.push(
      `  coverage: ${f.coverage.percentReprocessed ?? "?"} % reprocessed of ${f.coverage.total}; dedup filter now: ${f.coverage.dedupFilter}`,
    );
  for (const q of f.queries ?? [])
    lines.push(`  query ${q.name}: ${q.hits} hits${q.urls[0] ? `, first ${q.urls[0]}` : ""}`);
  if (f.eval) lines.push(`  eval: ${evalSummary(f.eval)}`);
  if (f.gate)
    lines.push(
      `  relevance gate: title weight 0.1 -> exit ${f.gate.bad.exitCode}, alias stays on ${f.gate.bad.aliasAfter}; unchanged weights -> exit ${f.gate.good.exitCode}, alias -> ${f.gate.good.aliasAfter}`,
    );
  if (f.webhook)
    lines.push(
      `  webhook: ${f.webhook.status} for message ${f.webhook.messageId}; redelivery ${f.webhook.redeliveryStatus} (idempotency store: ${f.webhook.store})`,
    );
  if (f.webhook?.projectCase)
    lines.push(
      `  webhook case: Project/Created -> case ${f.webhook.projectCase.externalId} "${f.webhook.projectCase.name}" created via the queue (x-forward-tenant-origin: ${f.webhook.projectCase.tenantOrigin ?? "missing"})`,
    );
  if (f.webhook?.poisonReplay)
    lines.push(
      `  webhook poison: process API down -> poisoned after ${f.webhook.poisonReplay.attempts} attempts; replay exit ${f.webhook.poisonReplay.replayExitCode}, case ${f.webhook.poisonReplay.caseCreated ? "created" : "NOT created"}`,
    );
  if (f.mcpHosted)
    lines.push(
      `  hosted mcp (offline): ${f.mcpHosted.calls} search_docs calls over ${f.mcpHosted.processes} stateless processes (${f.mcpHosted.served.join(" / ")} requests), ${f.mcpHosted.errors} errors; without a token ${f.mcpHosted.unauthenticatedStatus}`,
    );
  return lines;
}

async function main(argv: string[]): Promise<number> {
  const program = new Command("local")
    .description(
      "Start Azurite and the search stand-in on free local ports, publish the sample site, replay the index's history " +
        "(root era, then today's definitions), deploy, wait for the indexer, and show status, coverage, example queries and a sample webhook.",
    )
    .addOption(
      new Option(
        "--keep",
        "leave the services running and print the environment variables for the CLI (Ctrl-C stops them)",
      ),
    )
    .addOption(new Option("--json", "print the summary as JSON on stdout (the step-by-step report goes to stderr)"))
    .addOption(
      new Option(
        "--verbose",
        "print everything each docs-index run writes (progress, target lines, every eval row, the receiver's log); without it each step shows its result",
      ),
    )
    .addHelpText("after", EXIT_CODES)
    .exitOverride();
  try {
    program.parse(argv);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    throw err;
  }
  const opts = program.opts<{ keep?: boolean; json?: boolean; verbose?: boolean }>();
  const log = opts.json ? process.stderr : process.stdout;
  const color = Boolean(log.isTTY) && !process.env.NO_COLOR;

  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.once("SIGINT", onSignal);
  const { summary, services } = await runLocal({
    log,
    keep: Boolean(opts.keep),
    color,
    verbose: Boolean(opts.verbose),
  });
  process.off("SIGINT", onSignal);

  if (opts.json) {
    process.stdout.write(`${JSON.stringify(localSummaryDocument(summary, services?.env), null, 2)}\n`);
  } else {
    log.write(`${formatSummary(summary, color, Boolean(opts.verbose))}\n`);
  }
  if (interrupted) {
    await services?.stop();
    return 130;
  }
  if (!services) {
    if (!opts.json) log.write(`  services: stopped${summary.ok ? " (use --keep to leave them running)" : ""}\n`);
    return summary.exitCode;
  }

  log.write(
    `\nThe services keep running. Point the CLI at them (e.g. npx docs-index status) with:\n\n${exportLines(services.env)}\n${
      summary.endpoints.webhook
        ? `\nThe webhook receiver takes deliveries at ${summary.endpoints.webhook}, e.g.\n  curl -i -X POST ${summary.endpoints.webhook} -H 'content-type: application/json' -H 'x-fv-messageid: demo-1' -d '{"Object":"Note","Event":"Created","OrgId":1,"ProjectId":2,"ObjectId":{"NoteId":3}}'\nIts deliveries (npm run webhook-deliveries -- list, show, replay) with:\n${exportLines(localDeliveriesCliEnv(services.azurite))}\n`
        : ""
    }\nPress Ctrl-C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  process.stderr.write("stopping...\n");
  await services.stop();
  return 0;
}

main(process.argv).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`local: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
