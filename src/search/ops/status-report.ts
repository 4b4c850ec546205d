// The `status` verdict: every indexer error is expected (the permanent root-blob failures, spec errors C.2,
// listed in `search.expected_failures`) or unexpected; exit 0 only when the last run is not a failure and every
// failure is expected, whatever the service's own status says (reference §6, §10.1). Pure.
import { blobPathFromBlobUrl, blobPathFromDocumentId } from "../public-url.js";
import { isExpectedFailure } from "./expected-failure.js";
import { lastServingSuccessEnd, type ServingRuns } from "./serving-runs-facts.js";
import {
  completedRuns,
  lastSuccessfulRunEnd,
  runInProgress,
  type IndexerErrorRecord,
  type IndexerStatusRecord,
  type RunRecord,
} from "./indexer-status.js";

export interface ClassifyOptions {
  container: string;
  /** File names directly under the container that fail on every run by design (`index.html`, `404.html`). */
  expectedFailures: readonly string[];
}

type Classification = "expected" | "unexpected";

interface ClassifiedError extends IndexerErrorRecord {
  /** The blob path (relative to the container) the error key names, when it could be worked out. */
  blobPath: string | null;
  classification: Classification;
}

/**
 * The blob path an indexer error key refers to. Blob indexers report the blob URL as the key, sometimes as
 * `localId=<url>&documentKey=<key>`; a base64 document key is accepted too.
 */
export function blobPathFromErrorKey(key: string | null, container: string): string | undefined {
  if (!key) return undefined;
  const candidates = [key];
  if (/(^|&)(localId|documentKey)=/.test(key)) {
    for (const part of key.split("&")) {
      const value = part.slice(part.indexOf("=") + 1);
      candidates.push(value);
      try {
        candidates.push(decodeURIComponent(value));
      } catch {
        /* keep the raw value */
      }
    }
  }
  for (const candidate of candidates) {
    const path = /^https?:\/\//i.test(candidate)
      ? blobPathFromBlobUrl(candidate, container)
      : blobPathFromDocumentId(candidate, container);
    if (path !== undefined) return path;
  }
  return undefined;
}

function classifyError(error: IndexerErrorRecord, options: ClassifyOptions): ClassifiedError {
  const blobPath = blobPathFromErrorKey(error.key, options.container) ?? null;
  const expected = isExpectedFailure(blobPath, options.expectedFailures);
  return { ...error, blobPath, classification: expected ? "expected" : "unexpected" };
}

export interface RunReport {
  status: string;
  startTime: string | null;
  endTime: string | null;
  itemsProcessed: number;
  itemsFailed: number;
  errorMessage: string | null;
  expectedFailures: number;
  unexpectedFailures: number;
  /** Failed items the errors array does not account for; counted as unexpected. */
  unexplainedFailures: number;
  errors: ClassifiedError[];
}

export interface StatusReport {
  indexer: string | null;
  /** The service's top-level status (`running` = available to run, not "a run is active"). */
  serviceStatus: string | null;
  inProgress: { startTime: string | null; itemsProcessed: number; itemsFailed: number } | null;
  /** The last completed run into the serving generation (the one judged); null when none or unknown. */
  lastRun: RunReport | null;
  lastSuccessfulRunEnd: string | null;
  /** The generation whose runs are judged; null when it cannot be told. */
  servingIndex: string | null;
  /**
   * `unknown`: which runs went into the serving generation cannot be told (the reason says why; the verdict
   * fails). `assumed`: a newer generation records no crawl window, so some runs counted may have gone into it
   * (the reason says which).
   */
  servingRuns: "known" | "assumed" | "unknown";
  servingRunsReason: string | null;
  /** The newest completed run into each other generation (a failed candidate, one being built): not judged. */
  runsElsewhere: { index: string; why: string; lastRun: Omit<RunReport, "errors"> }[];
  history: Omit<RunReport, "errors">[];
  /** Documents in the index when the status was read (null when not counted). */
  documentCount: number | null;
  ok: boolean;
  reasons: string[];
}

export function reportRun(run: RunRecord, options: ClassifyOptions): RunReport {
  const errors = run.errors.map((e) => classifyError(e, options));
  const expected = errors.filter((e) => e.classification === "expected").length;
  const unexplained = Math.max(0, run.itemsFailed - errors.length);
  return {
    status: run.status,
    startTime: run.startTime,
    endTime: run.endTime,
    itemsProcessed: run.itemsProcessed,
    itemsFailed: run.itemsFailed,
    errorMessage: run.errorMessage,
    expectedFailures: expected,
    unexpectedFailures: errors.length - expected,
    unexplainedFailures: unexplained,
    errors,
  };
}

const withoutErrors = (r: RunReport): Omit<RunReport, "errors"> => {
  const { errors: _errors, ...rest } = r;
  return rest;
};

/**
 * `serving`: which runs went into the serving generation (src/search/bluegreen/serving-runs.ts); only those are
 * judged. Absent, every completed run counts (a caller that cannot read the generations).
 */
