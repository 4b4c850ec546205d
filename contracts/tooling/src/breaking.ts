// The breaking-change judgement of the contracts:check gate. Both descriptions are first normalized (normalize.ts:
// path-item parameters merged into operations, allOf merged), then api-smart-diff lists the differences (with
// references resolved into each operation), and each difference is judged here: validation keywords by the policy
// table (policy.ts: keyword, direction, narrows or widens), the rest by the shape of the change (a removed path,
// operation, response, property, parameter, media type or security requirement breaks), and what neither covers by
// the library's own classification. Pure: documents in, changes out.
import { apiCompare, type Diff } from "api-smart-diff";
import { normalizeDescription, resolvePointer } from "./normalize.js";
import { effectOf, KEYWORDS, policyFor, type Direction, type Effect, type Keyword, type PolicyRow } from "./policy.js";

type ChangeKind =
  | "removed path"
  | "removed operation"
  | "removed response"
  | "removed property"
  | "removed enum value"
  | "removed parameter"
  | "removed media type"
  | "removed response header"
  | "property made required"
  | "parameter made required"
  | "request body made required"
  | "required parameter added"
  | "property no longer required in a response"
  | "response header no longer required"
  | "no longer nullable in a request"
  | "made nullable in a response"
  | "narrowed type"
  | "changed type"
  | "widened type in a response"
  | "added enum value in a response"
  | "removed security requirement"
  | "added security requirement"
  | "breaking change";

export interface Change {
  /** Breaking, or an allowed change (additions, relaxations, documentation). */
  breaking: boolean;
  kind: ChangeKind | "addition" | "other";
  /** JSON path in the description, e.g. ["paths", "/api/webhooks", "post", "responses", "200", ...]. */
  path: (string | number)[];
  /** What changed, in words: `property \`noteId\` in Response 200 content (application/json)`. */
  description: string;
  /** The policy table's row that decided, for validation keywords. */
  policy?: Pick<PolicyRow, "keyword" | "direction" | "effect">;
}

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const last = (path: Path, n = 1) => path[path.length - n];

/**
 * Only what consumers see: operations, top-level security and security schemes (components are reached through
 * operations).
 */
function isConsumerFacing(path: Path): boolean {
  if (path[0] === "components") return path[1] === "securitySchemes";
  return path[0] === "paths" || path[0] === "security" || path[0] === "servers";
}

function directionOf(path: Path): Direction | undefined {
  if (path.includes("responses")) return "response";
  if (path.includes("requestBody") || path.includes("parameters")) return "request";
  return undefined;
}

/** The node at `path` in `doc`, following $refs on the way (api-smart-diff's paths run through resolved references). */
function nodeAt(doc: unknown, path: Path): unknown {
  let node: unknown = doc;
  for (const key of path) {
    while (isObject(node) && typeof node.$ref === "string") node = resolvePointer(doc, node.$ref);
    if (isObject(node)) node = node[key as string];
    else if (Array.isArray(node)) node = node[key as number];
    else return undefined;
  }
  while (isObject(node) && typeof node.$ref === "string") node = resolvePointer(doc, node.$ref);
  return node;
}

interface Docs {
  before: unknown;
  after: unknown;
}

/** The operation's parameter `name` in `location`, as declared in `doc`. */
function parameterIn(doc: unknown, path: Path, location: string, name: string): Json | undefined {
  const parameters = path[0] === "paths" ? nodeAt(doc, [...path.slice(0, 3), "parameters"]) : undefined;
  if (!Array.isArray(parameters)) return undefined;
  return parameters
    .map((p) => (isObject(p) && typeof p.$ref === "string" ? resolvePointer(doc, p.$ref) : p))
    .find((p): p is Json => isObject(p) && p.in === location && p.name === name);
}

/** Where in an operation a path points: `Response 200 (application/json)`, `Request Body`, `parameters`. */
function partOf(path: Path): string {
  const media = path.indexOf("content");
  const type = media >= 0 && path[media + 1] !== undefined ? ` (${String(path[media + 1])})` : "";
  const responses = path.indexOf("responses");
  if (responses >= 0 && path[responses + 1] !== undefined) return `Response ${path[responses + 1]}${type}`;
  if (path.includes("requestBody")) return `Request Body${type}`;
  return path.includes("parameters") ? "parameters" : String(path[0]);
}

