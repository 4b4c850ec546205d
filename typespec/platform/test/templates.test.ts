// Each Platform template compiled through TypeSpec's own test host and emitted as OpenAPI: routes,
// verbs, default successes, default errors, positional parameters and body schemas as the spec's
// tables give them. One compile is shared by the whole file.
import { beforeAll, describe, expect, it } from "vitest";
import {
  OpenApiTester,
  preparePlatformLibrary,
  resolveParameters,
  statusCodes,
  type OpenApiDocument,
} from "./support/tester.js";

// A contract written only against the spec's tables.
const contract = `
@service(#{ title: "Widgets" })
@versioned(Versions)
@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)
namespace Widgets;

enum Versions { v1 }

@resource("widgets")
model Widget {
  @key("widgetId") @visibility(Lifecycle.Read) id: string;
  name: string;
  weight?: int32;
  @visibility(Lifecycle.Read) createdAt: utcDateTime;
}

enum WidgetStatus { Active, Retired }

model WidgetFilter {
  @query skip?: int32 = 0;
  @query take?: int32 = 20;
  @query status?: WidgetStatus;
}

model RenameRequest { name: string; }

interface WidgetOps {
  get is ResourceRead<Widget>;
  list is ResourceList<Widget, WidgetFilter>;
  create is ResourceCreate<Widget>;
  replace is ResourceCreateOrReplace<Widget>;
  update is ResourcePartialUpdate<Widget>;
  delete is ResourceDelete<Widget>;
  rename is ResourceAction<Widget, {}, RenameRequest>;
  touch is ResourceAction<Widget, {}, {}>;
  ping is ResourceAction<Widget>;
  rebuild is ResourceActionAsync<Widget>;
  recount is ResourceCollectionAction<Widget>;
  reindex is ResourceCollectionActionAsync<Widget>;
  preview is ResourceReadAction<Widget>;
  summary is ResourceCollectionReadAction<Widget>;
}

@resource("pages")
model Paged { @key("pageId") @visibility(Lifecycle.Read) id: string; }
interface PagedOps {
  list is ResourceList<Paged, {}, Platform.OkResponse<Page<Paged>>>;
  get is ResourceRead<Paged, {}, Platform.OkResponse<Paged>, Conflict | AuthErrors | ServerError>;
}

@route("/health") op health is ReadOperation<{}, Platform.OkResponse<{ ok: boolean }>>;
@route("/jobs") op startJob is ActionOperation<{}, RenameRequest, Accepted>;
@route("/imports") op importAll is CreateOperation<{}, RenameRequest>;
@route("/settings") op patchSettings is UpdateOperation<{}, RenameRequest>;
@route("/cache") op clearCache is DeleteOperation;
`;

let doc: OpenApiDocument;
const op = (path: string, verb: string) => {
  const found = doc.paths[path]?.[verb];
  if (!found) throw new Error(`${verb.toUpperCase()} ${path} not emitted; paths: ${Object.keys(doc.paths).join(", ")}`);
  return found;
};
const instanceErrors = ["400", "401", "403", "404", "5XX"];
const collectionErrors = ["400", "401", "403", "5XX"];
const body = (path: string, verb: string) => op(path, verb).requestBody?.content["application/json"]?.schema;
const success = (path: string, verb: string, code: string) =>
  op(path, verb).responses[code]?.content?.["application/json"]?.schema;

beforeAll(async () => {
  await preparePlatformLibrary();
  doc = await OpenApiTester.compile(contract);
}, 120_000);

