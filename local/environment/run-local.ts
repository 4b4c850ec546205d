// `npm run local`: the whole system on one machine, no Azure account, no network. Starts Azurite and the
// search stand-in, publishes the sample site in two eras, replays the index's history (first built before
// the newer fields existed, then today's definitions deployed), waits for the indexer, and shows status,
// coverage, example queries and a sample webhook, and ends with an agent's search_docs call through `docs-index mcp`
// over stdio. Each step is recorded; a failed step stops the run.
//
// Why this order (the realistic history of the real index):
//   1. root era: the site sat at the container root; the index was built with the original fields only and
//      its indexer ran once (root pages, the sitemap and the root-era `guides/` were indexed then);
//   2. app era: apps publish into their own folders and the root pages are republished; `guides/` is left
//      behind (the root deployment prunes nothing);
//   3. today's definitions are planned and deployed (fields added in place, deletion policy, new mappings),
//      followed by one incremental run: only blobs changed since the root-era run are processed, so the
//      root-era documents keep null in the newer fields until a reset and run (spec C backfill rules 1-4),
//      and the republished root pages fail by design (spec C errors 2).
// Seeding through the documents API instead would leave the indexer without change-tracking state, so its
// first run would reprocess everything and hide exactly what the local environment is meant to show.
import { rmSync } from "node:fs";
import { type LocalServices } from "./services.js";
import { StepFailed, type StepRecord } from "./steps.js";
import { LocalRun, type LocalFigures, type LocalOptions } from "./local-run.js";
import { PHASES } from "./local-phases.js";

export interface LocalSummary {
  ok: boolean;
  exitCode: number;
  failedStep: string | null;
  durationMs: number;
  steps: StepRecord[];
  figures: LocalFigures;
  endpoints: { search: string | null; blob: string | null; table: string | null; webhook: string | null };
}

export interface LocalResult {
  summary: LocalSummary;
  /** Present with `keep` (and only when the services started). */
  services?: LocalServices;
}

export async function runLocal(options: LocalOptions = {}): Promise<LocalResult> {
  const local = new LocalRun(options, options.log ?? process.stdout);
  const started = performance.now();
  let failedStep: string | null = null;
  try {
    for (const phase of PHASES) await phase(local);
  } catch (err) {
    if (!(err instanceof StepFailed)) throw err;
    failedStep = err.step;
  } finally {
    if (local.rootEraDir) rmSync(local.rootEraDir, { recursive: true, force: true });
  }
  return finish(local, failedStep, started);
}

/** Stops the services unless they are kept, and sums the run up. */
async function finish(local: LocalRun, failedStep: string | null, started: number): Promise<LocalResult> {
  const { azurite, standIn, services, webhookStop } = local;
  const keep = Boolean(local.options.keep) && failedStep === null && services !== undefined;
  if (!keep) {
    await webhookStop?.();
    await standIn?.close();
    await azurite?.stop();
  }
  const summary: LocalSummary = {
    ok: failedStep === null,
    exitCode: failedStep === null ? 0 : 1,
    failedStep,
    durationMs: Math.round(performance.now() - started),
    steps: local.steps.records,
    figures: local.figures,
    endpoints: {
      search: standIn?.url ?? null,
      blob: azurite?.blobEndpoint ?? null,
      table: azurite?.tableEndpoint ?? null,
      webhook: local.webhookUrl,
    },
  };
  if (!keep) return { summary };
  const kept = services!;
  return {
    summary,
    services: {
      ...kept,
      stop: async () => {
        await webhookStop?.();
        await kept.stop();
      },
    },
  };
}
