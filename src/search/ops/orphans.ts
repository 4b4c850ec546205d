// Orphan classification from a streamed container listing and streamed index documents (spec area C, backfill
// rules 4-5). Memory holds blob names and the ids of the documents found to be orphans, never whole documents.
// Pure: the listing and the pages are fed in by the survey (./orphan-survey.ts).
import { blobPathFromDocumentId } from "../public-url.js";

/** Everything kept about the container: its blob names, and who serves each name one level down. */
export class BlobIndex {
  readonly names = new Set<string>();
  /** `rest` -> first folder, for every blob `folder/rest`: finds root-era copies republished under an app. */
  private readonly underFolder = new Map<string, string>();
  readonly topFolders = new Set<string>();

  add(name: string): void {
    this.names.add(name);
    const slash = name.indexOf("/");
    if (slash > 0) {
      const folder = name.slice(0, slash);
      this.topFolders.add(folder);
      const rest = name.slice(slash + 1);
      if (rest.includes("/") && !this.underFolder.has(rest)) this.underFolder.set(rest, folder);
    }
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /** The app folder that now serves `path` one level down (`{app}/{path}`), if any. */
  republishedUnder(path: string): string | undefined {
    return this.underFolder.get(path);
  }

  get size(): number {
    return this.names.size;
  }
}

/** The few fields orphan detection needs from each document. */
export interface DocRef {
  id: string;
  app?: string | null;
  repo?: string | null;
}

export type DocClass =
  | { kind: "ok" }
  | { kind: "undecodable" }
  | { kind: "missing-blob"; path: string }
  | { kind: "stale-root-era"; path: string; currentPath: string; derivedApp: string }
  | { kind: "mismatch"; path: string; derivedApp: string };

export interface ClassifyDocOptions {
  container: string;
  /** Known current app folders (`--apps`); when given, a document under one of them is never root-era. */
  apps?: ReadonlySet<string>;
}

/**
 * - missing-blob: the id decodes to a path no blob has (any more).
 * - stale-root-era: the blob lives at the container root level (`guides/x.html`) and the same page is now
 *   published under an app folder (`{app}/guides/x.html`): the stored app/repo (`guides`) differs from what the
 *   page's current path derives (`{app}`).
 * - mismatch: the stored app/repo (non-null) is not what the document's own path derives; a reset and run fixes it.
 */
function classifyDocument(doc: DocRef, blobs: BlobIndex, options: ClassifyDocOptions): DocClass {
  const path = blobPathFromDocumentId(doc.id, options.container);
  if (path === undefined) return { kind: "undecodable" };
  if (!blobs.has(path)) return { kind: "missing-blob", path };
  const slash = path.indexOf("/");
  const ownApp = slash > 0 ? path.slice(0, slash) : null;
  if (ownApp !== null && !options.apps?.has(ownApp)) {
    const app = blobs.republishedUnder(path);
    if (app !== undefined && app !== ownApp)
      return { kind: "stale-root-era", path, currentPath: `${app}/${path}`, derivedApp: app };
  }
  if (ownApp !== null && ((doc.app != null && doc.app !== ownApp) || (doc.repo != null && doc.repo !== ownApp))) {
    return { kind: "mismatch", path, derivedApp: ownApp };
  }
  return { kind: "ok" };
}

export interface OrphanEntry {
  id: string;
  path: string;
  app: string | null;
  repo: string | null;
}

export interface OrphanReport {
  blobs: number;
  documents: number;
  missingBlob: OrphanEntry[];
  staleRootEra: (OrphanEntry & { currentPath: string; derivedApp: string })[];
  mismatched: (OrphanEntry & { derivedApp: string })[];
  undecodable: string[];
  /** Stored app/repo values that are no current app folder, with document counts. */
  unknownApps: { app: string; documents: number }[];
  appSource: "--apps" | "container top-level folders";
}

/** Feeds documents one at a time; keeps only orphans and per-app counts. */
export class OrphanAccumulator {
  private documents = 0;
  private readonly missingBlob: OrphanEntry[] = [];
  private readonly stale: OrphanReport["staleRootEra"] = [];
  private readonly mismatched: OrphanReport["mismatched"] = [];
  private readonly undecodable: string[] = [];
  private readonly appCounts = new Map<string, number>();

  constructor(
    private readonly blobs: BlobIndex,
    private readonly options: ClassifyDocOptions,
  ) {}

  add(doc: DocRef): DocClass {
    this.documents += 1;
    for (const value of new Set([doc.app, doc.repo])) {
      if (value != null) this.appCounts.set(value, (this.appCounts.get(value) ?? 0) + 1);
    }
    const c = classifyDocument(doc, this.blobs, this.options);
    const entry = (path: string): OrphanEntry => ({ id: doc.id, path, app: doc.app ?? null, repo: doc.repo ?? null });
    if (c.kind === "missing-blob") this.missingBlob.push(entry(c.path));
    else if (c.kind === "stale-root-era")
      this.stale.push({ ...entry(c.path), currentPath: c.currentPath, derivedApp: c.derivedApp });
    else if (c.kind === "mismatch") this.mismatched.push({ ...entry(c.path), derivedApp: c.derivedApp });
    else if (c.kind === "undecodable") this.undecodable.push(doc.id);
    return c;
  }

  report(): OrphanReport {
    const current = this.options.apps ?? this.blobs.topFolders;
    return {
      blobs: this.blobs.size,
      documents: this.documents,
      missingBlob: this.missingBlob,
      staleRootEra: this.stale,
      mismatched: this.mismatched,
      undecodable: this.undecodable,
      unknownApps: [...this.appCounts]
        .filter(([app]) => !current.has(app))
        .map(([app, documents]) => ({ app, documents }))
        .sort((a, b) => a.app.localeCompare(b.app)),
      appSource: this.options.apps ? "--apps" : "container top-level folders",
    };
  }
}

/**
 * The ids `--delete` removes: documents whose blob is missing, plus root-era copies with `--include-stale`.
 * A document whose own blob exists is only ever selected as a stale root-era copy, and only when asked.
 */
export function selectDeletions(report: OrphanReport, options: { includeStale: boolean }): string[] {
  const ids = report.missingBlob.map((e) => e.id);
  if (options.includeStale) ids.push(...report.staleRootEra.map((e) => e.id));
  return [...new Set(ids)];
}

/** Splits ids into delete batches of at most `size` (the service allows 1,000 actions per batch). */
export function batches<T>(items: readonly T[], size = 1000): T[][] {
  if (size < 1 || size > 1000) throw new RangeError("batch size must be between 1 and 1000");
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
