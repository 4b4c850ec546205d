// The state of one `npm run local` run (run-local.ts), shared by its phases (local-phases.ts): the options, the
// services once started, the figures each step records, the step runner, and the helpers every phase uses.

import type { Writable } from "node:stream";
import { docsIndex } from "./docs-index.js";
import type { CapturedRun } from "../../src/cli/docs-index/in-process.js";
import { waitForIndexer } from "./indexer-wait.js";
import { type QueryFigures } from "./queries.js";
import { INDEXER_NAME, type LocalServices } from "./services.js";
import { StepRunner } from "./steps.js";
import { showRun } from "./quiet-output.js";
import { type WebhookFigures } from "./webhook.js";
import { type BlueGreenFigures } from "./rebuild-demo.js";
import { type McpFigures } from "./mcp-demo.js";
import { type McpHostedFigures } from "./mcp-hosted-demo.js";
import { type EvalFigures, type GateFigures } from "./relevance.js";
import type { Azurite } from "../azurite.js";
import type { SearchStandIn } from "../search-standin/server.js";

export interface LocalOptions {
  /** Where the step-by-step report goes (default process.stdout). */
  log?: Writable;
  /** Progress while waiting (default process.stderr). */
  progress?: (line: string) => void;
  /** Leave the services running; the caller stops them with `result.services.stop()`. */
  keep?: boolean;
  color?: boolean;
  /**
   * Print everything each CLI run writes (its target line, progress, the plan it repeats before a confirmation).
   * Without it a step shows the command's result and its errors, warnings and notes (each note once).
   */
  verbose?: boolean;
  /** Give up waiting for an indexer run after this long (default 60 s). */
  indexerTimeoutMs?: number;
}

export interface LocalFigures {
  published?: { rootEra: number; appEra: number; unchanged: number };
  rootEraDocuments?: number;
  documents?: number;
  lastRun?: {
    status: string;
    itemsProcessed: number;
    itemsFailed: number;
    expectedFailures?: number;
    unexpectedFailures?: number;
  };
  coverage?: { total: number; percentReprocessed: number | null; dedupFilter: string; complete: boolean };
  queries?: QueryFigures[];
  /** `docs-index retrieve` through the knowledge base (agentic retrieval). */
  retrieve?: { filterAddOn: string; urls: string[]; knowledgeSourceIndex: string | null };
  blueGreen?: BlueGreenFigures;
  eval?: EvalFigures;
  gate?: GateFigures;
  webhook?: WebhookFigures;
  /** The generation the kept environment serves after the tour (today's definitions, root-era nulls). */
  restore?: { aliasTarget: string };
  mcp?: McpFigures;
  /** The hosted endpoint's behaviour offline: stateless processes behind a proxy, a local OpenID provider. */
  mcpHosted?: McpHostedFigures;
}

export const STEP_COUNT = 22;

/** The state of one run, shared by its phases: the services once started, the figures, the step runner. */
export class LocalRun {
  readonly figures: LocalFigures = {};
  readonly steps: StepRunner;
  readonly progress: (line: string) => void;
  azurite?: Azurite;
  standIn?: SearchStandIn;
  services?: LocalServices;
  webhookStop?: () => Promise<void>;
  webhookUrl: string | null = null;
  rootEraDir?: string;

  constructor(
    readonly options: LocalOptions,
    readonly log: Writable,
  ) {
    this.steps = new StepRunner(log, STEP_COUNT, options.color ?? false);
    this.progress = options.progress ?? ((line: string) => process.stderr.write(`    ${line}\n`));
  }

  need(): LocalServices {
    if (!this.services) throw new Error("the services did not start");
    return this.services;
  }

  /** `docs-index <args…>` in-process with the local environment's variables. */
  cli = async (...args: string[]): Promise<CapturedRun> => docsIndex({ ...process.env, ...this.need().env }, ...args);

  /** Prints what a CLI run wrote under the current step: its result, and its progress only when verbose. */
  show = (run: CapturedRun): void => showRun(this.steps, run, Boolean(this.options.verbose));

  /** Fails the step unless the run exited with one of `allowed`. */
  expectExit = (run: CapturedRun, command: string, allowed: number[] = [0]): void => {
    if (!allowed.includes(run.code))
      throw new Error(
        `docs-index ${command} exited ${run.code}: ${(run.stderr || run.stdout).trim().split("\n").slice(-1)[0] ?? ""}`,
      );
  };

  waitRun = async () =>
    waitForIndexer(this.need().indexerClient, INDEXER_NAME, {
      timeoutMs: this.options.indexerTimeoutMs ?? 60_000,
      progress: this.progress,
    });
}
