// The one way the deploy and the blue/green scheme write a definition: conditional on what the write expects of
// the object (absent: create only; unchanged since it was read: If-Match on that ETag), so a write never
// overwrites a change it did not see. The service answers 412 when the expectation no longer holds; the caller
// decides what that means (a deploy: ConcurrentChangeError, deploy/apply-plan.ts).
import type { DefinitionKind } from "../definitions/definitions.js";
import type { JsonObject } from "../definitions/json.js";
import type { LiveObject, SearchManagementPort, WriteCondition } from "./management-port.js";

/** What a write expects of the object on the service. */
export type WriteGuard = { expect: "absent" } | { expect: "unchanged"; etag: string };

/** The guard for writing over `live` as read: unchanged since that read, or absent when it was not there. */
export function guardOf(live: Pick<LiveObject, "etag"> | undefined): WriteGuard {
  return live ? { expect: "unchanged", etag: live.etag } : { expect: "absent" };
}

function condition(guard: WriteGuard): WriteCondition {
  return guard.expect === "absent" ? { ifNoneMatch: "*" } : { ifMatch: guard.etag };
}

/** Writes `definition` as `kind` `name` only if the guard holds (HTTP 412 otherwise); returns what was written. */
export function guardedWrite(
  port: SearchManagementPort,
  kind: DefinitionKind,
  name: string,
  definition: JsonObject,
  guard: WriteGuard,
): Promise<LiveObject> {
  return port.put(kind, name, definition, condition(guard));
}
