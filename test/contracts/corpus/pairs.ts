// The breaking-change corpus: description pairs written for this repository, each a change to the base widgets
// description (base-description.ts) with the verdict the gate's policy table gives it (contracts/README.md,
// "Policy"). `breaking` is the expected verdict; `topic` groups the pairs by what they test: the kinds the gate
// promises to catch, and five classes of false alarm a naive gate raises (inherited parameters, relaxed limits,
// required lists, nullability, a pattern removed from a shared schema).
import { baseDescription } from "./base-description.js";

type Json = Record<string, any>;

type Topic =
  | "promised"
  | "inherited parameters"
  | "relaxed limits"
  | "required lists"
  | "nullability"
  | "shared pattern"
  | "documentation and additions";

export interface CorpusPair {
  name: string;
  topic: Topic;
  breaking: boolean;
  /** Applied to the base to make the "before" description (default: the base itself). */
  before?: (doc: Json) => void;
  /** Applied to a copy of "before" to make the "after" description. */
  after: (doc: Json) => void;
}

const schema = (doc: Json, name: string): Json => doc.components.schemas[name];
const prop = (doc: Json, name: string, property: string): Json => {
  const s = schema(doc, name);
  const own = s.properties?.[property];
  if (own) return own;
  // allOf schemas: the member that declares it.
  return s.allOf.find((m: Json) => m.properties?.[property]).properties[property];
};
const widgetOwn = (doc: Json): Json => schema(doc, "Widget").allOf[1];
const param = (doc: Json, name: string): Json => doc.components.parameters[name];
/** The path item's own declaration of `widgetId` (GET /widgets/{widgetId} re-declares it). */
const pathParameter = (doc: Json): Json => doc.paths["/widgets/{widgetId}"].parameters[0];
const op = (doc: Json, path: string, method: string): Json => doc.paths[path][method];

