// Values a page's publisher controls (its title, app, section, heading texts and anchors, and any error that
// quotes them) on the lines the server writes. Whoever can publish a page must not be able to write a line as the
// server: a `note:` of its own, or the end marker of a retrieved document outside its block. So each such value
// is one line with the markers defused, or, as a URL fragment, percent-encoded. Every renderer and tool error goes
// through these functions (the MCP server's and the CLI views' of query and retrieve alike, hence here, beside the
// other rules both share); nothing else decides it. Pure.

/** Makes marker look-alikes inert (`<<<` becomes `‹‹‹`, `>>>` becomes `›››`): retrieved text cannot end its block. */
export function defuseMarkers(text: string): string {
  return text.replaceAll("<<<", "‹‹‹").replaceAll(">>>", "›››");
}

/**
 * Line breaks and every other control character, including those terminals and some renderers treat as line
 * ends or escapes: C0 and C1 controls (CR, LF, VT, FF, ESC, NEL), DEL, the Unicode line and paragraph separators,
 * and the bidirectional overrides that reorder what a reader sees.
 */
// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/**
 * A publisher-controlled value on one line the server writes: controls and line breaks become spaces, runs of
 * whitespace one space, markers defused. An empty result (or null) is `absent`.
 */
export function publisherLine(value: string | null | undefined, absent = "-"): string {
  if (value === null || value === undefined) return absent;
  const line = defuseMarkers(value.replace(BREAKS_AND_CONTROLS, " ")).replace(/\s+/g, " ").trim();
  return line === "" ? absent : line;
}

/**
 * An anchor as the fragment of a URL the server writes: percent-encoded (`encodeURIComponent`), so it holds no
 * space, line break, `#` or marker and stays one token of its line. get_doc decodes it again, and a browser
 * matches a percent-encoded fragment to the heading's `id` as well (HTML: decode, then find the element).
 */
export function urlFragment(anchor: string): string {
  return encodeURIComponent(anchor);
}

/** A URL with a publisher's anchor as its fragment (no anchor: the URL alone). */
export function urlWithAnchor(url: string, anchor: string | null | undefined): string {
  return anchor ? `${url}#${urlFragment(anchor)}` : url;
}
