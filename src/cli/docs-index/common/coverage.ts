// Gathers the coverage report (used by `coverage` and `backfill`): the fields come from the index definition
// (--definitions) and the live index; nulls are counted with `$count` queries and request-level filters, no
// document downloaded (except, near 100 %, the ids of the null-`format` documents to tell permanent from
// pending).
import type { CliContext } from "../../context.js";
import { indexFieldViews, indexerDefinitionView } from "../../../search/definitions/definition-views.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  readRawDefinitions,
  type Definitions,
} from "../../../search/definitions/definitions.js";
import {
  buildCoverageReport,
  coverageFields,
  NULL_FORMAT_LISTING_LIMIT,
  nullFilter,
  type CoverageReport,
  type NullFormatDoc,
} from "../../../search/ops/coverage.js";
import { completedRuns } from "../../../search/ops/indexer-status.js";
import { lastServingSuccessEnd } from "../../../search/bluegreen/serving-runs.js";
import { readServingRuns } from "../../../search/io/serving-runs-io.js";
import {
  countAll,
  countMatching,
  fetchIndexerStatus,
  fetchIndexInfo,
  listSelected,
  searchClient,
} from "../../../search/io/search-io.js";

/** The definition files as written (placeholders unfilled), or a usage error naming the file. */
export function readRawDefinitionsOrUsage(dir: string | undefined): Definitions {
  // A DefinitionError is a usage error (src/cli/outcome-exit.ts).
  return readRawDefinitions(dir ?? DEFAULT_DEFINITIONS_DIR);
}

export async function coverageReport(ctx: CliContext, definitionsDir?: string): Promise<CoverageReport> {
  const { search } = ctx.config;
  const definitions = readRawDefinitionsOrUsage(definitionsDir);
  const { indexClient, indexerClient } = await ctx.search();
  const client = searchClient(indexClient, search.index_name);
  const info = await fetchIndexInfo(indexClient, search.index_name);
  if (info.error)
    ctx.out.warn(`${info.error}: the index eTag is unavailable; the fields are taken from the definition file`);
  const fields = coverageFields(indexFieldViews(definitions.index), info.fields);

  const [total, status] = await Promise.all([countAll(client), fetchIndexerStatus(indexerClient, search.indexer_name)]);
  const nullCounts: Record<string, number | { error: string }> = {};
  const countedVia: Record<string, string> = {};
  for (const f of fields) {
    if (f.countOn === null) {
      nullCounts[f.field] = { error: f.error ?? "not counted" };
      continue;
    }
    if (f.countOn !== f.field) countedVia[f.field] = f.countOn;
    nullCounts[f.field] = await countMatching(client, nullFilter(f.countOn));
  }

  // Near 100 %, tell permanent nulls (root copies that fail by design, excluded extensions) from pending ones.
  let nullFormatDocs: NullFormatDoc[] | undefined;
  const formatNulls = nullCounts.format;
  if (typeof formatNulls === "number" && formatNulls > 0 && formatNulls <= NULL_FORMAT_LISTING_LIMIT) {
    const counted = fields.filter((f) => f.countOn === f.field).map((f) => f.field);
    const docs = await listSelected(client, nullFilter("format"), ["id", ...counted], NULL_FORMAT_LISTING_LIMIT);
    nullFormatDocs = docs.map((d) => ({
      id: String(d.id),
      fields: Object.fromEntries(fields.map((f) => [f.field, d[f.countOn ?? f.field] ?? null])),
    }));
  }

  // The last successful run into the serving generation (a failed candidate's crawl does not count).
  const serving = await readServingRuns(
    { indexClient, indexerClient },
    { index: search.index_name, indexer: search.indexer_name },
    status,
  );
  if (serving.basis === "assumed" && serving.caveat) ctx.out.warn(serving.caveat);
  return buildCoverageReport({
    total,
    nullCounts,
    countedVia,
    completedRun: completedRuns(status).length > 0,
    ...(nullFormatDocs ? { nullFormatDocs } : {}),
    container: search.container,
    expectedFailures: search.expected_failures,
    excludedExtensions: indexerDefinitionView(definitions.indexer).excludedExtensions,
    indexEtag: info.etag,
    lastSuccessfulRunEnd: lastServingSuccessEnd(serving),
    lastSuccessfulRunUnknownReason: serving.basis === "unknown" ? serving.reason : null,
  });
}
