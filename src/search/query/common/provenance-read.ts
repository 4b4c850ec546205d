// Which facts an answer's provenance states, from what the identity may read: the concrete index behind the name,
// its eTag, and the indexer's last successful run into the queried generation. The reads come through a port
// (search-docs/io.ts builds it from the SDK clients); this module chooses which generation is asked about
// and what the freshness is. Each part is independently `unknown` (with the reason) when a read is refused.
import type { Resolution } from "../../service/resolution.js";
import { lastSuccessInto, type ServingRuns } from "../../ops/serving-runs-facts.js";
import { type IndexerStatusRecord, runInProgress } from "../../ops/indexer-status.js";
import { unknownBecause, type Known } from "../../known.js";
import type { Freshness, ProvenanceFacts } from "./provenance.js";

/** The reads behind the provenance facts: calls only, each may throw (refused, failed). */
export interface ProvenanceReads {
  /** What the name resolves to: an alias's generation, a concrete index, or nothing. */
  servingIndex(name: string): Promise<Resolution>;
  /** The index definition's eTag (null when the service gives none). */
  indexEtag(index: string): Promise<string | null>;
  indexerStatus(indexer: string): Promise<IndexerStatusRecord>;
  /** Which of the indexer's runs went into which generation of `names.index`; never throws. */
  servingRuns(names: { index: string; indexer: string }, status: IndexerStatusRecord): Promise<ServingRuns>;
}

export interface ProvenanceNames {
  index: string;
  indexer: string;
  apiVersion: string;
  /** The configured name whose generations `index` is one of (eval --index docs-index-2); default `index`. */
  configured?: string;
}

async function known<T>(what: string, read: () => Promise<T>): Promise<Known<T>> {
  try {
    return { status: "known", value: await read() };
  } catch (err) {
    return unknownBecause(err, what);
  }
}

/** The concrete index a known resolution names, or null (missing, or not readable). */
function queriedIndex(serving: Known<Resolution>): string | null {
  return serving.status === "known" && serving.value.kind !== "missing" ? serving.value.index : null;
}

/**
 * The freshness of the queried generation: the end of the newest successful run into it, and whether a run is in
 * progress. The corpus is the queried index's: a failed candidate's crawl is not the serving generation's last
 * successful run, and the serving generation's is not a named older generation's.
 */
export function freshnessOf(
  status: IndexerStatusRecord,
  runs: ServingRuns,
  into: string,
  indexer: string,
): Known<Freshness> {
  const last = lastSuccessInto(runs, into);
  if ("reason" in last) return { status: "unknown", reason: last.reason };
  if (last.end === null)
    return {
      status: "unknown",
      reason: `the indexer ${indexer} has no successful run into ${into} in its status history`,
    };
  return { status: "known", value: { last_successful_run: last.end, run_in_progress: runInProgress(status) !== null } };
}

/** The provenance facts of an answer on `names.index`, read through `reads`. */
export async function readProvenance(reads: ProvenanceReads, names: ProvenanceNames): Promise<ProvenanceFacts> {
  const serving = await known("reading the alias and index definitions", () => reads.servingIndex(names.index));
  const queried = queriedIndex(serving);
  const [etag, status] = await Promise.all([
    queried !== null
      ? known("reading the index definition", () => reads.indexEtag(queried))
      : Promise.resolve<Known<string | null>>(
          serving.status === "unknown" ? serving : { status: "unknown", reason: `${names.index} does not exist` },
        ),
    known("reading the indexer status", () => reads.indexerStatus(names.indexer)),
  ]);
  let freshness: Known<Freshness>;
  if (status.status === "unknown") freshness = status;
  else {
    const runs = await reads.servingRuns(
      { index: names.configured ?? names.index, indexer: names.indexer },
      status.value,
    );
    freshness = freshnessOf(status.value, runs, queried ?? runs.serving ?? names.index, names.indexer);
  }
  return { index: names.index, serving, etag, freshness, apiVersion: names.apiVersion };
}
