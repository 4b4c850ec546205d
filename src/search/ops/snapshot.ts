// The evaluation snapshot: what identifies the schema (index eTag) and the corpus state (the indexer's last
// successful run, document count) at the time of an evaluation (spec area C, backfill rule 6). `takeSnapshot` reads
// through a port (the command builds it from the SDK calls); the rest is pure.
import { lastServingSuccessEnd, type ServingRuns } from "./serving-runs-facts.js";
import { runInProgress, type IndexerStatusRecord } from "./indexer-status.js";

interface Snapshot {
  index: string;
  indexer: string;
  /** Identifies the schema only (fields, scoring profile, semantic configuration), not the corpus. */
  indexEtag: string | null;
  /** End time of the indexer's newest successful run into the serving generation: the corpus state. */
  lastSuccessfulRunEnd: string | null;
  /** Why the serving generation's last successful run cannot be told (null when it can). */
  lastSuccessfulRunUnknownReason: string | null;
  /** True when a run was in progress, so the corpus may be changing under the evaluation. */
  runInProgress: boolean;
  documentCount: number;
  apiVersion: string;
  endpoint: string;
  takenAt: string;
  tookMs: number;
  warnings: string[];
}

function buildSnapshot(input: Omit<Snapshot, "warnings">, extraWarnings: string[] = []): Snapshot {
  const warnings = [...extraWarnings];
  if (input.indexEtag === null)
    warnings.push("the index eTag could not be read (a query-only identity may lack permission to GET the index)");
  if (input.lastSuccessfulRunUnknownReason !== null)
    warnings.push(
      `the last successful run into the serving generation is unknown (${input.lastSuccessfulRunUnknownReason}): the corpus state is not pinned`,
    );
  else if (input.lastSuccessfulRunEnd === null)
    warnings.push("no successful indexer run in the status history: the corpus state is not pinned");
  if (input.runInProgress) warnings.push("an indexer run is in progress: the corpus may change during the evaluation");
  return { ...input, warnings };
}

/** Both names of the index: the configured one and the concrete index behind it now. */
interface SnapshotIndex {
  serving: string | null;
  alias: boolean;
}

/** What the snapshot states of the knowledge source (agentic/knowledge-source-report.ts reports more). */
interface SnapshotKnowledgeSource {
  name: string;
  index: string | null;
  synchronizationStatus: string | null;
  current: boolean;
  /** Why it does not read the serving generation (a warning), or null. */
  problem: string | null;
}

export interface SnapshotPort<I extends SnapshotIndex> {
  /** The index eTag, or `error` (eTag null) when the identity may not read the definition. */
  indexInfo(): Promise<{ etag: string | null; error?: string }>;
  indexerStatus(): Promise<IndexerStatusRecord>;
  documentCount(): Promise<number>;
  /** Which runs went into the serving generation; never throws. */
  servingRuns(status: IndexerStatusRecord): Promise<ServingRuns>;
  indexNames(): Promise<I>;
  /** With agentic retrieval on: the knowledge source and the index it reads; null when off. */
  knowledgeSource(index: I): Promise<SnapshotKnowledgeSource | null>;
  /** Milliseconds since the command started (`tookMs`), and the wall clock (`takenAt`). */
  elapsedMs(): number;
  now(): Date;
}

export interface SnapshotRequest {
  index: string;
  indexer: string;
  apiVersion: string;
  endpoint: string;
}

/** The snapshot as `docs-index snapshot` prints it: pinned to the generation behind the alias. */
export type PinnedSnapshot = Snapshot & {
  servingIndex: string | null;
  alias: boolean;
  knowledgeSource?: Omit<SnapshotKnowledgeSource, "problem">;
};

/**
 * `docs-index snapshot`: the schema and corpus state as one object, with a warning for each part that could not be
 * read. `index` stays the configured name; `servingIndex` is the generation behind the alias (the eTag's). With
 * agentic retrieval on, the generation the knowledge source reads is part of what was evaluated.
 */
export async function takeSnapshot<I extends SnapshotIndex>(
  port: SnapshotPort<I>,
  request: SnapshotRequest,
): Promise<PinnedSnapshot> {
  const [info, status, documentCount] = await Promise.all([
    port.indexInfo(),
    port.indexerStatus(),
    port.documentCount(),
  ]);
  // The corpus state is the serving generation's: a failed candidate's crawl does not count.
  const serving = await port.servingRuns(status);
  const snapshot = buildSnapshot(
    {
      index: request.index,
      indexer: request.indexer,
      indexEtag: info.etag,
      lastSuccessfulRunEnd: lastServingSuccessEnd(serving),
      lastSuccessfulRunUnknownReason: serving.basis === "unknown" ? serving.reason : null,
      runInProgress: runInProgress(status) !== null,
      documentCount,
      apiVersion: request.apiVersion,
      endpoint: request.endpoint,
      takenAt: port.now().toISOString(),
      tookMs: Math.round(port.elapsedMs()),
    },
    [...(info.error ? [info.error] : []), ...(serving.basis === "assumed" && serving.caveat ? [serving.caveat] : [])],
  );
  const index = await port.indexNames();
  const knowledgeSource = await port.knowledgeSource(index).catch((err: unknown) => {
    snapshot.warnings.push(`the knowledge source could not be read (${(err as Error).message.split("\n")[0]})`);
    return null;
  });
  if (knowledgeSource?.problem) snapshot.warnings.push(knowledgeSource.problem);
  return {
    ...snapshot,
    servingIndex: index.serving,
    alias: index.alias,
    ...(knowledgeSource
      ? {
          knowledgeSource: {
            name: knowledgeSource.name,
            index: knowledgeSource.index,
            synchronizationStatus: knowledgeSource.synchronizationStatus,
            current: knowledgeSource.current,
          },
        }
      : {}),
  };
}
