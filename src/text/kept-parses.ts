// A pure parse of a text (YAML, then zod) done once per text: the CLI run in-process (the tests, `npm run local`)
// reads the same vars.yml and golden file for every command, and parsing them is most of a short command's CPU.
// Shared by the configuration (src/config/load.ts) and the golden queries (src/search/eval/golden.ts). Pure.

/**
 * `parse` with its results kept for the `size` keys used last. `keyOf` names what the result depends on: the text,
 * and for the golden queries the site, but not the file's name, which only a parse that fails prints (a copy of a
 * file elsewhere parses to the same result). Each call returns its own deep copy, so no caller sees another's
 * edits; a parse that throws keeps nothing and throws again on the next call.
 */
export function keptParses<Args extends unknown[], T>(
  parse: (...args: Args) => T,
  keyOf: (...args: Args) => string,
  size = 8,
): (...args: Args) => T {
  const kept = new Map<string, T>();
  return (...args) => {
    const key = keyOf(...args);
    const parsed = kept.has(key) ? kept.get(key)! : parse(...args);
    // Map keeps insertion order: the entry used now moves to the end, and the first one is the least recently used.
    kept.delete(key);
    kept.set(key, parsed);
    if (kept.size > size) kept.delete(kept.keys().next().value!);
    return structuredClone(parsed);
  };
}
