// Reads what the serving-runs rule needs (src/search/bluegreen/serving-runs.ts) with the SDK: the alias, the
// index names, the indexer's target and the crawl window a failed rebuild recorded on each other generation.
// For status, snapshot, coverage and the agents' provenance. A refused or failed read makes the answer `unknown`
// with the reason. No logic beyond the calls.
import type { SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { generationsIn } from "../bluegreen/generations.js";
import { inferPhase } from "../bluegreen/progress-state.js";
import { crawlWindowOf, servingRuns, type CrawlWindow } from "../bluegreen/serving-runs.js";
import type { ServingRuns } from "../ops/serving-runs-facts.js";
import type { IndexerStatusRecord } from "../ops/indexer-status.js";

const absentOn404 = (err: unknown) => {
  if ((err as { statusCode?: number }).statusCode === 404) return undefined;
  throw err;
};

export async function readServingRuns(
  clients: { indexClient: SearchIndexClient; indexerClient: SearchIndexerClient },
  names: { index: string; indexer: string },
  status: IndexerStatusRecord,
): Promise<ServingRuns> {
  const { indexClient, indexerClient } = clients;
  try {
    const listNames = async () => {
      const all: string[] = [];
      for await (const n of indexClient.listIndexesNames()) all.push(n);
      return all;
    };
    const [aliasTarget, indexNames, indexerTarget] = await Promise.all([
      indexClient.getAlias(names.index).then((a) => a.indexes[0], absentOn404),
      listNames(),
      indexerClient.getIndexer(names.indexer).then((i) => i.targetIndexName, absentOn404),
    ]);
    const others = generationsIn(names.index, indexNames).filter((g) => g.name !== aliasTarget);
    const windows = (
      await Promise.all(
        others.map(async (g) =>
          crawlWindowOf(g.name, (await indexClient.getIndex(g.name).catch(absentOn404))?.description),
        ),
      )
    ).filter((w): w is CrawlWindow => w !== undefined);
    const phase = inferPhase({ name: names.index, aliasTarget, indexNames, indexerTarget, indexerStatus: status });
    return servingRuns({ name: names.index, phase, indexNames, status, windows });
  } catch (err) {
    const code = (err as { statusCode?: number }).statusCode;
    const message = err instanceof Error ? err.message.split("\n")[0] : String(err);
    return {
      basis: "unknown",
      serving: null,
      reason: `reading the alias, the generations and the indexer's target failed${code ? ` (${code})` : ""}: ${message}; which runs went into the serving generation cannot be told`,
      elsewhere: [],
    };
  }
}
