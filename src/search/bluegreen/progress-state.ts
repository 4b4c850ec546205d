// Where a blue/green rebuild or the migration stands, read from the service itself (the alias, the generations,
// the indexer's target and its run history), so `status` and `deploy --resume` work from any machine after an
// interruption at any step. No state file: the service is the record. Pure.
import type { IndexerStatusRecord, RunRecord } from "../ops/indexer-status.js";
import { generationOf, generationsIn } from "./generations.js";
import type { AliasRecord } from "./ports.js";
import type { LiveObject } from "../service/management-port.js";

export interface Observation {
  /** The configured name (docs-index). */
  name: string;
  /** The index the alias maps to, when `name` is an alias. */
  aliasTarget: string | undefined;
  /** The alias's ETag, when `name` is an alias (a saved plan pins it). */
  aliasEtag?: string;
  indexNames: readonly string[];
  /** The indexer's targetIndexName, when the indexer exists. */
  indexerTarget: string | undefined;
  indexerStatus: IndexerStatusRecord | undefined;
}

/** What one read of the service found, as the observation the phase is inferred from (the one place it is built). */
export interface ObservedObjects {
  name: string;
  /** The alias by that name, when there is one. */
  alias: AliasRecord | undefined;
  indexNames: readonly string[];
  /** The indexer as read, when it exists. */
  indexer: LiveObject | undefined;
  /** Its status, read when it exists. */
  indexerStatus: IndexerStatusRecord | undefined;
}

export function observationOf(read: ObservedObjects): Observation {
  const { name, alias, indexNames, indexer, indexerStatus } = read;
  return {
    name,
    aliasTarget: alias?.index,
    ...(alias ? { aliasEtag: alias.etag } : {}),
    indexNames,
    indexerTarget: indexer ? String(indexer.definition.targetIndexName) : undefined,
    indexerStatus,
  };
}

export type Phase =
  /** `name` is a concrete index: not migrated yet. */
  | { phase: "concrete" }
  /** Nothing by that name. */
  | { phase: "missing" }
  /** Migration stopped between deleting the concrete index and creating the alias: queries are failing. */
  | { phase: "alias-missing"; generation: string }
  /**
   * The alias serves `live`; no rebuild under way. `candidate`: a generation left by a rolled-back or interrupted
   * rebuild.
   */
  | { phase: "idle"; live: string; older: string[]; candidate: string | undefined }
  /** The indexer fills `candidate` (not serving yet); `crawl` says how far. */
  | { phase: "building"; live: string | undefined; candidate: string; crawl: CrawlState }
  /** The indexer targets neither the live generation nor a newer one. */
  | { phase: "inconsistent"; live: string | undefined; indexerTarget: string | undefined };

export type CrawlState = "not-reset" | "reset-not-run" | "running" | "done";

/**
 * Runs that started at or after the newest `reset` entry (newest first), or undefined when the history shows no
 * reset. A run already active when the reset was recorded sits above it in the history but started before it.
 */
function runsSinceReset(status: IndexerStatusRecord): RunRecord[] | undefined {
  const i = status.history.findIndex((r) => r.status === "reset");
  if (i < 0) return undefined;
  const resetAt = status.history[i]!.startTime ?? "";
  return status.history.slice(0, i).filter((r) => (r.startTime ?? "") >= resetAt);
}

/** How far the crawl into the indexer's target has got since its reset. */
export function crawlState(status: IndexerStatusRecord | undefined): CrawlState {
  if (!status) return "not-reset";
  const runs = runsSinceReset(status);
  if (runs === undefined) return "not-reset";
  if (runs.length === 0) return "reset-not-run";
  return runs.some((r) => r.status !== "inProgress") ? "done" : "running";
}

/** The first run that completed after the reset (the full crawl), if any. */
export function fullCrawlRun(status: IndexerStatusRecord): RunRecord | null {
  const runs = runsSinceReset(status) ?? [];
  const completed = runs.filter((r) => r.status !== "inProgress");
  return completed.at(-1) ?? null;
}

export function inferPhase(o: Observation): Phase {
  const generations = generationsIn(o.name, o.indexNames);
  const newest = generations.at(-1)?.name;
  if (o.aliasTarget === undefined) {
    if (o.indexNames.includes(o.name)) {
      // Migration building generation 1 while the concrete index still serves.
      if (o.indexerTarget !== undefined && generationOf(o.name, o.indexerTarget) !== undefined)
        return { phase: "building", live: o.name, candidate: o.indexerTarget, crawl: crawlState(o.indexerStatus) };
      return { phase: "concrete" };
    }
    if (newest !== undefined) return { phase: "alias-missing", generation: o.indexerTarget ?? newest };
    return { phase: "missing" };
  }
  const live = o.aliasTarget;
  const liveGen = generationOf(o.name, live) ?? 0;
  const newer = generations.filter((g) => g.generation > liveGen).map((g) => g.name);
  const older = generations.filter((g) => g.generation < liveGen).map((g) => g.name);
  if (o.indexerTarget === undefined || o.indexerTarget === live)
    return { phase: "idle", live, older, candidate: newer.at(-1) };
  if (newer.includes(o.indexerTarget))
    return { phase: "building", live, candidate: o.indexerTarget, crawl: crawlState(o.indexerStatus) };
  return { phase: "inconsistent", live, indexerTarget: o.indexerTarget };
}
