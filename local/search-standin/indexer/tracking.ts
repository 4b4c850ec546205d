// What the engine remembers per indexer beyond the REST-visible runtime (history, high-water mark):
// the blobs it has seen, for same-second change detection and for emulated soft-delete detection.
//
// Soft-delete detection (reference §3.2, spec C backfill rule 5): Azurite 3.37 accepts a delete retention
// policy in the service properties but hard-deletes blobs (its LokiBlobMetadataStore removes the record;
// listing with include=deleted returns nothing), so native soft delete cannot be observed. The stand-in
// emulates it: a blob missing from the listing counts as soft-deleted only if the datasource has the
// NativeBlobSoftDeleteDeletionDetectionPolicy now AND an earlier run saw the blob present while the policy
// was active. Its document is then deleted. A blob that vanished before any run under the policy saw it
// (deleted before the policy existed) leaves its document as an orphan, as on the service.
// Approximation: a blob deleted after the policy was added but before the next run is also treated as
// an orphan (the stand-in cannot know when between two runs the delete happened).
import type { IndexerRuntime } from "../state.js";

interface SeenBlob {
  etag: string;
  lastModified: string;
  /** The document key the blob maps to (known even when a later mapping failed). */
  key: string | undefined;
  seenWithPolicy: boolean;
}

export interface EngineState {
  runtime: IndexerRuntime;
  seen: Map<string, SeenBlob>;
  /** The in-flight run, if any. */
  running: Promise<void> | undefined;
  /** Bumped by reset, so a run in flight does not write back a high-water mark a reset cleared. */
  resetGeneration: number;
}

const byState = new WeakMap<object, Map<string, EngineState>>();

/** Engine state of one indexer; a new indexer (new runtime object) starts with nothing seen. */
export function engineState(stateRoot: object, indexerName: string, runtime: IndexerRuntime): EngineState {
  let perService = byState.get(stateRoot);
  if (!perService) {
    perService = new Map();
    byState.set(stateRoot, perService);
  }
  let state = perService.get(indexerName);
  if (!state || (state.runtime !== runtime && runtime.history.length === 0 && runtime.highWaterMark === null)) {
    state = { runtime, seen: new Map(), running: undefined, resetGeneration: 0 };
    perService.set(indexerName, state);
  }
  state.runtime = runtime;
  return state;
}

const SOFT_DELETE_POLICY = "#Microsoft.Azure.Search.NativeBlobSoftDeleteDeletionDetectionPolicy";

export function hasSoftDeletePolicy(datasource: Record<string, unknown>): boolean {
  const policy = datasource.dataDeletionDetectionPolicy as { "@odata.type"?: string } | null | undefined;
  return policy?.["@odata.type"] === SOFT_DELETE_POLICY;
}
