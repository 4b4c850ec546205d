// The breaking-change policy of the contracts:check gate. api-smart-diff compares two OpenAPI descriptions
// (references resolved into each operation) and classifies each change; this module keeps what matters to
// consumers and is stricter where the platform's consumers (the gateway, generated clients) are: removing any
// property or enum value, changing a type, or dropping a security requirement is breaking even where the
// library calls it safe for a response. Pure: documents in, changes out.
import { apiCompare, type Diff } from "api-smart-diff";

export type ChangeKind =
  | "removed path"
  | "removed operation"
  | "removed response"
  | "removed property"
  | "removed enum value"
  | "removed parameter"
  | "property made required"
  | "parameter made required"
  | "narrowed type"
  | "added enum value in a response"
  | "removed security requirement"
  | "breaking change";

export interface Change {
  /** Breaking, or an allowed change (additions, relaxations, documentation). */
  breaking: boolean;
  kind: ChangeKind | "addition" | "other";
  /** JSON path in the description, e.g. ["paths", "/api/webhooks", "post", "responses", "200", ...]. */
  path: (string | number)[];
  /** What changed, in words: `property \`noteId\` in Response 200 content (application/json)`. */
  description: string;
}

const VALIDATION_KEYWORDS = new Set([
  "type",
  "format",
  "maxLength",
  "minLength",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "multipleOf",
  "nullable",
  "additionalProperties",
]);

const last = (path: readonly (string | number)[], n = 1) => path[path.length - n];

/** The stricter kinds of the platform's policy, by the shape of the change. */
function kindOf(diff: Diff): ChangeKind | undefined {
  const { path, action } = diff;
  const key = last(path);
  const parent = last(path, 2);
  if (action === "remove") {
    if (path[0] === "paths" && path.length === 2) return "removed path";
    if (path[0] === "paths" && path.length === 3) return "removed operation";
    if (parent === "responses") return "removed response";
    if (parent === "properties") return "removed property";
    if (parent === "enum" || key === "enum") return "removed enum value";
    if (parent === "parameters") return "removed parameter";
    if (path.includes("security")) return "removed security requirement";
  }
  if (action === "add" && (parent === "required" || key === "required")) {
    return path.includes("parameters") && !path.includes("schema")
      ? "parameter made required"
      : "property made required";
  }
  if (action === "replace" && path.includes("security")) return "removed security requirement";
  if (action === "add" && (parent === "enum" || key === "enum") && path.includes("responses"))
    return "added enum value in a response";
  if (typeof key === "string" && VALIDATION_KEYWORDS.has(key) && (action !== "remove" || diff.type === "breaking"))
    return "narrowed type";
  return undefined;
}

/** Only what consumers see: operations, top-level security and security schemes (components are reached through operations). */
function isConsumerFacing(path: readonly (string | number)[]): boolean {
  if (path[0] === "components") return path[1] === "securitySchemes";
  return path[0] === "paths" || path[0] === "security" || path[0] === "servers";
}

/** Where in an operation a path points: `Response 200`, `Request Body`, `parameters`. */
function partOf(path: readonly (string | number)[]): string {
  const responses = path.indexOf("responses");
  if (responses >= 0 && path[responses + 1] !== undefined) return `Response ${path[responses + 1]}`;
  if (path.includes("requestBody")) return "Request Body";
  return path.includes("parameters") ? "parameters" : String(path[0]);
}

function describe(diff: Diff, kind: ChangeKind | undefined): string {
  // api-smart-diff words repeated occurrences of one $ref as "annotation (<key>)"; say it ourselves there.
  const raw = diff.description?.replace(/^\[(Added|Removed|Replaced)\] /, "");
  const named = diff.path.includes("properties") ? diff.path[diff.path.lastIndexOf("properties") + 1] : undefined;
  const text =
    raw && !raw.startsWith("annotation (")
      ? raw
      : named !== undefined
        ? `property \`${String(named)}\` in ${partOf(diff.path)}`
        : diff.path.join(".");
  const value = diff.before as unknown;
  const scalar = typeof value === "string" || typeof value === "number" || typeof value === "boolean";
  return kind === "removed enum value" && scalar ? `${JSON.stringify(value)} from ${text}` : text;
}

/** Every consumer-facing change from `before` to `after`, breaking ones first. */
export function compareDescriptions(before: unknown, after: unknown): Change[] {
  const { diffs } = apiCompare(before, after);
  const changes: Change[] = [];
  for (const diff of diffs) {
    if (!isConsumerFacing(diff.path) || diff.type === "annotation") continue;
    const strict = kindOf(diff);
    // Relaxations the library rightly calls safe stay allowed: a validator removed, a requirement dropped.
    const relaxes = strict === "narrowed type" && diff.type === "non-breaking" && diff.action !== "replace";
    const breaking = diff.type === "breaking" || (strict !== undefined && !relaxes);
    changes.push({
      breaking,
      kind: breaking ? (strict ?? "breaking change") : diff.action === "add" ? "addition" : "other",
      path: [...diff.path],
      description: describe(diff, breaking ? strict : undefined),
    });
  }
  return changes.sort((a, b) => Number(b.breaking) - Number(a.breaking));
}
