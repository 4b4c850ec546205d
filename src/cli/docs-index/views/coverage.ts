// `coverage`'s view: the coverage report with the index's names, as the `--json` document and the text.
import type { IndexNames } from "../../../search/bluegreen/index-names.js";
import type { CoverageReport } from "../../../search/ops/coverage.js";
import { formatCoverageReport } from "../../../search/views/coverage-text.js";
import { formatIndexNames } from "../../../search/views/index-names-text.js";
import type { ResultView } from "./result.js";

export function coverageResult(report: CoverageReport, index: IndexNames): ResultView {
  return {
    document: { ...report, index },
    text: () => `${formatIndexNames(index)}\n${formatCoverageReport(report)}`,
  };
}
