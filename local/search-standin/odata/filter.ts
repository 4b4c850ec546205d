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

/** Parses `text` against `schema`; throws ODataError (a 400) naming what is wrong. */
export function parseFilter(text: string, schema: IndexSchema): FilterNode {
  return new FilterParser(text, schema).parse();
}

const isWord = (token: Token, word: string) => token.kind === "identifier" && token.text === word;

/** The value of a literal token (null, true/false, a string, number or date), undefined for anything else. */
function literalOf(token: Token): Literal | undefined {
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
}

/**
 * A recursive-descent parser, one method per production of the service's filter grammar:
 *   or := and ("or" and)*;  and := unary ("and" unary)*;  unary := "not" unary | primary;
 *   primary := "(" or ")" | function | operand (op operand)?
 */
class FilterParser {
  private readonly tokens: Token[];
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly schema: IndexSchema,
  ) {
    this.tokens = tokenize(text);
  }

  parse(): FilterNode {
    const tree = this.orExpr();
    if (this.peek().kind !== "end") this.syntaxError(this.peek());
    return tree;
  }

  private peek(): Token {
    return this.tokens[this.i]!;
  }

  private next(): Token {
    const token = this.tokens[this.i]!;
    if (token.kind !== "end") this.i += 1;
    return token;
  }

  private syntaxError(token: Token): never {
    throw new ODataError(`Syntax error at position ${token.pos} in '${this.text}'.`);
  }

  private expectPunct(p: "(" | ")" | ","): void {
    const t = this.next();
    if (t.kind !== "punct" || t.text !== p) this.syntaxError(t);
  }

  field = (name: string, pos: number): FieldInfo => {
    const info = this.schema.fields.get(name);
    if (!info) throw new ODataError(`Could not find a property named '${name}' on type 'search.document'.`);
    if (!info.filterable) {
      throw new ODataError(
        `The field '${name}' is not filterable. Only filterable fields can be used in filter expressions (position ${pos}).`,
      );
    }
    return info;
  };

  private orExpr(): FilterNode {
    let left = this.andExpr();
    while (isWord(this.peek(), "or")) {
      this.next();
      left = { kind: "or", left, right: this.andExpr() };
    }
    return left;
  }

  private andExpr(): FilterNode {
    let left = this.unary();
    while (isWord(this.peek(), "and")) {
      this.next();
      left = { kind: "and", left, right: this.unary() };
    }
    return left;
  }

  private unary(): FilterNode {
    if (isWord(this.peek(), "not")) {
      this.next();
      return { kind: "not", operand: this.unary() };
    }
    return this.comparisonOrPrimary();
  }

  /** primary := "(" or ")" | function | operand (op operand)? */
  private comparisonOrPrimary(): FilterNode {
    const start = this.peek();
    if (start.kind === "end") return this.syntaxError(start);
    if (start.kind === "punct" && start.text === "(") return this.parenthesised();
    const following = this.tokens[this.i + 1];
    if (start.kind === "identifier" && following?.kind === "punct" && following.text === "(") {
      this.next();
      return this.functionCall(start.text, start.pos);
    }
    const leftToken = this.next();
    const opToken = this.peek();
    if (opToken.kind === "identifier" && COMPARISON.has(opToken.text)) {
      this.next();
      const rightToken = this.next();
      return this.comparison(leftToken, opToken.text as ComparisonOp, rightToken);
    }
    return this.booleanOperand(leftToken);
  }

  private parenthesised(): FilterNode {
    this.next();
    const inner = this.orExpr();
    this.expectPunct(")");
    return inner;
  }

  /** An operand standing alone: true/false, or a boolean field. */
  private booleanOperand(leftToken: Token): FilterNode {
    const after = this.peek();
    const continues =
      after.kind === "end" ||
      (after.kind === "punct" && after.text !== "(") ||
      isWord(after, "and") ||
      isWord(after, "or");
    if (!continues) this.syntaxError(after);
    const literal = literalOf(leftToken);
    if (literal?.type === "boolean") return { kind: "constant", value: literal.value };
    if (leftToken.kind === "identifier" && !literal) {
      const info = this.field(leftToken.text, leftToken.pos);
      if (info.type !== "Edm.Boolean")
        throw new ODataError(
          `The expression '${leftToken.text}' is not a boolean expression; a filter must evaluate to a boolean value.`,
        );
      return { kind: "boolField", field: info };
    }
    return this.syntaxError(leftToken);
  }

  private comparison(leftToken: Token, op: ComparisonOp, rightToken: Token): FilterNode {
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
    const info = this.field((fieldToken as { text: string }).text, fieldToken.pos);
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

  private stringArg(): string {
    const t = this.next();
    if (t.kind !== "string") this.syntaxError(t);
    return (t as { value: string }).value;
  }

  private functionCall(name: string, pos: number): FilterNode {
    if (!SERVICE_FUNCTIONS.has(name)) {
      throw new ODataError(
        `Function '${name}' at position ${pos} is not supported. The filter language has only geo.distance, geo.intersects, search.in, search.ismatch and search.ismatchscoring.`,
      );
    }
    this.expectPunct("(");
    if (name === "search.in") return this.searchIn();
    if (name === "search.ismatch" || name === "search.ismatchscoring") return this.isMatch(name);
    throw new ODataError(
      `Function '${name}' is not emulated by the local stand-in (this index has no geography fields).`,
    );
  }

  private nextIsComma(): boolean {
    const t = this.peek();
    return t.kind === "punct" && t.text === ",";
  }

  /** search.in(field, 'list'[, 'delimiters']), after the "(". */
  private searchIn(): FilterNode {
    const fieldToken = this.next();
    if (fieldToken.kind !== "identifier") this.syntaxError(fieldToken);
    const info = this.field((fieldToken as { text: string }).text, fieldToken.pos);
    if (info.type !== "Edm.String")
      throw new ODataError(
        `search.in is only supported for fields of type Edm.String; '${info.name}' is '${info.type}'.`,
      );
    this.expectPunct(",");
    const list = this.stringArg();
    let delimiters = " ,";
    if (this.nextIsComma()) {
      this.next();
      delimiters = this.stringArg();
    }
    this.expectPunct(")");
    return { kind: "in", field: info, values: new Set(splitOn(list, delimiters)) };
  }

  /** search.ismatch[scoring]('search'[, 'fields'[, …]]), after the "(". */
  private isMatch(name: "search.ismatch" | "search.ismatchscoring"): FilterNode {
    const search = this.stringArg();
    let fields: FieldInfo[] | null = null;
    while (this.nextIsComma()) {
      this.next();
      const arg = this.stringArg();
      if (fields === null) fields = arg.split(",").map((f) => this.searchableField(f.trim()));
    }
    this.expectPunct(")");
    return { kind: "ismatch", search, fields, scoring: name === "search.ismatchscoring" };
  }

  private searchableField(name: string): FieldInfo {
    const info = this.schema.fields.get(name);
    if (!info) throw new ODataError(`Could not find a property named '${name}' on type 'search.document'.`);
    if (!info.searchable) throw new ODataError(`The field '${name}' in search.ismatch is not searchable.`);
    return info;
  }
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
