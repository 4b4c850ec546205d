// What a rebuild drops: documents the live generation holds and the new one does not, reported before the swap
// (spec C: orphans of deleted blobs, stale root-era copies of the root pages that now fail by design, documents
// of extensions now excluded). Anything else dropped has no explanation and fails the verification. Pure.
import { classifyNullFormatDoc } from "../ops/coverage.js";
import type { BlobIndex } from "../ops/orphans.js";
import { blobPathFromDocumentId } from "../public-url.js";

export type DropReason = "orphan" | "expected-failure-copy" | "excluded-extension" | "unexplained";

export interface DroppedSummary {
  total: number;
  byReason: Record<DropReason, number>;
  /** A few paths of each reason, for the report. */
  samples: Record<DropReason, string[]>;
  /** False when no container listing was available: every drop is then counted as `unexplained`. */
  blobsKnown: boolean;
}

export interface DropOptions {
  container: string;
  expectedFailures: readonly string[];
  excludedExtensions: readonly string[];
  sampleSize?: number;
}

export function classifyDrop(id: string, blobs: BlobIndex | undefined, options: DropOptions): DropReason {
  const path = blobPathFromDocumentId(id, options.container);
  if (path === undefined || blobs === undefined) return "unexplained";
  if (!blobs.has(path)) return "orphan";
  const kind = classifyNullFormatDoc(id, options);
  if (kind === "expected-failure") return "expected-failure-copy";
  if (kind === "excluded-extension") return "excluded-extension";
  return "unexplained";
}

/** `liveIds` streamed once; `nextIds` is the new generation's key set. */
export function summariseDropped(
  liveIds: Iterable<string>,
  nextIds: ReadonlySet<string>,
  blobs: BlobIndex | undefined,
  options: DropOptions,
): DroppedSummary {
  const byReason: Record<DropReason, number> = {
    orphan: 0,
    "expected-failure-copy": 0,
    "excluded-extension": 0,
    unexplained: 0,
  };
  const samples: Record<DropReason, string[]> = {
    orphan: [],
    "expected-failure-copy": [],
    "excluded-extension": [],
    unexplained: [],
  };
  let total = 0;
  for (const id of liveIds) {
    if (nextIds.has(id)) continue;
    total += 1;
    const reason = classifyDrop(id, blobs, options);
    byReason[reason] += 1;
    if (samples[reason].length < (options.sampleSize ?? 5))
      samples[reason].push(blobPathFromDocumentId(id, options.container) ?? id);
  }
  return { total, byReason, samples, blobsKnown: blobs !== undefined };
}
