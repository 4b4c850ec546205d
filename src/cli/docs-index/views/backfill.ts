// `backfill`'s view: the status verdict of its run and the coverage before and after, as the `--json` document
// and the text.
import type { BackfillOutcome } from "../../../search/ops/backfill.js";
import { formatBackfillResult } from "../../../search/views/backfill-text.js";
import type { ResultView } from "./result.js";

export function backfillResult(outcome: Extract<BackfillOutcome, { kind: "done" }>): ResultView {
  const result = {
    status: outcome.status,
    coverageBefore: outcome.coverageBefore,
    coverageAfter: outcome.coverageAfter,
  };
  return { document: result, text: () => formatBackfillResult(result) };
}
