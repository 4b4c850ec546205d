// `$filter` as the service parses it for a flat schema (docs/local-standin.md, Sources §8; CMP,
// ODATA, IN): eq ne gt lt ge le, and or not, parentheses, null, string/number/boolean/date literals,
// search.in and search.ismatch. Parsing checks the expression against the index schema, so a bad filter is
// a 400 before any document is read. Messages follow the service's style ("Invalid expression: ...
// Parameter name: $filter"); the wording for unsupported functions and type mismatches is the stand-in's own.
import type { FieldInfo, IndexSchema } from "../documents/schema.js";
import { ODataError, tokenize, type Token } from "./lexer.js";

export type Literal =
  | { type: "null" }
  | { type: "string"; value: string }
  | { type: "number"; value: number }
  | { type: "boolean"; value: boolean }
  | { type: "date"; value: number };

export type ComparisonOp = "eq" | "ne" | "gt" | "lt" | "ge" | "le";

export type FilterNode =
  | { kind: "compare"; op: ComparisonOp; field: FieldInfo; value: Literal }
  | { kind: "and" | "or"; left: FilterNode; right: FilterNode }
  | { kind: "not"; operand: FilterNode }
  | { kind: "constant"; value: boolean }
  | { kind: "boolField"; field: FieldInfo }
  | { kind: "in"; field: FieldInfo; values: Set<string> }
  | { kind: "ismatch"; search: string; fields: FieldInfo[] | null; scoring: boolean };

const COMPARISON = new Set(["eq", "ne", "gt", "lt", "ge", "le"]);
const FLIP: Record<ComparisonOp, ComparisonOp> = { eq: "eq", ne: "ne", gt: "lt", lt: "gt", ge: "le", le: "ge" };
/** Functions the service's filter grammar has (reference §8); anything else is a 400. */
const SERVICE_FUNCTIONS = new Set([
  "search.in",
  "search.ismatch",
  "search.ismatchscoring",
  "geo.distance",
  "geo.intersects",
]);

const NUMERIC = new Set(["Edm.Int32", "Edm.Int64", "Edm.Double", "Edm.Single", "Edm.Int16", "Edm.SByte", "Edm.Byte"]);

