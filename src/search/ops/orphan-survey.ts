// The survey of `docs-index orphans`: the container listing against the index, one document at a time (memory
// stays at the blob listing and the orphans found). The reads come through a port (the command builds it from the
// Storage and Search clients); the use case that runs it, then the deletion, is ./orphan-cleanup.ts. Pure apart
// from the port.
import { BlobIndex, OrphanAccumulator, type DocRef, type OrphanReport } from "./orphans.js";

/** How far the survey is (views/progress-text.ts words it): blobs listed, then documents read, so far. */
export type OrphanSurveyProgress =
  { event: "listing-blobs"; count: number } | { event: "reading-documents"; count: number };

export interface OrphanSurveyPort {
  /** Adds every blob path of the container to `into`, calling `onProgress` with the count so far. */
  listBlobs(into: BlobIndex, onProgress: (count: number) => void): Promise<void>;
  /** Every document's id, app and repo; `incomplete` says, once the stream ends, why some may be missing. */
  documents(): Promise<{ refs: AsyncIterable<DocRef>; incomplete: readonly string[] }>;
  progress(event: OrphanSurveyProgress): void;
}

export interface OrphanSurveyRequest {
  container: string;
  /** The current app folders (--apps); default: the container's top-level folders. */
  apps?: ReadonlySet<string>;
}

export interface OrphanSurvey {
  report: OrphanReport;
  /** Why the document listing is not complete (empty when it is): nothing found then proves the index clean. */
  incomplete: string[];
}

export async function surveyOrphans(port: OrphanSurveyPort, request: OrphanSurveyRequest): Promise<OrphanSurvey> {
  const blobs = new BlobIndex();
  await port.listBlobs(blobs, (n) => port.progress({ event: "listing-blobs", count: n }));
  const acc = new OrphanAccumulator(blobs, {
    container: request.container,
    ...(request.apps ? { apps: request.apps } : {}),
  });
  const { refs, incomplete } = await port.documents();
  let n = 0;
  for await (const doc of refs) {
    acc.add(doc);
    if (++n % 5000 === 0) port.progress({ event: "reading-documents", count: n });
  }
  return { report: acc.report(), incomplete: [...incomplete] };
}
