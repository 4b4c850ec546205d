// Evaluates a parsed `$filter` against one document, with the service's null semantics (reference §8, CMP):
// `x eq null` is true only for null; `x ne 'v'` is true when x is null; a null field under a range operator
// is false. String comparisons are case-sensitive (ordinal).
import type { ComparisonOp, FilterNode, Literal } from "./filter.js";

export type IsMatch = (search: string, fieldNames: string[] | null, document: Record<string, unknown>) => boolean;

export function evaluateFilter(node: FilterNode, document: Record<string, unknown>, isMatch: IsMatch): boolean {
  switch (node.kind) {
    case "and":
      return evaluateFilter(node.left, document, isMatch) && evaluateFilter(node.right, document, isMatch);
    case "or":
      return evaluateFilter(node.left, document, isMatch) || evaluateFilter(node.right, document, isMatch);
    case "not":
      return !evaluateFilter(node.operand, document, isMatch);
    case "constant":
      return node.value;
    case "boolField":
      return document[node.field.name] === true;
    case "in": {
      const value = document[node.field.name];
      return typeof value === "string" && node.values.has(value);
    }
    case "ismatch":
      return isMatch(node.search, node.fields?.map((f) => f.name) ?? null, document);
    case "compare":
      return compare(node.op, document[node.field.name], node.value);
  }
}

function compare(op: ComparisonOp, raw: unknown, literal: Literal): boolean {
  const isNull = raw === null || raw === undefined;
  if (literal.type === "null") return op === "eq" ? isNull : !isNull;
  if (isNull) return op === "ne";
  let left: number | string | boolean;
  let right: number | string | boolean;
  if (literal.type === "date") {
    left = Date.parse(String(raw));
    right = literal.value;
  } else {
    left = raw as number | string | boolean;
    right = literal.value;
  }
  switch (op) {
    case "eq":
      return left === right;
    case "ne":
      return left !== right;
    case "gt":
      return left > right;
    case "lt":
      return left < right;
    case "ge":
      return left >= right;
    case "le":
      return left <= right;
  }
}
