// docs-index coverage: null counts of the fields added after the first population, with `$count` queries and
// request-level filters (no document download); the dedup filter to use now; index eTag and last good run.
import { ExitCode } from "../../exit-codes.js";
import type { CliContext } from "../../context.js";
import type { CommandModule } from "../program.js";
import {
  BACKFILL_FIELDS,
  buildCoverageReport,
  formatCoverageReport,
  NULL_FORMAT_LISTING_LIMIT,
  nullFilter,
  type BackfillField,
  type CoverageReport,
  type NullFormatDoc,
} from "../../../search/ops/coverage.js";
import { lastSuccessfulRunEnd } from "../../../search/ops/indexer-status.js";
import { readIndexerDefinition, readIndexFields } from "../../../search/ops/io/definitions.js";
import {
  countAll,
  countMatching,
  fetchIndexerStatus,
  fetchIndexInfo,
  listSelected,
  searchClient,
} from "../../../search/ops/io/search-io.js";

/** `app` is not filterable in the index; `repo` always holds the same value (spec rule 1) and is. */
const FILTER_PROXY: Partial<Record<BackfillField, string>> = { app: "repo" };

export const COVERAGE_EXIT_CODES = `
Exit codes:
  0  every field except the content-dependent ones (tags, description) is filled wherever a run can fill it
  1  documents still wait for a reset and run (see 'backfill')
  2  usage or configuration error
  3  the service could not be reached or refused the request`;

export async function coverageReport(ctx: CliContext): Promise<CoverageReport> {
  const { search } = ctx.config;
  const client = searchClient(ctx);
  const info = await fetchIndexInfo(ctx.indexClient(), search.index_name);
  if (info.error)
    ctx.out.warn(
      `${info.error}: the index eTag is unavailable; filterable fields are taken from search-definitions/docs-index.json`,
    );
  const filterable =
    info.filterable ??
    new Set(
      readIndexFields()
        .filter((f) => f.filterable)
        .map((f) => f.name),
    );

  const [total, status] = await Promise.all([
    countAll(client),
    fetchIndexerStatus(ctx.indexerClient(), search.indexer_name),
  ]);
  const nullCounts: Partial<Record<BackfillField, number | { error: string }>> = {};
  const countedVia: Partial<Record<BackfillField, string>> = {};
  for (const field of BACKFILL_FIELDS) {
    const filterField = filterable.has(field) ? field : FILTER_PROXY[field];
    if (filterField === undefined || !filterable.has(filterField)) {
      nullCounts[field] = { error: "not filterable in the index: cannot be counted without downloading documents" };
      continue;
    }
    if (filterField !== field) countedVia[field] = filterField;
    nullCounts[field] = await countMatching(client, nullFilter(filterField));
  }

  // Near 100 %, tell permanent nulls (root copies that fail by design, excluded extensions) from pending ones.
  let nullFormatDocs: NullFormatDoc[] | undefined;
  const formatNulls = nullCounts.format;
  if (typeof formatNulls === "number" && formatNulls > 0 && formatNulls <= NULL_FORMAT_LISTING_LIMIT) {
    const select = ["id", ...BACKFILL_FIELDS.filter((f) => f !== "description")];
    const docs = await listSelected(client, nullFilter("format"), select, NULL_FORMAT_LISTING_LIMIT);
    nullFormatDocs = docs.map((d) => ({
      id: String(d.id),
      fields: Object.fromEntries(BACKFILL_FIELDS.map((f) => [f, d[f] ?? null])),
    }));
  }

  return buildCoverageReport({
    total,
    nullCounts,
    countedVia,
    ...(nullFormatDocs ? { nullFormatDocs } : {}),
    container: search.container,
    expectedFailures: search.expected_failures,
    excludedExtensions: readIndexerDefinition().excludedExtensions,
    indexEtag: info.etag,
    lastSuccessfulRunEnd: lastSuccessfulRunEnd(status),
  });
}

export const coverageCommand: CommandModule = {
  register(program, run) {
    program
      .command("coverage")
      .description(
        "Count documents still holding null in each field added after the first population; say which dedup filter to use now",
      )
      .addHelpText("after", COVERAGE_EXIT_CODES)
      .action(
        run(async (ctx) => {
          const report = await coverageReport(ctx);
          ctx.out.result(report, () => formatCoverageReport(report));
          return report.complete ? ExitCode.Ok : ExitCode.CheckFailed;
        }),
      );
  },
};