/** `property \`name\``, `query parameter \`top\``, `header \`Retry-After\``: what a path is about. */
function targetOf(path: Path, docs: Docs): string | undefined {
  const properties = path.lastIndexOf("properties");
  if (properties >= 0 && path[properties + 1] !== undefined) return `property \`${String(path[properties + 1])}\``;
  const parameters = path.indexOf("parameters");
  if (parameters >= 0 && typeof path[parameters + 1] === "number") {
    const at = path.slice(0, parameters + 2);
    const parameter = nodeAt(docs.after, at) ?? nodeAt(docs.before, at);
    if (isObject(parameter) && typeof parameter.name === "string")
      return `${String(parameter.in)} parameter \`${parameter.name}\``;
  }
  const headers = path.indexOf("headers");
  if (headers >= 0 && path[headers + 1] !== undefined) return `header \`${String(path[headers + 1])}\``;
  return undefined;
}

/**
 * api-smart-diff calls every parameter "required <in> parameter" (issue 23: an optional header was reported as
 * "required header parameter"); say what the description declares instead.
 */
function withParameterStatus(text: string, path: Path, docs: Docs, removed: boolean): string {
  return text.replace(/\brequired (path|query|header|cookie) parameter `([^`]+)`/g, (whole, location, name) => {
    const declared =
      (removed ? undefined : parameterIn(docs.after, path, location as string, name as string)) ??
      parameterIn(docs.before, path, location as string, name as string);
    if (!declared) return whole;
    return `${declared.required === true ? "required" : "optional"} ${location} parameter \`${name}\``;
  });
}

function describe(diff: Diff, docs: Docs): string {
  const raw = diff.description?.replace(/^\[(Added|Removed|Replaced)\] /, "");
  const value = diff.action === "remove" ? diff.before : diff.after;
  if (last(diff.path) === "headers" && isObject(value)) {
    const names = Object.keys(value).map((name) => `\`${name}\``);
    return `response header${names.length === 1 ? "" : "s"} ${names.join(", ")} in ${partOf(diff.path)}`;
  }
  // api-smart-diff words repeated occurrences of one $ref as "annotation (<key>)", or leaves their subject out
  // (" from `errors[].key` in Response 401 …"); say it ourselves there.
  const target = targetOf(diff.path, docs);
  const text =
    raw && /^\S/.test(raw) && !raw.startsWith("annotation (")
      ? raw
      : target !== undefined
        ? `${target} in ${partOf(diff.path)}`
        : diff.path.join(".");
  // A removed parameter is named as it was; any other change by what the parameter is now.
  const parameterRemoved =
    diff.action === "remove" && (last(diff.path) === "parameters" || last(diff.path, 2) === "parameters");
  return withParameterStatus(text, diff.path, docs, parameterRemoved);
}

/** A validation keyword change: the keyword, and the values before and after (for list entries, the entry). */
interface KeywordChange {
  keyword: Keyword;
  /** Path of the schema (or parameter, or body) the keyword belongs to. */
  owner: Path;
  before: unknown;
  after: unknown;
}

function keywordChange(diff: Diff): KeywordChange | undefined {
  const { path } = diff;
  const key = last(path);
  const parent = last(path, 2);
  // An entry of a list keyword (enum, required): path ends in <keyword>, <index>.
  if ((parent === "enum" || parent === "required") && typeof key === "number" && last(path, 3) !== "properties")
    return { keyword: parent, owner: path.slice(0, -2), before: diff.before, after: diff.after };
  if (typeof key !== "string" || !KEYWORDS.has(key) || parent === "properties") return undefined;
  return { keyword: key as Keyword, owner: path.slice(0, -1), before: diff.before, after: diff.after };
}

const BOUND_PAIRS: Partial<Record<Keyword, Keyword>> = {
  maximum: "exclusiveMaximum",
  exclusiveMaximum: "maximum",
  minimum: "exclusiveMinimum",
  exclusiveMinimum: "minimum",
};

/**
 * A numeric bound written as `maximum` plus `exclusiveMaximum` (OpenAPI 3.0: a boolean flag; 3.1 and
 * api-smart-diff's own reading: a number of its own): the effective bound, as [value, exclusive].
 */
function bound(inclusive: unknown, exclusive: unknown): [number, boolean] | undefined {
  const candidates: [number, boolean][] = [];
  if (typeof inclusive === "number") candidates.push([inclusive, exclusive === true]);
  if (typeof exclusive === "number") candidates.push([exclusive, true]);
  return candidates.length === 0 ? undefined : candidates.sort((a, b) => a[0] - b[0] || Number(b[1]) - Number(a[1]))[0];
}

