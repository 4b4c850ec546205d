// Normalises an indexer status payload into one shape, whether it comes from the REST API
// (`itemsProcessed`/`itemsFailed`, ISO strings; the official examples) or from @azure/search-documents
// (`itemCount`/`failedItemCount`, Date objects). Unknown status values are kept as strings (reference §6:
// the service may send values outside the documented enum, such as `persistentFailure`).
import { z } from "zod";

const time = z
  .union([z.string(), z.date()])
  .nullish()
  .transform((v) => (v == null ? null : v instanceof Date ? v.toISOString() : v));

const errorSchema = z.looseObject({
  key: z.string().nullish(),
  errorMessage: z.string().nullish(),
  message: z.string().nullish(),
  statusCode: z.number().nullish(),
  name: z.string().nullish(),
  details: z.string().nullish(),
  documentationLink: z.string().nullish(),
});

const runSchema = z.looseObject({
  status: z.string(),
  errorMessage: z.string().nullish(),
  startTime: time,
  endTime: time,
  itemsProcessed: z.number().nullish(),
  itemsFailed: z.number().nullish(),
  itemCount: z.number().nullish(),
  failedItemCount: z.number().nullish(),
  errors: z.array(errorSchema).nullish(),
  warnings: z.array(z.unknown()).nullish(),
});

const statusSchema = z.looseObject({
  name: z.string().nullish(),
  status: z.string().nullish(),
  lastResult: runSchema.nullish(),
  executionHistory: z.array(runSchema).nullish(),
});

export interface IndexerErrorRecord {
  key: string | null;
  message: string;
  statusCode: number | null;
  name: string | null;
  details: string | null;
}

export interface RunRecord {
  /** `success`, `transientFailure`, `inProgress`, `reset`, or anything else the service sends. */
  status: string;
  errorMessage: string | null;
  startTime: string | null;
  endTime: string | null;
  itemsProcessed: number;
  itemsFailed: number;
  errors: IndexerErrorRecord[];
  warningCount: number;
}

export interface IndexerStatusRecord {
  name: string | null;
  /** Top-level status: `running` means "available to run", not that a run is active (reference §6). */
  serviceStatus: string | null;
  lastResult: RunRecord | null;
  /** Newest first, as the service sends it (up to 50). */
  history: RunRecord[];
}

export class IndexerStatusParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IndexerStatusParseError";
  }
}

function toRun(run: z.infer<typeof runSchema>): RunRecord {
  return {
    status: run.status,
    errorMessage: run.errorMessage ?? null,
    startTime: run.startTime,
    endTime: run.endTime,
    itemsProcessed: run.itemsProcessed ?? run.itemCount ?? 0,
    itemsFailed: run.itemsFailed ?? run.failedItemCount ?? 0,
    errors: (run.errors ?? []).map((e) => ({
      key: e.key ?? null,
      message: e.errorMessage ?? e.message ?? "",
      statusCode: e.statusCode ?? null,
      name: e.name ?? null,
      details: e.details ?? null,
    })),
    warningCount: run.warnings?.length ?? 0,
  };
}

/** Parses a status payload (REST body or SDK result). Throws IndexerStatusParseError naming the bad key. */
export function parseIndexerStatus(payload: unknown): IndexerStatusRecord {
  const parsed = statusSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new IndexerStatusParseError(
      `unexpected indexer status payload at ${issue?.path.join(".") || "(root)"}: ${issue?.message ?? "invalid"}`,
    );
  }
  const s = parsed.data;
  return {
    name: s.name ?? null,
    serviceStatus: s.status ?? null,
    lastResult: s.lastResult ? toRun(s.lastResult) : null,
    history: (s.executionHistory ?? []).map(toRun),
  };
}

/** A run is active when `lastResult.status` is `inProgress` (not when the top-level status is `running`). */
export function runInProgress(status: IndexerStatusRecord): RunRecord | null {
  return status.lastResult?.status === "inProgress" ? status.lastResult : null;
}

/** Runs that finished (not the active one, not `reset` markers), newest first, without duplicates. */
export function completedRuns(status: IndexerStatusRecord): RunRecord[] {
  const all = status.history.length > 0 ? status.history : status.lastResult ? [status.lastResult] : [];
  return all.filter((r) => r.status !== "inProgress" && r.status !== "reset");
}

/** End time of the newest successful run in the history, or null when none is in it. */
export function lastSuccessfulRunEnd(status: IndexerStatusRecord): string | null {
  return completedRuns(status).find((r) => r.status === "success")?.endTime ?? null;
}
