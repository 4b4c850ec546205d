// What the blue/green core needs from the outside world: the search service (definitions as reviewed JSON
// through the existing management port; aliases, indexer actions and counts through the SDK) and a clock.
// The SDK adapter is src/search/io/bluegreen-port.ts (with the other I/O adapters); tests drive the core through it
// against the local stand-in.
import type { IndexerStatusRecord } from "../ops/indexer-status.js";
import type { BlobIndex } from "../ops/orphans.js";
import type { SearchManagementPort } from "../service/management-port.js";
import type { JsonObject } from "../definitions/json.js";

export interface AliasRecord {
  name: string;
  index: string;
  etag: string;
}

export interface BlueGreenPort {
  management: SearchManagementPort;
  getAlias(name: string): Promise<AliasRecord | undefined>;
  /** Create only (fails if the alias exists). */
  createAlias(name: string, index: string): Promise<AliasRecord>;
  /** Re-maps `alias` to `index` only if it is unchanged since it was read (ETag); 412 otherwise. */
  repointAlias(alias: AliasRecord, index: string): Promise<AliasRecord>;
  listIndexNames(): Promise<string[]>;
  resetIndexer(name: string): Promise<void>;
  indexerStatus(name: string): Promise<IndexerStatusRecord>;
  countDocuments(index: string): Promise<number>;
  /** Documents of `index` matching an OData filter (`$count`, nothing downloaded). */
  countMatching(index: string, filter: string): Promise<number>;
  /** Every document key of `index`, streamed. */
  documentIds(index: string): AsyncIterable<string>;
  /**
   * The container listing, when the caller can read it (the dropped-documents summary classifies with it);
   * undefined when it cannot (the drops are then counted, not classified).
   */
  blobs?(): Promise<BlobIndex | undefined>;
  /**
   * Every knowledge source on the service (name, kind, searchIndexParameters.searchIndexName), for the prune
   * guard; absent where the caller cannot list them.
   */
  knowledgeSources?(): Promise<JsonObject[]>;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
