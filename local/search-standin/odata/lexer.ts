// Tokens of the service's OData filter/orderby language (docs/local-standin.md, Sources §8; ODATA).

export type Token =
  | { kind: "identifier"; text: string; pos: number }
  | { kind: "string"; value: string; pos: number }
  | { kind: "number"; value: number; text: string; pos: number }
  | { kind: "date"; value: number; text: string; pos: number }
  | { kind: "punct"; text: "(" | ")" | ","; pos: number }
  | { kind: "end"; pos: number };

/** A 400 "Invalid expression" in the service's message style; `parameter` names the query parameter. */
export class ODataError extends Error {
  constructor(
    readonly detail: string,
    readonly parameter: "$filter" | "$orderby" | "$select" | "searchFields" = "$filter",
  ) {
    super(`Invalid expression: ${detail}\r\nParameter name: ${parameter}`);
  }
}

// DateTimeOffset literal, unquoted: 2026-01-02T03:04:05Z, with optional fraction and offset.
const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})/;
const NUMBER = /^-?(\d+(\.\d+)?([eE][+-]?\d+)?|INF|NaN)/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*|\/[A-Za-z_][A-Za-z0-9_]*)*/;

export function tokenize(text: string, parameter: ODataError["parameter"] = "$filter"): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const rest = text.slice(i);
    if (ch === "(" || ch === ")" || ch === ",") {
      tokens.push({ kind: "punct", text: ch, pos: i });
      i += 1;
    } else if (ch === "'") {
      let value = "";
      let j = i + 1;
      for (;;) {
        if (j >= text.length)
          throw new ODataError(`Unterminated string literal at position ${i} in '${text}'.`, parameter);
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += text[j];
        j += 1;
      }
      tokens.push({ kind: "string", value, pos: i });
      i = j + 1;
    } else if (DATE.test(rest)) {
      const m = DATE.exec(rest)![0];
      tokens.push({ kind: "date", value: Date.parse(m), text: m, pos: i });
      i += m.length;
    } else if (NUMBER.test(rest) && (ch === "-" || /\d/.test(ch) || /^(INF|NaN)\b/.test(rest))) {
      const m = NUMBER.exec(rest)![0];
      tokens.push({
        kind: "number",
        value: Number(m === "INF" ? Infinity : m === "-INF" ? -Infinity : m),
        text: m,
        pos: i,
      });
      i += m.length;
    } else if (IDENT.test(rest)) {
      const m = IDENT.exec(rest)![0];
      tokens.push({ kind: "identifier", text: m, pos: i });
      i += m.length;
    } else {
      throw new ODataError(`Syntax error at position ${i} in '${text}'.`, parameter);
    }
  }
  tokens.push({ kind: "end", pos: text.length });
  return tokens;
}
