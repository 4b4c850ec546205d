// Where a change is: which operation, schema and property a description path points at (following $refs),
// and where that is declared in the TypeSpec sources of the freshly compiled contract.
import path from "node:path";
import {
  getNamespaceFullName,
  getSourceLocation,
  navigateProgram,
  type Model,
  type Operation,
  type Program,
} from "@typespec/compiler";

export interface Subject {
  /** `POST /api/webhooks` */
  operation?: string;
  operationId?: string;
  /** Component name, e.g. `WebhookResponse`, `Platform.BadRequest`, or the model of a header parameter. */
  schema?: string;
  property?: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null;

function resolveRef(doc: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>(
      (node, key) => (isObject(node) ? node[key.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined),
      doc,
    );
}

/** Walks `doc` along `jsonPath`, following $refs, and names what it passes through. */
function subjectOf(doc: unknown, jsonPath: readonly (string | number)[]): Subject {
  const subject: Subject = {};
  if (!isObject(doc)) return subject;
  let node: unknown = doc;
  for (let i = 0; i < jsonPath.length; i++) {
    while (isObject(node) && typeof node.$ref === "string") {
      const ref = node.$ref;
      const param = /^#\/components\/parameters\/(.+)\.([^.]+)$/.exec(ref);
      if (param) [subject.schema, subject.property] = [param[1], param[2]];
      else {
        const schema = /^#\/components\/schemas\/(.+)$/.exec(ref);
        if (schema) [subject.schema, subject.property] = [schema[1], undefined];
      }
      node = resolveRef(doc, ref);
    }
    const key = jsonPath[i]!;
    if (i === 2 && jsonPath[0] === "paths") {
      subject.operation = `${String(key).toUpperCase()} ${String(jsonPath[1])}`;
      const op = isObject(node) ? node[key] : undefined;
      if (isObject(op) && typeof op.operationId === "string") subject.operationId = op.operationId;
    }
    if (jsonPath[i - 1] === "properties" && subject.schema) subject.property = String(key);
    if (!isObject(node) && !Array.isArray(node)) break;
    node = (node as Json)[key as string];
    if (node === undefined) break;
  }
  return subject;
}

/** The subject named in either description (the removed side names what is gone). */
export function subjectIn(after: unknown, before: unknown, jsonPath: readonly (string | number)[]): Subject {
  const a = subjectOf(after, jsonPath);
  const b = subjectOf(before, jsonPath);
  return {
    operation: a.operation ?? b.operation,
    operationId: a.operationId ?? b.operationId,
    schema: b.schema ?? a.schema,
    property: b.property ?? a.property,
  };
}

/** `file:line:column` of TypeSpec declarations, looked up by the names the OpenAPI emitter gives them. */
export class SourceIndex {
  private readonly models = new Map<string, Model>();
  private readonly operations = new Map<string, Operation>();

  constructor(
    program: Program,
    private readonly relativeTo: string,
  ) {
    navigateProgram(program, {
      model: (m) => {
        if (!m.name || !m.namespace) return;
        const ns = getNamespaceFullName(m.namespace);
        if (ns.startsWith("TypeSpec")) return;
        this.models.set(`${ns}.${m.name}`, m);
        if (!this.models.has(m.name)) this.models.set(m.name, m);
      },
      operation: (op) => {
        const id = op.interface ? `${op.interface.name}_${op.name}` : op.name;
        if (!this.operations.has(id)) this.operations.set(id, op);
      },
    });
  }

  private where(node: Parameters<typeof getSourceLocation>[0] | undefined): string | undefined {
    if (!node) return undefined;
    const location = getSourceLocation(node);
    if (!location?.file || location.isSynthetic) return undefined;
    const { line, character } = location.file.getLineAndCharacterOfPosition(location.pos);
    return `${path.relative(this.relativeTo, location.file.path)}:${line + 1}:${character + 1}`;
  }

  private model(schema: string): Model | undefined {
    return this.models.get(schema) ?? [...this.models.entries()].find(([name]) => name.endsWith(`.${schema}`))?.[1];
  }

  /** The declaration the subject is about: the property if it still exists, else its model, else the operation. */
  locate(subject: Subject): string | undefined {
    const model = subject.schema ? this.model(subject.schema) : undefined;
    const property = subject.property ? model?.properties.get(subject.property) : undefined;
    if (property) return this.where(property);
    if (model) return this.where(model);
    const op = subject.operationId ? this.operations.get(subject.operationId) : undefined;
    return op ? this.where(op) : undefined;
  }
}