/** What a change of a bound pair does, when both keywords of one schema changed at once (`maximum` made exclusive). */
function pairedBoundEffect(change: KeywordChange, sibling: KeywordChange): Effect | "none" {
  const upperBound = change.keyword === "maximum" || change.keyword === "exclusiveMaximum";
  const [inclusive, exclusive] = change.keyword.startsWith("exclusive") ? [sibling, change] : [change, sibling];
  const before = bound(inclusive.before, exclusive.before);
  const after = bound(inclusive.after, exclusive.after);
  if (!before && !after) return "none";
  if (!before) return "narrows";
  if (!after) return "widens";
  // Tighter: a smaller maximum (larger minimum), or the same value made exclusive.
  const sign = upperBound ? 1 : -1;
  const tighter = (a: [number, boolean], b: [number, boolean]) =>
    sign * (b[0] - a[0]) > 0 || (a[0] === b[0] && a[1] && !b[1]);
  return tighter(after, before) ? "narrows" : tighter(before, after) ? "widens" : "none";
}

/** The names a schema's properties declare (allOf already merged by normalization). */
function declaresProperty(schema: unknown, name: string): boolean {
  if (!isObject(schema)) return true; // nothing to check against: judge the change as if it exists
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.hasOwn(properties, name);
}

function keywordKind(change: KeywordChange, row: PolicyRow, owner: Path): ChangeKind {
  const inParameter = last(owner, 2) === "parameters";
  switch (change.keyword) {
    case "enum":
      return row.effect === "narrows" ? "removed enum value" : "added enum value in a response";
    case "required":
      if (row.direction === "response")
        return owner.includes("headers")
          ? "response header no longer required"
          : "property no longer required in a response";
      if (last(owner) === "requestBody") return "request body made required";
      return inParameter ? "parameter made required" : "property made required";
    case "nullable":
      return row.direction === "request" ? "no longer nullable in a request" : "made nullable in a response";
    default:
      return row.effect === "changes"
        ? "changed type"
        : row.direction === "request"
          ? "narrowed type"
          : "widened type in a response";
  }
}

/** Whether `required` at `owner` is a flag: a parameter's, a request body's or a response header's. */
const ownsRequiredFlag = (owner: Path) =>
  last(owner) === "requestBody" || last(owner, 2) === "parameters" || last(owner, 2) === "headers";

function judgeKeyword(
  diff: Diff,
  change: KeywordChange,
  all: readonly KeywordChange[],
  docs: Docs,
): Omit<Change, "path" | "description"> | "skip" | undefined {
  const direction = directionOf(diff.path);
  if (!direction) return undefined;
  let effect: Effect;
  const pair = BOUND_PAIRS[change.keyword];
  const sibling = pair && all.find((c) => c.keyword === pair && c.owner.join("\0") === change.owner.join("\0"));
  if (sibling) {
    const paired = pairedBoundEffect(change, sibling);
    if (paired === "none") return "skip";
    effect = paired;
  } else effect = effectOf(change.keyword, change.before, change.after);
  if (change.keyword === "required") {
    // A list of names on a schema; a flag on a parameter, a request body or a response header.
    const flag = typeof change.before === "boolean" || typeof change.after === "boolean";
    if (flag && !ownsRequiredFlag(change.owner)) return undefined;
    if (!flag && effect === "narrows") {
      // A name that names no property is a contract error (required-names.ts), not a breaking change.
      const names = Array.isArray(change.after) ? change.after : [change.after];
      const schema = nodeAt(docs.after, change.owner);
      if (!names.some((name) => declaresProperty(schema, String(name)))) return { breaking: false, kind: "other" };
    }
  }
  const row = policyFor(change.keyword, direction, effect);
  const policy = { keyword: row.keyword, direction: row.direction, effect: row.effect };
  if (!row.breaking) return { breaking: false, kind: diff.action === "add" ? "addition" : "other", policy };
  return { breaking: true, kind: keywordKind(change, row, change.owner), policy };
}

/** A parameter (or each of a list of them) that is required in `after`. */
function addsRequiredParameter(value: unknown, docs: Docs): boolean {
  const parameters = Array.isArray(value) ? value : [value];
  return parameters.some((p) => {
    const resolved = isObject(p) && typeof p.$ref === "string" ? resolvePointer(docs.after, p.$ref) : p;
    return isObject(resolved) && resolved.required === true;
  });
}

