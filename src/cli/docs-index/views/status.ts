// `status`'s view: the status report with the index's names and, with agentic retrieval on, the knowledge source,
// as the `--json` document and the text.
import type { KnowledgeSourceReport } from "../../../search/agentic/knowledge-source-report.js";
import type { IndexNames } from "../../../search/bluegreen/index-names.js";
import type { IndexStatus } from "../../../search/ops/status-report.js";
import { formatStatusResult } from "../../../search/views/status-text.js";
import type { ResultView } from "./result.js";

export function statusResult(status: IndexStatus<IndexNames, KnowledgeSourceReport>): ResultView {
  const { report, index, knowledgeSource } = status;
  return {
    document: { ...report, index, ...(knowledgeSource ? { knowledgeSource } : {}) },
    text: () => formatStatusResult(report, index, knowledgeSource),
  };
}
