// The coverage report (used by `coverage` and `backfill`): the definition files of --definitions and the SDK
// calls as the port of the core, src/search/ops/coverage-read.ts, which decides what to count.
import type { CliContext } from "../../context.js";
import { indexFieldViews, indexerDefinitionView } from "../../../search/definitions/definition-views.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  readRawDefinitions,
  type Definitions,
} from "../../../search/definitions/definitions.js";
import type { CoverageReport } from "../../../search/ops/coverage.js";
import { readCoverage } from "../../../search/ops/coverage-read.js";
import { countAll, countMatching, listSelected, searchClient } from "../../../search/io/search-io.js";
import { indexReads } from "./index-reads.js";

/** The definition files as written (placeholders unfilled), or a usage error naming the file. */
export function readRawDefinitionsOrUsage(dir: string | undefined): Definitions {
  // A DefinitionError is a usage error (src/cli/outcome-exit.ts).
  return readRawDefinitions(dir ?? DEFAULT_DEFINITIONS_DIR);
}

/** The coverage report of the configured index (`coverage`, and `backfill` before and after its run). */
export async function coverageReport(ctx: CliContext, definitionsDir?: string): Promise<CoverageReport> {
  const { search } = ctx.config;
  const definitions = readRawDefinitionsOrUsage(definitionsDir);
  const { indexClient } = await ctx.search();
  const client = searchClient(indexClient, search.index_name);
  const reads = await indexReads(ctx);
  return readCoverage(
    {
      indexInfo: reads.indexInfo,
      countAll: () => countAll(client),
      countMatching: (filter) => countMatching(client, filter),
      listSelected: (filter, select, top) => listSelected(client, filter, select, top),
      indexerStatus: reads.indexerStatus,
      servingRuns: reads.servingRuns,
      warn: (message) => ctx.out.warn(message),
    },
    {
      definitionFields: indexFieldViews(definitions.index),
      excludedExtensions: indexerDefinitionView(definitions.indexer).excludedExtensions,
      container: search.container,
      expectedFailures: search.expected_failures,
    },
  );
}
