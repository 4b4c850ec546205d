// `url`'s view: the resolved page reference is the document; the text is its public URL alone.
import type { PageRef } from "../../../search/public-url.js";
import type { ResultView } from "./result.js";

export function urlResult(ref: PageRef): ResultView {
  return { document: ref, text: () => ref.publicUrl };
}
