// `snapshot`'s view: always one JSON object (with format_version), with --json or without: the point is to paste
// it into an evaluation record. `asDocument` is the output's (it adds format_version).
import type { PinnedSnapshot } from "../../../search/ops/snapshot.js";
import type { ResultView } from "./result.js";

export function snapshotResult(pinned: PinnedSnapshot, asDocument: (value: object) => object): ResultView {
  return { document: pinned, text: () => JSON.stringify(asDocument(pinned), null, 2) };
}
