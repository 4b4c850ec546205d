// The real sets' `snippet_regex` are Python `re` patterns, matched case-insensitively. JavaScript's RegExp reads
// most of that syntax the same way; this translates the constructs whose spelling differs and refuses the ones
// with no JavaScript equivalent, so a pattern never silently means something else. Pure.

/** A JavaScript RegExp (flag `i`) for a Python `re` pattern matched with `re.IGNORECASE`. */
export function pythonRegex(pattern: string): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined) throw new Error(`Python pattern ends with a lone backslash: ${pattern}`);
      // \A and \Z anchor the whole string in Python (no multiline meaning); \Z is "end of string" only.
      if (next === "A") out += "^";
      else if (next === "Z") out += "$(?![\\s\\S])";
      else out += c + next;
      i++;
      continue;
    }
    if (pattern.startsWith("(?P<", i)) {
      out += "(?<";
      i += 3;
      continue;
    }
    if (pattern.startsWith("(?P=", i)) {
      const end = pattern.indexOf(")", i);
      out += `\\k<${pattern.slice(i + 4, end)}>`;
      i = end;
      continue;
    }
    if (/^\(\?[aiLmsux]+\)/.test(pattern.slice(i)) || pattern.startsWith("(?#", i))
      throw new Error(`Python inline flags and comments have no JavaScript equivalent: ${pattern}`);
    out += c;
  }
  return new RegExp(out, "i");
}