/** The shape-based rules: removals, required additions, security. */
function structuralKind(diff: Diff, docs: Docs): ChangeKind | "allowed" | undefined {
  const { path, action } = diff;
  const key = last(path);
  const parent = last(path, 2);
  const security = path.indexOf("security");
  if (security >= 0 && (path[0] === "security" || security === 3)) {
    const depth = path.length - security; // 1: the list, 2: an alternative, 3: a scheme in it, 4: a scope
    if (action === "replace") return "removed security requirement";
    if (depth === 1) return action === "add" ? "added security requirement" : "removed security requirement";
    if (depth === 2) return action === "add" ? "allowed" : "removed security requirement";
    return action === "add" ? "added security requirement" : "allowed";
  }
  if (action === "remove") {
    if (path[0] === "paths" && path.length === 2) return "removed path";
    if (path[0] === "paths" && path.length === 3) return "removed operation";
    if (parent === "responses") return "removed response";
    if (parent === "properties") return "removed property";
    if (parent === "parameters" || key === "parameters") return "removed parameter";
    if (parent === "content") return "removed media type";
    if ((parent === "headers" || key === "headers") && path.includes("responses")) return "removed response header";
  }
  if (action === "add") {
    if ((parent === "parameters" || key === "parameters") && addsRequiredParameter(diff.after, docs))
      return "required parameter added";
    if (key === "requestBody" && isObject(diff.after) && diff.after.required === true)
      return "request body made required";
    if (parent === "properties" || parent === "parameters" || key === "parameters" || parent === "responses")
      return "allowed";
  }
  return undefined;
}

/** api-smart-diff's differences between two normalized descriptions. */
function differences(before: unknown, after: unknown): Diff[] {
  // Its classifier of `required` entries fails on names it cannot find (a new list, a name without a property) and
  // says so on stderr; those entries are judged here, so the message is noise to a gate's reader and is dropped.
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("Classification Rule error")) consoleError(...args);
  };
  try {
    // It modifies the documents it is given: hand it copies.
    return apiCompare(structuredClone(before), structuredClone(after)).diffs;
  } finally {
    console.error = consoleError;
  }
}

/** Every consumer-facing change from `before` to `after`, breaking ones first. */
export function compareDescriptions(before: unknown, after: unknown): Change[] {
  const docs: Docs = { before: normalizeDescription(before), after: normalizeDescription(after) };
  const diffs = differences(docs.before, docs.after);
  const consumerFacing = diffs.filter((d) => isConsumerFacing(d.path));
  const keywordChanges = new Map(
    consumerFacing.flatMap((d) => {
      const change = keywordChange(d);
      return change ? [[d, change] as const] : [];
    }),
  );
  const all = [...keywordChanges.values()];
  const seenBounds = new Set<string>();
  const changes: Change[] = [];
  for (const diff of consumerFacing) {
    const keyword = keywordChanges.get(diff);
    let judged = keyword ? judgeKeyword(diff, keyword, all, docs) : undefined;
    if (judged === "skip") continue;
    if (keyword && judged?.policy && BOUND_PAIRS[keyword.keyword]) {
      // One change per bound: `maximum` made exclusive is one change, not two.
      const id = `${keyword.owner.join("\0")}\0${keyword.keyword.replace(/^exclusive(.)/, (_, c: string) => c.toLowerCase())}`;
      if (seenBounds.has(id)) continue;
      seenBounds.add(id);
    }
    if (!judged) {
      const kind = structuralKind(diff, docs);
      if (kind === "allowed") judged = { breaking: false, kind: diff.action === "add" ? "addition" : "other" };
      else if (kind) judged = { breaking: true, kind };
      else if (diff.type === "annotation" || diff.type === "deprecated") continue;
      else if (diff.type === "breaking") judged = { breaking: true, kind: "breaking change" };
      else judged = { breaking: false, kind: diff.action === "add" ? "addition" : "other" };
    }
    const description = describe(diff, docs);
    const value = diff.action === "remove" ? diff.before : diff.after;
    const scalar = typeof value === "string" || typeof value === "number" || typeof value === "boolean";
    const enumEntry = keyword?.keyword === "enum" && last(diff.path, 2) === "enum" && scalar;
    // A bound or other scalar keyword: say from what to what (`maxLength` 50 → 20).
    const shown = (v: unknown) => (v === undefined ? "none" : JSON.stringify(v));
    const values =
      keyword &&
      !enumEntry &&
      keyword.keyword !== "required" &&
      [diff.before, diff.after].every((v) => typeof v !== "object")
        ? ` (${keyword.keyword} ${shown(diff.before)} → ${shown(diff.after)})`
        : "";
    changes.push({
      ...judged,
      path: [...diff.path],
      description:
        (enumEntry
          ? `${JSON.stringify(value)} ${diff.action === "remove" ? "from" : "in"} ${description}`
          : description) + values,
    });
  }
  return changes.sort((a, b) => Number(b.breaking) - Number(a.breaking));
}
