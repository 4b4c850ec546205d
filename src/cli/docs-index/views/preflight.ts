// `preflight`'s view: the report is the document; the text says which check failed and how to fix it.
import type { PreflightReport } from "../../../search/ops/preflight.js";
import { formatPreflightReport } from "../../../search/views/preflight-text.js";
import type { ResultView } from "./result.js";

export function preflightResult(report: PreflightReport): ResultView {
  return { document: report, text: () => formatPreflightReport(report) };
}
