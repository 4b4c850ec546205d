// `migrate-to-alias`'s views: the result (the migration's steps, worded in the document and the text) and the
// migration as its confirmation words it.
import type { MigrateResult } from "../../../search/bluegreen/migrate.js";
import { formatMigrateResult, withWordedSteps } from "../../../search/views/bluegreen-text.js";
import type { ResultView } from "./result.js";

export function migrateResult(result: MigrateResult): ResultView {
  return { document: withWordedSteps(result), text: () => formatMigrateResult(result) };
}

/** The migration as the confirmation prompt words it: what is done, and what it loses. */
export function migrationStep(name: string): { action: string; loses: string } {
  return {
    action: `build ${name}-1 (a full crawl), then delete the concrete index ${name} and create the alias ${name} → ${name}-1`,
    loses: `queries to ${name} for the moments between the delete and the alias (measured and reported; milliseconds locally); documents whose blobs are gone are not carried over (counted before the delete)`,
  };
}
