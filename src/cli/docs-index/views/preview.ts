// `preview`'s view: the report is the document; the text is a line per blob, then the counts.
import type { PreviewReport } from "../../../search/ops/preview.js";
import { formatPreview } from "../../../search/views/preview-text.js";
import type { ResultView } from "./result.js";

export function previewResult(report: PreviewReport): ResultView {
  return { document: report, text: () => formatPreview(report) };
}

/** What is previewed: the folder as the container of the account. */
export function previewNote(folder: string, container: string, account: string): string {
  return `preview: ${folder} as container ${container} of account ${account} (offline)`;
}