export function parseFilter(text: string, schema: IndexSchema): FilterNode {
  const tokens = tokenize(text);
  let i = 0;
  const peek = (): Token => tokens[i]!;
  const next = (): Token => {
    const token = tokens[i]!;
    if (token.kind !== "end") i += 1;
    return token;
  };
  const syntaxError = (token: Token): never => {
    throw new ODataError(`Syntax error at position ${token.pos} in '${text}'.`);
  };
  const isWord = (token: Token, word: string) => token.kind === "identifier" && token.text === word;
  const expectPunct = (p: "(" | ")" | ",") => {
    const t = next();
    if (t.kind !== "punct" || t.text !== p) syntaxError(t);
  };

  const field = (name: string, pos: number): FieldInfo => {
    const info = schema.fields.get(name);
    if (!info) throw new ODataError(`Could not find a property named '${name}' on type 'search.document'.`);
    if (!info.filterable) {
      throw new ODataError(
        `The field '${name}' is not filterable. Only filterable fields can be used in filter expressions (position ${pos}).`,
      );
    }
    return info;
  };

  const literalOf = (token: Token): Literal | undefined => {
    switch (token.kind) {
      case "string":
        return { type: "string", value: token.value };
      case "number":
        return { type: "number", value: token.value };
      case "date":
        return { type: "date", value: token.value };
      case "identifier":
        if (token.text === "null") return { type: "null" };
        if (token.text === "true" || token.text === "false") return { type: "boolean", value: token.text === "true" };
        return undefined;
      default:
        return undefined;
    }
  };

  function orExpr(): FilterNode {
    let left = andExpr();
    while (isWord(peek(), "or")) {
      next();
      left = { kind: "or", left, right: andExpr() };
    }
    return left;
  }

  function andExpr(): FilterNode {
    let left = unary();
    while (isWord(peek(), "and")) {
      next();
      left = { kind: "and", left, right: unary() };
    }
    return left;
  }

  function unary(): FilterNode {
    if (isWord(peek(), "not")) {
      next();
      return { kind: "not", operand: unary() };
    }
    return comparisonOrPrimary();
  }

  function comparisonOrPrimary(): FilterNode {
    const start = peek();
    if (start.kind === "end") return syntaxError(start);
    if (start.kind === "punct" && start.text === "(") {
      next();
      const inner = orExpr();
      expectPunct(")");
      return inner;
    }
    if (
      start.kind === "identifier" &&
      tokens[i + 1]?.kind === "punct" &&
      (tokens[i + 1] as { text: string }).text === "("
    ) {
      next();
      return functionCall(start.text, start.pos);
    }
    const leftToken = next();
    const opToken = peek();
    if (opToken.kind === "identifier" && COMPARISON.has(opToken.text)) {
      next();
      const rightToken = next();
      return comparison(leftToken, opToken.text as ComparisonOp, rightToken);
    }
    const after = peek();
    const continues =
      after.kind === "end" ||
      (after.kind === "punct" && after.text !== "(") ||
      isWord(after, "and") ||
      isWord(after, "or");
    if (!continues) syntaxError(after);
    const literal = literalOf(leftToken);
    if (literal?.type === "boolean") return { kind: "constant", value: literal.value };
    if (leftToken.kind === "identifier" && !literal) {
      const info = field(leftToken.text, leftToken.pos);
      if (info.type !== "Edm.Boolean")
        throw new ODataError(
          `The expression '${leftToken.text}' is not a boolean expression; a filter must evaluate to a boolean value.`,
        );
      return { kind: "boolField", field: info };
    }
    return syntaxError(leftToken);
  }

  function comparison(leftToken: Token, op: ComparisonOp, rightToken: Token): FilterNode {
    const leftLiteral = literalOf(leftToken);
    const rightLiteral = literalOf(rightToken);
    let fieldToken: Token;
    let value: Literal;
    if (leftToken.kind === "identifier" && !leftLiteral && rightLiteral) {
      fieldToken = leftToken;
      value = rightLiteral;
    } else if (rightToken.kind === "identifier" && !rightLiteral && leftLiteral) {
      fieldToken = rightToken;
      value = leftLiteral;
      op = FLIP[op];
    } else {
      throw new ODataError(
        `Comparisons must be between a field and a constant; found '${describe(leftToken)} ${op} ${describe(rightToken)}' at position ${leftToken.pos}.`,
      );
    }
    const info = field((fieldToken as { text: string }).text, fieldToken.pos);
    if (value.type === "null" && op !== "eq" && op !== "ne") {
      // CMP: range operators against the null constant are rejected (reference §8).
      throw new ODataError(
        `Comparison with null is only supported with the 'eq' and 'ne' operators; '${op} null' at position ${fieldToken.pos} is not allowed.`,
      );
    }
    if (info.type.startsWith("Collection(")) {
      throw new ODataError(
        `The field '${info.name}' is a collection; use any/all to filter it (not emulated by the local stand-in).`,
      );
    }
    if (value.type !== "null" && !compatible(info.type, value)) {
      throw new ODataError(
        `A binary operator with incompatible types was detected. Found operand types '${info.type}' and '${edmOf(value)}' for operator kind '${op}'.`,
      );
    }
    if (info.type === "Edm.Boolean" && op !== "eq" && op !== "ne") {
      throw new ODataError(`The operator '${op}' is not supported for the field '${info.name}' of type 'Edm.Boolean'.`);
    }
    return { kind: "compare", op, field: info, value };
  }

  function stringArg(): string {
    const t = next();
    if (t.kind !== "string") syntaxError(t);
    return (t as { value: string }).value;
  }

  function functionCall(name: string, pos: number): FilterNode {
    if (!SERVICE_FUNCTIONS.has(name)) {
      throw new ODataError(
        `Function '${name}' at position ${pos} is not supported. The filter language has only geo.distance, geo.intersects, search.in, search.ismatch and search.ismatchscoring.`,
      );
    }
    expectPunct("(");
    if (name === "search.in") {
      const fieldToken = next();
      if (fieldToken.kind !== "identifier") syntaxError(fieldToken);
      const info = field((fieldToken as { text: string }).text, fieldToken.pos);
      if (info.type !== "Edm.String")
        throw new ODataError(
          `search.in is only supported for fields of type Edm.String; '${info.name}' is '${info.type}'.`,
        );
      expectPunct(",");
      const list = stringArg();
      let delimiters = " ,";
      if (peek().kind === "punct" && (peek() as { text: string }).text === ",") {
        next();
        delimiters = stringArg();
      }
      expectPunct(")");
      const values = splitOn(list, delimiters);
      return { kind: "in", field: info, values: new Set(values) };
    }
    if (name === "search.ismatch" || name === "search.ismatchscoring") {
      const search = stringArg();
      let fields: FieldInfo[] | null = null;
      while (peek().kind === "punct" && (peek() as { text: string }).text === ",") {
        next();
        const arg = stringArg();
        if (fields === null) fields = arg.split(",").map((f) => searchableField(f.trim()));
      }
      expectPunct(")");
      return { kind: "ismatch", search, fields, scoring: name === "search.ismatchscoring" };
    }
    throw new ODataError(
      `Function '${name}' is not emulated by the local stand-in (this index has no geography fields).`,
    );
  }

  function searchableField(name: string): FieldInfo {
    const info = schema.fields.get(name);
    if (!info) throw new ODataError(`Could not find a property named '${name}' on type 'search.document'.`);
    if (!info.searchable) throw new ODataError(`The field '${name}' in search.ismatch is not searchable.`);
    return info;
  }

  const tree = orExpr();
  if (peek().kind !== "end") syntaxError(peek());
  return tree;
}

function splitOn(list: string, delimiters: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const ch of list) {
    if (delimiters.includes(ch)) {
      if (current !== "") out.push(current);
      current = "";
    } else current += ch;
  }
  if (current !== "") out.push(current);
  return out;
}

function describe(token: Token): string {
  switch (token.kind) {
    case "identifier":
      return token.text;
    case "string":
      return `'${token.value}'`;
    case "number":
    case "date":
      return token.text;
    case "punct":
      return token.text;
    default:
      return "<end>";
  }
}

function edmOf(value: Literal): string {
  return {
    null: "null",
    string: "Edm.String",
    number: "Edm.Double",
    boolean: "Edm.Boolean",
    date: "Edm.DateTimeOffset",
  }[value.type];
}

function compatible(type: string, value: Literal): boolean {
  if (type === "Edm.String") return value.type === "string";
  if (type === "Edm.Boolean") return value.type === "boolean";
  if (type === "Edm.DateTimeOffset") return value.type === "date";
  if (NUMERIC.has(type)) return value.type === "number";
  return false;
}
