// The deploy's only view of the service: read, conditionally write and delete definitions, start a run. Pure
// types; the implementation over the SDK clients' HTTP pipeline is src/search/io/management-http.ts.
import type { DefinitionKind } from "../definitions/definitions.js";
import type { JsonObject } from "../definitions/json.js";

export interface WriteCondition {
  /** Update only if the live ETag still is this one (412 otherwise). */
  ifMatch?: string;
  /** `*`: create only; fails with 412 if the object exists. */
  ifNoneMatch?: "*";
}

/** A definition as the service holds it, with the ETag that conditions its next write. */
export interface LiveObject {
  definition: JsonObject;
  etag: string;
}

export type RunOutcome = "started" | "already-running";

export interface SearchManagementPort {
  get(kind: DefinitionKind, name: string): Promise<LiveObject | undefined>;
  put(kind: DefinitionKind, name: string, definition: JsonObject, condition: WriteCondition): Promise<LiveObject>;
  delete(kind: DefinitionKind, name: string, condition: WriteCondition): Promise<void>;
  runIndexer(name: string): Promise<RunOutcome>;
}
