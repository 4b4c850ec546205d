// The answer benchmark's continuation figures: a page read with get_doc from the start, following `next_offset`,
// against the page's whole text: the characters sent more than once, the text never sent (the line breaks between
// two blocks do not count: no view carries them), and the cuts that fall inside a line (a view must end a block,
// or, inside a block larger than the budget, a line). Pure.

/** One get_doc answer: where its text starts in the page, its text, and where to read on. */
export interface PageView {
  offset: number;
  text: string;
  next_offset: number | null;
}

export interface Continuation {
  /** The page's characters. */
  chars: number;
  /** get_doc calls it took. */
  calls: number;
  /** Characters sent more than once (each repeat counted). */
  repeated: number;
  /** Characters no view sent, other than the line breaks between blocks. */
  skipped: number;
  /** Cuts (the end of a view that has a next one) not at the end of a line. */
  cutsInsideLine: number;
  /** Views whose text is not the page's text at their offset (then the other figures mean nothing). */
  mismatched: number;
}

export function continuationOf(whole: string, views: readonly PageView[]): Continuation {
  const sent = new Uint8Array(whole.length);
  let repeated = 0;
  let cutsInsideLine = 0;
  let mismatched = 0;
  for (const view of views) {
    const end = Math.min(whole.length, view.offset + view.text.length);
    if (whole.slice(view.offset, end) !== view.text) mismatched++;
    for (let i = view.offset; i < end; i++) {
      if (sent[i]) repeated++;
      sent[i] = 1;
    }
    if (view.next_offset !== null && end < whole.length && whole[end] !== "\n") cutsInsideLine++;
  }
  let skipped = 0;
  for (let i = 0; i < whole.length; i++) if (!sent[i] && whole[i] !== "\n") skipped++;
  return { chars: whole.length, calls: views.length, repeated, skipped, cutsInsideLine, mismatched };
}