describe("CRUD templates: route, verb, default success and default errors", () => {
  it.each([
    ["ResourceRead", "/widgets/{widgetId}", "get", ["200", ...instanceErrors]],
    ["ResourceList", "/widgets", "get", ["200", ...collectionErrors]],
    ["ResourceCreate", "/widgets", "post", ["201", ...collectionErrors]],
    ["ResourceCreateOrReplace", "/widgets/{widgetId}", "put", ["200", "201", ...instanceErrors]],
    ["ResourcePartialUpdate", "/widgets/{widgetId}", "patch", ["200", ...instanceErrors]],
    ["ResourceDelete", "/widgets/{widgetId}", "delete", ["204", ...collectionErrors]],
  ])("%s -> %s %s", (_template, path, verb, codes) => {
    expect(statusCodes(op(path, verb))).toEqual([...codes].sort());
  });

  it("takes the route from @resource and the @key name", () => {
    const params = resolveParameters(doc, op("/widgets/{widgetId}", "get"));
    expect(params).toContainEqual(expect.objectContaining({ name: "widgetId", in: "path", required: true }));
  });

  it("returns the resource in OkResponse / CreatedResponse and an array from ResourceList", () => {
    expect(success("/widgets/{widgetId}", "get", "200")).toEqual({ $ref: "#/components/schemas/Widget" });
    expect(success("/widgets", "post", "201")).toEqual({ $ref: "#/components/schemas/Widget" });
    expect(success("/widgets/{widgetId}", "put", "201")).toEqual({ $ref: "#/components/schemas/Widget" });
    expect(success("/widgets", "get", "200")).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Widget" },
    });
    expect(op("/widgets/{widgetId}", "delete").responses["204"]?.content).toBeUndefined();
  });

  it("ResourceCreate sends {Name}Create without read-only properties; PATCH sends {Name}Update, all optional", () => {
    expect(body("/widgets", "post")).toEqual({ $ref: "#/components/schemas/WidgetCreate" });
    const create = doc.components.schemas.WidgetCreate!;
    expect(Object.keys(create.properties ?? {}).sort()).toEqual(["name", "weight"]);
    expect(create.required).toEqual(["name"]);
    expect(body("/widgets/{widgetId}", "patch")).toEqual({ $ref: "#/components/schemas/WidgetUpdate" });
    const update = doc.components.schemas.WidgetUpdate!;
    expect(Object.keys(update.properties ?? {}).sort()).toEqual(["name", "weight"]);
    expect(update.required).toBeUndefined();
    expect(body("/widgets/{widgetId}", "put")).toEqual({ $ref: "#/components/schemas/Widget" });
  });

  it("marks server-owned properties readOnly in the resource schema", () => {
    const widget = doc.components.schemas.Widget!;
    expect(widget.properties?.id?.readOnly).toBe(true);
    expect(widget.properties?.createdAt?.readOnly).toBe(true);
    expect(widget.properties?.name?.readOnly).toBeUndefined();
  });
});

describe("action templates", () => {
  it.each([
    ["ResourceAction", "/widgets/{widgetId}/ping", "post", ["200", ...instanceErrors]],
    ["ResourceActionAsync", "/widgets/{widgetId}/rebuild", "post", ["202", ...instanceErrors]],
    ["ResourceCollectionAction", "/widgets/recount", "post", ["200", ...collectionErrors]],
    ["ResourceCollectionActionAsync", "/widgets/reindex", "post", ["202", ...collectionErrors]],
    ["ResourceReadAction", "/widgets/{widgetId}/preview", "get", ["200", ...instanceErrors]],
    ["ResourceCollectionReadAction", "/widgets/summary", "get", ["200", ...collectionErrors]],
  ])("%s -> %s %s", (_template, path, verb, codes) => {
    expect(statusCodes(op(path, verb))).toEqual([...codes].sort());
  });

  it("Body position: omitted = no body, {} = a real empty-object body, a model = that model", () => {
    expect(op("/widgets/{widgetId}/ping", "post").requestBody).toBeUndefined();
    expect(body("/widgets/{widgetId}/touch", "post")).toEqual({ type: "object" });
    expect(body("/widgets/{widgetId}/rename", "post")).toEqual({ $ref: "#/components/schemas/RenameRequest" });
  });

  it("async actions answer 202 without a body", () => {
    expect(op("/widgets/{widgetId}/rebuild", "post").responses["202"]?.content).toBeUndefined();
  });
});