export function buildStatusReport(
  status: IndexerStatusRecord,
  options: ClassifyOptions & { historyLimit?: number; documentCount?: number | null; serving?: ServingRuns },
): StatusReport {
  const active = runInProgress(status);
  const { serving } = options;
  const runs = serving === undefined ? completedRuns(status) : serving.basis === "unknown" ? [] : serving.runs;
  const last = runs[0];
  const lastRun = last ? reportRun(last, options) : null;
  const reasons: string[] = [];
  if (serving?.basis === "unknown") {
    reasons.push(`the last run into the serving generation is unknown: ${serving.reason}`);
  } else if (!lastRun) {
    reasons.push(
      serving?.elsewhere.length
        ? `the indexer has no completed run into the serving generation ${serving.serving} in its history`
        : "the indexer has no completed run in its history",
    );
  } else {
    if (lastRun.status !== "success")
      reasons.push(
        `the last run ended with status ${lastRun.status}${lastRun.errorMessage ? `: ${lastRun.errorMessage}` : ""}`,
      );
    if (lastRun.unexpectedFailures > 0)
      reasons.push(`${lastRun.unexpectedFailures} unexpected document failure(s) in the last run`);
    if (lastRun.unexplainedFailures > 0)
      reasons.push(`${lastRun.unexplainedFailures} failed item(s) in the last run are not in its errors list`);
    if (options.documentCount === 0) reasons.push(emptyIndexReason());
  }
  return {
    indexer: status.name,
    serviceStatus: status.serviceStatus,
    inProgress: active
      ? { startTime: active.startTime, itemsProcessed: active.itemsProcessed, itemsFailed: active.itemsFailed }
      : null,
    lastRun,
    lastSuccessfulRunEnd: serving === undefined ? lastSuccessfulRunEnd(status) : lastServingSuccessEnd(serving),
    servingIndex: serving?.serving ?? null,
    servingRuns: serving?.basis ?? "known",
    servingRunsReason:
      serving === undefined ? null : serving.basis === "unknown" ? serving.reason : (serving.caveat ?? null),
    runsElsewhere: (serving?.elsewhere ?? []).map((e) => ({
      index: e.index,
      why: e.why,
      lastRun: withoutErrors(reportRun(e.runs[0]!, options)),
    })),
    history: (serving?.basis === "unknown" ? completedRuns(status) : runs)
      .slice(0, options.historyLimit ?? 10)
      .map((r) => withoutErrors(reportRun(r, options))),
    documentCount: options.documentCount ?? null,
    ok: reasons.length === 0,
    reasons,
  };
}

/** A completed run that left no document proves nothing is indexed (a rebuild dropped them, the run found none). */
function emptyIndexReason(): string {
  return "the index holds no documents after a completed run (a rebuild drops every document; a run that indexed nothing finds no blobs or fails them all)";
}

/** The reads behind the status verdict: calls only. */
export interface StatusPort {
  indexerStatus(): Promise<IndexerStatusRecord>;
  documentCount(): Promise<number>;
  /** Which runs went into the serving generation; never throws (`unknown` with the reason). */
  servingRuns(status: IndexerStatusRecord): Promise<ServingRuns>;
}

/**
 * The status verdict (`status`, `backfill`, `deploy --wait`): the indexer's runs into the serving generation judged
 * (a failed candidate's crawl is reported apart), with the document count. `status`: one already read (after a
 * wait) instead of reading it again.
 */
export async function checkStatus(
  port: StatusPort,
  request: ClassifyOptions & { historyLimit: number; status?: IndexerStatusRecord },
): Promise<StatusReport> {
  const [status, documentCount] = await Promise.all([request.status ?? port.indexerStatus(), port.documentCount()]);
  const serving = await port.servingRuns(status);
  return buildStatusReport(status, {
    serving,
    container: request.container,
    expectedFailures: request.expectedFailures,
    historyLimit: request.historyLimit,
    documentCount,
  });
}

/**
 * What `docs-index status` reads besides the runs: the wait for a run in progress, the names of the index (and
 * where a rebuild stands), the knowledge source. Generic in what those are (bluegreen/ and agentic/ import ops/).
 */
export interface IndexStatusPort<I, K extends { current: boolean }> extends StatusPort {
  /** With `wait`: waits for the run in progress to end and returns its final status (throws on timeout). */
  waitForRun(): Promise<IndexerStatusRecord>;
  indexNames(): Promise<I>;
  /** With agentic retrieval on: the knowledge source and whether it reads the serving generation; null when off. */
  knowledgeSource(index: I): Promise<K | null>;
}

export interface IndexStatus<I, K> {
  report: StatusReport;
  index: I;
  knowledgeSource: K | null;
  /** The verdict: the runs' (`report.ok`), and a knowledge source that reads the generation the alias serves. */
  passed: boolean;
}

/**
 * `docs-index status`: after a wait for the run in progress when asked, the status verdict of the serving
 * generation, the index's names and, with agentic retrieval on, the knowledge source, which must read the
 * generation the alias serves (else retrieve_docs answers from another one).
 */
export async function checkIndexStatus<I, K extends { current: boolean }>(
  port: IndexStatusPort<I, K>,
  request: ClassifyOptions & { historyLimit: number; wait: boolean },
): Promise<IndexStatus<I, K>> {
  const status = request.wait ? await port.waitForRun() : undefined;
  const report = await checkStatus(port, {
    container: request.container,
    expectedFailures: request.expectedFailures,
    historyLimit: request.historyLimit,
    ...(status ? { status } : {}),
  });
  const index = await port.indexNames();
  const knowledgeSource = await port.knowledgeSource(index);
  return { report, index, knowledgeSource, passed: report.ok && (knowledgeSource?.current ?? true) };
}
