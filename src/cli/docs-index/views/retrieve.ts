// `retrieve`'s view: the retrieve_docs answer as the `--json` document (format 2.0: the `filterAddOn` sent, then
// the tool's answer) and as text, its notes on stderr.
import type { RetrieveProvenance } from "../../../search/query/common/provenance.js";
import type { RetrieveDocsAnswer } from "../../../search/query/retrieve-docs/answer.js";
import { formatRetrieveAnswer } from "../../../search/views/retrieve-text.js";
import type { ResultView } from "./result.js";

export function retrieveResult(answer: RetrieveDocsAnswer<RetrieveProvenance>): ResultView {
  return {
    document: { format_version: "2.0", filterAddOn: answer.provenance.filter, ...answer },
    text: () => formatRetrieveAnswer(answer),
    warnings: answer.notes,
  };
}