export const PAIRS: CorpusPair[] = [
  // ── What the gate promises to catch ──────────────────────────────────────────────────────────────────────────
  { name: "a path removed", topic: "promised", breaking: true, after: (d) => delete d.paths["/widgets/{widgetId}"] },
  {
    name: "an operation removed",
    topic: "promised",
    breaking: true,
    after: (d) => delete d.paths["/widgets/{widgetId}"].delete,
  },
  {
    name: "a response removed",
    topic: "promised",
    breaking: true,
    after: (d) => delete op(d, "/widgets/{widgetId}", "get").responses["404"],
  },
  {
    name: "a response property removed",
    topic: "promised",
    breaking: true,
    after: (d) => delete widgetOwn(d).properties.summary,
  },
  {
    name: "a request property removed",
    topic: "promised",
    breaking: true,
    after: (d) => delete schema(d, "WidgetUpdate").properties.reason,
  },
  {
    name: "an enum value removed from a shared enum",
    topic: "promised",
    breaking: true,
    after: (d) => schema(d, "Colour").enum.pop(),
  },
  {
    name: "an enum value added to a response enum",
    topic: "promised",
    breaking: true,
    after: (d) => widgetOwn(d).properties.status.enum.push("archived"),
  },
  {
    name: "a query parameter made required",
    topic: "promised",
    breaking: true,
    after: (d) => (param(d, "Skip").required = true),
  },
  {
    name: "a required query parameter added",
    topic: "promised",
    breaking: true,
    after: (d) =>
      op(d, "/widgets", "get").parameters.push({
        name: "owner",
        in: "query",
        required: true,
        schema: { type: "string" },
      }),
  },
  {
    name: "a required header added on the path item",
    topic: "promised",
    breaking: true,
    after: (d) =>
      d.paths["/widgets/{widgetId}"].parameters.push({
        name: "x-tenant",
        in: "header",
        required: true,
        schema: { type: "string" },
      }),
  },
  {
    name: "a query parameter removed",
    topic: "promised",
    breaking: true,
    after: (d) => op(d, "/widgets", "get").parameters.splice(1, 1),
  },
  {
    name: "a request body made required",
    topic: "promised",
    breaking: true,
    after: (d) => (op(d, "/widgets/{widgetId}", "patch").requestBody.required = true),
  },
  {
    name: "a type changed on a shared property",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetBase", "size").type = "string"),
  },
  {
    name: "a format widened on a shared property (int32 to int64: responses may exceed what clients hold)",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetBase", "size").format = "int64"),
  },
  {
    name: "a security alternative removed",
    topic: "promised",
    breaking: true,
    after: (d) => d.security.pop(),
  },
  {
    name: "a request maxLength lowered",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetUpdate", "name").maxLength = 20),
  },
  {
    name: "a query parameter minimum raised",
    topic: "promised",
    breaking: true,
    after: (d) => (param(d, "Skip").schema.minimum = 1),
  },
  {
    name: "a query parameter maximum made exclusive",
    topic: "promised",
    breaking: true,
    after: (d) => (param(d, "Top").schema.exclusiveMaximum = true),
  },
  {
    name: "a request array maxItems lowered",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetCreate", "labels").maxItems = 5),
  },
  {
    name: "a request array made uniqueItems",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetCreate", "labels").uniqueItems = true),
  },
  {
    name: "a pattern added to a request property",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetUpdate", "reason").pattern = "^[a-z ]+$"),
  },
  {
    name: "a path parameter's pattern changed",
    topic: "promised",
    breaking: true,
    after: (d) => (pathParameter(d).schema.pattern = "^[a-z]+$"),
  },
  {
    name: "a response maxLength raised",
    topic: "promised",
    breaking: true,
    after: (d) => (widgetOwn(d).properties.summary.maxLength = 500),
  },
  {
    name: "a shared minimum lowered (responses may now hold 0)",
    topic: "promised",
    breaking: true,
    after: (d) => (prop(d, "WidgetBase", "size").minimum = 0),
  },
  {
    name: "a response media type removed",
    topic: "promised",
    breaking: true,
    after: (d) => {
      const content = op(d, "/widgets", "get").responses["200"].content;
      content["application/xml"] = content["application/json"];
      delete content["application/json"];
    },
  },
  {
    name: "a response array property removed (on operations with path-item parameters)",
    topic: "inherited parameters",
    breaking: true,
    after: (d) => delete widgetOwn(d).properties.tags,
  },

  // ── Required lists, by direction and existence ──────────────────────────────────────────────────────────────
  {
    name: "a request property made required",
    topic: "required lists",
    breaking: true,
    after: (d) => (schema(d, "WidgetUpdate").required = ["colour"]),
  },
  {
    name: "a response property no longer required",
    topic: "required lists",
    breaking: true,
    after: (d) => (widgetOwn(d).required = ["id"]),
  },
  {
    name: "a response property made required (a guarantee to clients)",
    topic: "required lists",
    breaking: false,
    after: (d) => widgetOwn(d).required.push("summary"),
  },
  {
    name: "a request property no longer required",
    topic: "required lists",
    breaking: false,
    before: (d) => (schema(d, "WidgetUpdate").required = ["reason"]),
    after: (d) => delete schema(d, "WidgetUpdate").required,
  },
  {
    name: "a required name that is no property, in a request schema (a contract error, not a break)",
    topic: "required lists",
    breaking: false,
    after: (d) => (schema(d, "WidgetUpdate").required = ["reasn"]),
  },
  {
    name: "a required name that is no property, in a response schema (a contract error, not a break)",
    topic: "required lists",
    breaking: false,
    after: (d) => widgetOwn(d).required.push("ghost"),
  },

  // ── Nullability, both ways ──────────────────────────────────────────────────────────────────────────────────
  {
    name: "a request property no longer nullable",
    topic: "nullability",
    breaking: true,
    after: (d) => delete prop(d, "WidgetUpdate", "name").nullable,
  },
  {
    name: "a response property made nullable",
    topic: "nullability",
    breaking: true,
    after: (d) => (widgetOwn(d).properties.summary.nullable = true),
  },
  {
    name: "a request property made nullable",
    topic: "nullability",
    breaking: false,
    after: (d) => (schema(d, "WidgetUpdate").properties.reason.nullable = true),
  },
  {
    name: "a response property no longer nullable",
    topic: "nullability",
    breaking: false,
    after: (d) => delete widgetOwn(d).properties.retiredAt.nullable,
  },

  // ── Inherited (path-item) parameters and equivalent descriptions ─────────────────────────────────────────────
  { name: "the same description (self-comparison)", topic: "inherited parameters", breaking: false, after: () => {} },
  {
    name: "a path-item header made optional",
    topic: "inherited parameters",
    breaking: false,
    before: (d) => (param(d, "RequestId").required = true),
    after: (d) => (param(d, "RequestId").required = false),
  },
  {
    name: "an operation on a path with path-item parameters marked deprecated",
    topic: "inherited parameters",
    breaking: false,
    after: (d) => (op(d, "/widgets/{widgetId}", "delete").deprecated = true),
  },
  {
    name: "an operationId renamed",
    topic: "inherited parameters",
    breaking: false,
    after: (d) => (op(d, "/widgets/{widgetId}", "get").operationId = "Widgets_read"),
  },
  {
    name: "a tag added",
    topic: "inherited parameters",
    breaking: false,
    after: (d) => (op(d, "/widgets/{widgetId}", "patch").tags = ["widgets"]),
  },
  {
    name: "path-item parameters moved onto each operation",
    topic: "inherited parameters",
    breaking: false,
    after: (d) => {
      const item = d.paths["/widgets/{widgetId}"];
      for (const method of ["get", "patch", "delete"]) {
        const own = (item[method].parameters ?? []) as Json[];
        const inherited = (item.parameters as Json[]).filter(
          (p) => !own.some((o) => o.name === p.name || (p.$ref && p.$ref.endsWith(o.name))),
        );
        item[method].parameters = [...inherited, ...own];
      }
      delete item.parameters;
    },
  },
  {
    name: "a $ref'd parameter written inline",
    topic: "inherited parameters",
    breaking: false,
    after: (d) => (op(d, "/widgets", "get").parameters[0] = structuredClone(param(d, "Skip"))),
  },
  {
    name: "a property moved between the members of an allOf",
    topic: "inherited parameters",
    breaking: false,
    after: (d) => {
      const moved = prop(d, "WidgetCreate", "labels");
      delete schema(d, "WidgetCreate").allOf[1].properties.labels;
      schema(d, "WidgetCreate").allOf.push({ type: "object", properties: { labels: moved } });
    },
  },

  // ── Relaxed limits on requests ─────────────────────────────────────────────────────────────────────────────
  {
    name: "a request maxLength raised",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (prop(d, "WidgetUpdate", "name").maxLength = 100),
  },
  {
    name: "a request minLength lowered",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (prop(d, "WidgetUpdate", "name").minLength = 0),
  },
  {
    name: "a request maxLength removed",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => delete prop(d, "WidgetUpdate", "name").maxLength,
  },
  {
    name: "a query parameter minimum lowered",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (param(d, "Top").schema.minimum = 0),
  },
  {
    name: "a query parameter maximum raised",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (param(d, "Top").schema.maximum = 200),
  },
  {
    name: "a query parameter maximum no longer exclusive",
    topic: "relaxed limits",
    breaking: false,
    before: (d) => (param(d, "Top").schema.exclusiveMaximum = true),
    after: (d) => delete param(d, "Top").schema.exclusiveMaximum,
  },
  {
    name: "a request minItems lowered",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (prop(d, "WidgetCreate", "labels").minItems = 0),
  },
  {
    name: "a request maxItems raised",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (prop(d, "WidgetCreate", "labels").maxItems = 50),
  },
  {
    name: "a path parameter's pattern removed",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => delete pathParameter(d).schema.pattern,
  },
  {
    name: "a query parameter made optional",
    topic: "relaxed limits",
    breaking: false,
    before: (d) => (param(d, "Skip").required = true),
    after: (d) => (param(d, "Skip").required = false),
  },
  {
    name: "an enum value added to a request-only enum",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => op(d, "/widgets", "get").parameters[2].schema.enum.push("created"),
  },
  {
    name: "a response maxLength lowered (responses promise more)",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (widgetOwn(d).properties.summary.maxLength = 100),
  },
  {
    name: "a response minimum raised (responses promise more)",
    topic: "relaxed limits",
    breaking: false,
    after: (d) => (widgetOwn(d).properties.revision.minimum = 1),
  },

  // ── A pattern removed from a schema used by requests and responses ──────────────────────────────────────────
  {
    name: "a pattern removed from a shared property",
    topic: "shared pattern",
    breaking: false,
    after: (d) => delete prop(d, "WidgetBase", "name").pattern,
  },

  // ── Documentation and additions ─────────────────────────────────────────────────────────────────────────────
  {
    name: "descriptions and an example changed",
    topic: "documentation and additions",
    breaking: false,
    after: (d) => {
      op(d, "/widgets", "get").description = "Lists widgets.";
      prop(d, "WidgetBase", "note").example = "fragile";
    },
  },
  {
    name: "an optional request property added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) => (schema(d, "WidgetUpdate").properties.sizeHint = { type: "integer", format: "int32" }),
  },
  {
    name: "a response property added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) => (widgetOwn(d).properties.createdAt = { type: "string", format: "date-time" }),
  },
  {
    name: "an operation added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) =>
      (d.paths["/widgets/{widgetId}"].put = {
        operationId: "Widgets_replace",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/WidgetCreate" } } } },
        responses: { "200": { description: "Replaced." } },
      }),
  },
  {
    name: "a path added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) =>
      (d.paths["/colours"] = {
        get: { operationId: "Colours_list", responses: { "200": { description: "The colours." } } },
      }),
  },
  {
    name: "a response status added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) => (op(d, "/widgets", "post").responses["409"] = { $ref: "#/components/responses/BadRequest" }),
  },
  {
    name: "an optional header parameter added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) =>
      (op(d, "/widgets", "post").parameters = [
        { name: "x-forward-tenant-origin", in: "header", required: false, schema: { type: "string" } },
      ]),
  },
  {
    name: "an optional response header added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) =>
      (op(d, "/widgets", "post").responses["201"].headers = {
        Location: { required: false, schema: { type: "string" } },
      }),
  },
  {
    name: "a security alternative added",
    topic: "documentation and additions",
    breaking: false,
    after: (d) => d.security.push({ oauth: ["widgets.admin"] }),
  },
];

/** The pair's two descriptions. */
export function descriptionsOf(pair: CorpusPair): { before: Json; after: Json } {
  const before = baseDescription();
  pair.before?.(before);
  const after = structuredClone(before);
  pair.after(after);
  return { before, after };
}
