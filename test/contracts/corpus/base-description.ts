// The description every corpus pair starts from: a small widgets API written for this corpus (not emitted by
// TypeSpec) that uses what hand-written and imported descriptions use and TypeSpec does not: parameters declared
// on the path item (one re-declared by an operation), $ref'd parameters, schemas shared by requests and responses,
// allOf composition, nullable properties and security alternatives. A fresh copy per call: pairs mutate it.

type Json = Record<string, any>;

export function baseDescription(): Json {
  return {
    openapi: "3.0.3",
    info: { title: "Widgets", version: "v1" },
    security: [{ oauth: ["widgets.read"] }, { appRole: [] }],
    paths: {
      "/widgets": {
        get: {
          operationId: "Widgets_list",
          tags: ["widgets"],
          parameters: [
            { $ref: "#/components/parameters/Skip" },
            { $ref: "#/components/parameters/Top" },
            { name: "sort", in: "query", required: false, schema: { type: "string", enum: ["name", "size"] } },
          ],
          responses: {
            "200": {
              description: "A page of widgets.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/WidgetPage" } } },
            },
          },
        },
        post: {
          operationId: "Widgets_create",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/WidgetCreate" } } },
          },
          responses: {
            "201": {
              description: "Created.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } },
            },
            "400": { $ref: "#/components/responses/BadRequest" },
          },
        },
      },
      "/widgets/{widgetId}": {
        parameters: [
          { name: "widgetId", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9-]+$" } },
          { $ref: "#/components/parameters/RequestId" },
        ],
        get: {
          operationId: "Widgets_get",
          // Re-declares the path item's parameter (OpenAPI: the operation's declaration overrides the path item's).
          parameters: [
            { name: "widgetId", in: "path", required: true, schema: { type: "string", pattern: "^[a-z0-9-]+$" } },
          ],
          responses: {
            "200": {
              description: "The widget.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } },
            },
            "404": { $ref: "#/components/responses/NotFound" },
          },
        },
        patch: {
          operationId: "Widgets_update",
          requestBody: {
            required: false,
            content: { "application/json": { schema: { $ref: "#/components/schemas/WidgetUpdate" } } },
          },
          responses: {
            "200": {
              description: "The updated widget.",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } },
            },
            "404": { $ref: "#/components/responses/NotFound" },
          },
        },
        delete: {
          operationId: "Widgets_delete",
          responses: { "204": { description: "Deleted." }, "404": { $ref: "#/components/responses/NotFound" } },
        },
      },
    },
    components: {
      parameters: {
        Skip: { name: "skip", in: "query", required: false, schema: { type: "integer", format: "int32", minimum: 0 } },
        Top: {
          name: "top",
          in: "query",
          required: false,
          schema: { type: "integer", format: "int32", minimum: 1, maximum: 100 },
        },
        RequestId: { name: "x-request-id", in: "header", required: false, schema: { type: "string" } },
      },
      responses: {
        BadRequest: {
          description: "Bad request.",
          content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
        },
        NotFound: {
          description: "Not found.",
          content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
        },
      },
      schemas: {
        // Shared: part of the create request and of every widget response.
        WidgetBase: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", minLength: 1, maxLength: 50, pattern: "^[A-Za-z0-9 ]+$" },
            colour: { $ref: "#/components/schemas/Colour" },
            size: { type: "integer", format: "int32", minimum: 1, maximum: 1000 },
            note: { type: "string", nullable: true },
          },
        },
        Colour: { type: "string", enum: ["red", "green", "blue"] },
        // Response only.
        Widget: {
          allOf: [
            { $ref: "#/components/schemas/WidgetBase" },
            {
              type: "object",
              required: ["id", "status"],
              properties: {
                id: { type: "string", readOnly: true },
                status: { type: "string", enum: ["active", "retired"] },
                summary: { type: "string", maxLength: 200 },
                revision: { type: "integer", format: "int32", minimum: 0 },
                retiredAt: { type: "string", format: "date-time", nullable: true },
                tags: { type: "array", items: { type: "string" }, maxItems: 20 },
              },
            },
          ],
        },
        WidgetPage: {
          type: "object",
          required: ["items"],
          properties: {
            items: { type: "array", items: { $ref: "#/components/schemas/Widget" } },
            next: { type: "string" },
          },
        },
        // Request only.
        WidgetCreate: {
          allOf: [
            { $ref: "#/components/schemas/WidgetBase" },
            {
              type: "object",
              properties: { labels: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 10 } },
            },
          ],
        },
        WidgetUpdate: {
          type: "object",
          properties: {
            name: { type: "string", minLength: 1, maxLength: 50, nullable: true },
            colour: { $ref: "#/components/schemas/Colour" },
            reason: { type: "string" },
          },
        },
        Problem: {
          type: "object",
          required: ["type", "title", "status"],
          properties: { type: { type: "string" }, title: { type: "string" }, status: { type: "integer" } },
        },
      },
      securitySchemes: {
        oauth: {
          type: "oauth2",
          flows: {
            clientCredentials: { tokenUrl: "https://login.example.test/token", scopes: { "widgets.read": "Read" } },
          },
        },
        appRole: { type: "http", scheme: "bearer" },
      },
    },
  };
}