describe("positional parameters", () => {
  it("Parameters adds query parameters (skip 0, take 20, enum status filter)", () => {
    const params = resolveParameters(doc, op("/widgets", "get"));
    expect(params.map((p) => [p.name, p.in, p.required ?? false])).toEqual([
      ["skip", "query", false],
      ["take", "query", false],
      ["status", "query", false],
    ]);
    expect(params[0]?.schema).toMatchObject({ type: "integer", format: "int32", default: 0 });
    expect(params[1]?.schema).toMatchObject({ default: 20 });
    expect(params[2]?.schema).toEqual({ $ref: "#/components/schemas/WidgetStatus" });
  });

  it("Response replaces the success: a page model with items, totalCount and optional continuationToken", () => {
    expect(success("/pages", "get", "200")).toEqual({ $ref: "#/components/schemas/PagedPage" });
    const page = doc.components.schemas.PagedPage!;
    expect(page.required).toEqual(["items", "totalCount"]);
    expect(page.properties?.items).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Paged" },
      description: expect.any(String),
    });
    expect(page.properties?.totalCount).toMatchObject({ type: "integer", format: "int32" });
    expect(page.properties?.continuationToken).toMatchObject({ type: "string" });
  });

  it("Error replaces the whole union (not additive)", () => {
    expect(statusCodes(op("/pages/{pageId}", "get"))).toEqual(["200", "401", "403", "409", "5XX"]);
  });
});

describe("unrouted primitives take the route the author gives them", () => {
  it.each([
    ["ReadOperation", "/health", "get", ["200", ...collectionErrors]],
    ["ActionOperation", "/jobs", "post", ["202", ...collectionErrors]],
    ["CreateOperation", "/imports", "post", ["201", ...collectionErrors]],
    ["UpdateOperation", "/settings", "patch", ["200", ...instanceErrors]],
    ["DeleteOperation", "/cache", "delete", ["204", ...collectionErrors]],
  ])("%s -> %s %s", (_template, path, verb, codes) => {
    expect(statusCodes(op(path, verb))).toEqual([...codes].sort());
  });
});

describe("errors are Problem Details as application/problem+json", () => {
  it("every error response of every operation", () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [verb, operation] of Object.entries(ops)) {
        for (const [code, response] of Object.entries(operation.responses)) {
          if (!/^[45]/.test(code)) continue;
          expect(Object.keys(response.content ?? {}), `${verb} ${path} ${code}`).toEqual(["application/problem+json"]);
          const ref = response.content!["application/problem+json"]!.schema.$ref!;
          const schema = doc.components.schemas[ref.replace("#/components/schemas/", "")]!;
          expect(schema.allOf, `${verb} ${path} ${code}`).toEqual([
            { $ref: "#/components/schemas/Platform.ProblemDetails" },
          ]);
        }
      }
    }
  });

  it("ProblemDetails has the RFC 7807 fields and the requestId, traceId, errors extensions", () => {
    const problem = doc.components.schemas["Platform.ProblemDetails"]!;
    expect(Object.keys(problem.properties ?? {})).toEqual([
      "type",
      "title",
      "status",
      "detail",
      "instance",
      "requestId",
      "traceId",
      "errors",
    ]);
    // RFC 7807 §3.1: a URI reference, so relative types such as /problems/webhooks/validation are valid.
    expect(problem.properties?.type).toMatchObject({ type: "string", format: "uri-reference" });
    expect(problem.properties?.status).toMatchObject({ type: "integer", format: "int32" });
    expect(problem.properties?.errors?.items).toEqual({
      $ref: "#/components/schemas/Platform.ProblemDetailsFieldError",
    });
    expect(doc.components.schemas["Platform.ProblemDetailsFieldError"]?.required).toEqual(["key", "values"]);
  });
});
