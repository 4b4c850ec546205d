// Everything the stand-in remembers, in memory. Definitions are kept in the service's REST shape.
export type JsonObject = Record<string, unknown>;

export interface Stored {
  definition: JsonObject;
  /** Opaque ETag, changed on every successful write (quoted, as the service sends it). */
  etag: string;
}

/** One indexer execution, as `GET /indexers/{name}/status` reports it (lastResult / executionHistory). */
export interface ExecutionResult extends JsonObject {
  status: "success" | "transientFailure" | "persistentFailure" | "reset" | "inProgress";
  errorMessage: string | null;
  startTime: string;
  endTime: string | null;
  itemsProcessed: number;
  itemsFailed: number;
  initialTrackingState: string | null;
  finalTrackingState: string | null;
  errors: JsonObject[];
  warnings: JsonObject[];
}

export interface IndexerRuntime {
  /** Newest first, at most 50 (reference §6). */
  history: ExecutionResult[];
  /** Change-tracking high-water mark (blob last-modified, ISO string); cleared by reset. */
  highWaterMark: string | null;
}

export interface StandInState {
  indexes: Map<string, Stored>;
  datasources: Map<string, Stored>;
  indexers: Map<string, Stored & { runtime: IndexerRuntime }>;
  /** Documents per index name, by key. */
  documents: Map<string, Map<string, JsonObject>>;
}

export function createState(): StandInState {
  return { indexes: new Map(), datasources: new Map(), indexers: new Map(), documents: new Map() };
}

let etagCounter = 0;
/** A fresh ETag in the service's format ("0x8DC..."), unique within the process. */
export function newEtag(): string {
  etagCounter += 1;
  return `"0x8DE${(Date.now() * 1000 + etagCounter).toString(16).toUpperCase()}"`;
}
