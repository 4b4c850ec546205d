// `docs-index preview` as text: one line per blob (excluded, failing as expected or not, or where it lands), then
// the counts.
import type { PreviewReport } from "../ops/preview.js";

export function formatPreview(report: PreviewReport): string {
  const { blobs, summary } = report;
  return [
    ...blobs.map((b) =>
      b.excluded
        ? `${b.path}  excluded`
        : b.error
          ? `${b.path}  ${b.expectedFailure ? "fails as expected (search.expected_failures)" : "FAILED (unexpected)"}: ${b.error}`
          : `${b.path}  app ${b.app}, section ${b.section}, format ${b.format}  ${b.url}`,
    ),
    `${summary.blobs} blobs: ${summary.indexed} indexed, ${summary.excluded} excluded, ${summary.failed} failed (${summary.expectedFailures} expected, ${summary.unexpectedFailures} unexpected)`,
  ].join("\n");
}
