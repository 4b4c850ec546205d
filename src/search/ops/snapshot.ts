// The evaluation snapshot: what identifies the schema (index eTag) and the corpus state (the indexer's last
// successful run, document count) at the time of an evaluation (spec area C, backfill rule 6). Pure.
export interface Snapshot {
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

export function buildSnapshot(input: Omit<Snapshot, "warnings">, extraWarnings: string[] = []): Snapshot {
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
