// Status-code models, success markers, auth helpers, events and mocking, compiled through TypeSpec's
// test host and emitted as OpenAPI. One compile per service shape.
import { beforeAll, describe, expect, it } from "vitest";
import {
  OpenApiTester,
  preparePlatformLibrary,
  resolveParameters,
  statusCodes,
  type OpenApiDocument,
} from "./support/tester.js";

const RFC_ERRORS: [string, number][] = [
  ["BadRequest", 400],
  ["Unauthorized", 401],
  ["PaymentRequired", 402],
  ["Forbidden", 403],
  ["NotFound", 404],
  ["MethodNotAllowed", 405],
  ["NotAcceptable", 406],
  ["ProxyAuthenticationRequired", 407],
  ["RequestTimeout", 408],
  ["Conflict", 409],
  ["Gone", 410],
  ["LengthRequired", 411],
  ["PreconditionFailed", 412],
  ["PayloadTooLarge", 413],
  ["UriTooLong", 414],
  ["UnsupportedMediaType", 415],
  ["RangeNotSatisfiable", 416],
  ["ExpectationFailed", 417],
  ["MisdirectedRequest", 421],
  ["UnprocessableEntity", 422],
  ["Locked", 423],
  ["FailedDependency", 424],
  ["TooEarly", 425],
  ["UpgradeRequired", 426],
  ["PreconditionRequired", 428],
  ["TooManyRequests", 429],
  ["RequestHeaderFieldsTooLarge", 431],
  ["UnavailableForLegalReasons", 451],
  ["InternalServerError", 500],
  ["NotImplemented", 501],
  ["BadGateway", 502],
  ["ServiceUnavailable", 503],
  ["GatewayTimeout", 504],
  ["HttpVersionNotSupported", 505],
  ["VariantAlsoNegotiates", 506],
  ["InsufficientStorage", 507],
  ["LoopDetected", 508],
  ["NotExtended", 510],
  ["NetworkAuthenticationRequired", 511],
];

const MARKERS: [string, number][] = [
  ["Ok", 200],
  ["Created", 201],
  ["Accepted", 202],
  ["NonAuthoritativeInformation", 203],
  ["NoContent", 204],
  ["ResetContent", 205],
  ["PartialContent", 206],
  ["MultiStatus", 207],
  ["AlreadyReported", 208],
  ["IMUsed", 226],
  ["MultipleChoices", 300],
  ["MovedPermanently", 301],
  ["Found", 302],
  ["SeeOther", 303],
  ["NotModified", 304],
  ["TemporaryRedirect", 307],
  ["PermanentRedirect", 308],
];

const statusService = `
@service(#{ title: "Status" }) @versioned(Versions) namespace S;
enum Versions { v1 }
${RFC_ERRORS.map(([name]) => `@route("/e/${name}") op e${name} is ReadOperation<{}, Ok, ${name}>;`).join("\n")}
${MARKERS.map(([name]) => `@route("/m/${name}") op m${name} is ReadOperation<{}, ${name}>;`).join("\n")}
@route("/custom") op custom is ReadOperation<{}, Success | Redirection, StatusCode<418> | StatusCodeRange<400, 499> | ServerError>;
@route("/any4xx") op any4xx is ReadOperation<{}, Ok, ClientError | ServerError>;
@route("/ok") op ok is ReadOperation<{}, Platform.OkResponse<{ a: string }>>;
@route("/created") op created is CreateOperation<{}, void, Platform.CreatedResponse<{ a: string }>>;
`;

const authService = `
@service(#{ title: "Auth" }) @versioned(Versions)
@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)
namespace A;
enum Versions { v1 }
@route("/read") op read is ReadOperation<{}, Ok>;
@useAuth(Scopes<["Client.Write"]> | Roles<["App.Write"]>)
@route("/write") op write is ActionOperation<{}, void, Ok>;
`;

const eventService = `
@service(#{ title: "Events" }) @versioned(Versions)
@useAuth(SubscriptionKeyAuth)
@server("https://bus.example.com", "Message bus")
@server("https://mock.example.com", "Mock server", MockingServer)
@extension("x-mocking", true)
namespace E;
enum Versions { v1 }
model OrderPlaced is Event<"OrderPlaced"> { orderId: string; total: float64; }
interface Orders extends Topic<OrderPlaced> {}
@extension("x-mocking", false)
@route("/status") op status is ReadOperation<{}, Ok>;
`;

let status: OpenApiDocument;
let auth: OpenApiDocument;
let events: OpenApiDocument;

beforeAll(async () => {
  await preparePlatformLibrary();
  status = await OpenApiTester.compile(statusService);
  auth = await OpenApiTester.compile(authService);
  events = await OpenApiTester.compile(eventService);
}, 120_000);

describe("status-code models", () => {
  it.each(RFC_ERRORS)("%s is %i as application/problem+json", (name, code) => {
    const response = status.paths[`/e/${name}`]?.get?.responses[String(code)];
    expect(response?.content?.["application/problem+json"]?.schema).toEqual({
      $ref: `#/components/schemas/Platform.${name}`,
    });
    expect(status.components.schemas[`Platform.${name}`]?.allOf).toEqual([
      { $ref: "#/components/schemas/Platform.ProblemDetails" },
    ]);
  });

  it("TooManyRequests and ServiceUnavailable carry Retry-After", () => {
    expect(status.paths["/e/TooManyRequests"]?.get?.responses["429"]?.headers).toHaveProperty("Retry-After");
    expect(status.paths["/e/ServiceUnavailable"]?.get?.responses["503"]?.headers).toHaveProperty("Retry-After");
  });

  it.each(MARKERS)("marker %s is %i without a body", (name, code) => {
    const response = status.paths[`/m/${name}`]?.get?.responses[String(code)];
    expect(response).toBeDefined();
    expect(response?.content).toBeUndefined();
  });

  it("Success, Redirection, StatusCode<N>, StatusCodeRange, ClientError and ServerError emit their ranges", () => {
    expect(statusCodes(status.paths["/custom"]?.get)).toEqual(["2XX", "3XX", "418", "4XX", "5XX"]);
    expect(status.paths["/custom"]?.get?.responses["418"]?.content?.["application/problem+json"]).toBeDefined();
    expect(status.paths["/custom"]?.get?.responses["4XX"]?.content?.["application/problem+json"]).toBeDefined();
    expect(statusCodes(status.paths["/any4xx"]?.get)).toEqual(["200", "4XX", "5XX"]);
  });

  it("OkResponse<T> and CreatedResponse<T> carry T as JSON", () => {
    expect(status.paths["/ok"]?.get?.responses["200"]?.content?.["application/json"]?.schema).toMatchObject({
      type: "object",
    });
    expect(status.paths["/created"]?.post?.responses["201"]?.content?.["application/json"]?.schema).toMatchObject({
      type: "object",
    });
  });
});

describe("auth helpers", () => {
  it("Scopes and Roles are OAuth 2.0 authorization-code schemes with placeholder URLs", () => {
    for (const [scheme, scope] of [
      ["Scopes", "Client.Read"],
      ["Roles", "App.Read"],
    ] as const) {
      expect(auth.components.securitySchemes?.[scheme]).toMatchObject({
        type: "oauth2",
        flows: {
          authorizationCode: {
            authorizationUrl: "https://example.com/oauth2/authorize",
            tokenUrl: "https://example.com/oauth2/token",
            refreshUrl: "https://example.com/oauth2/refresh",
            scopes: { [scope]: expect.any(String) },
          },
        },
      });
    }
  });

  it("`Scopes | Roles` is either alternative; an operation overrides the namespace default", () => {
    expect(auth.security).toEqual([{ Scopes: ["Client.Read"] }, { Roles: ["App.Read"] }]);
    expect(auth.paths["/write"]?.post?.security).toEqual([{ Scopes: ["Client.Write"] }, { Roles: ["App.Write"] }]);
  });

  it("SubscriptionKeyAuth is the Gateway-Subscription-Key header", () => {
    expect(events.components.securitySchemes?.SubscriptionKeyAuth).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Gateway-Subscription-Key",
    });
    expect(events.security).toEqual([{ SubscriptionKeyAuth: [] }]);
  });
});

describe("events", () => {
  it("Topic<TEvent> yields POST /{EventName} with X-Event-Type fixed and X-Correlation-Id optional", () => {
    const post = events.paths["/OrderPlaced"]?.post;
    expect(post).toBeDefined();
    const params = resolveParameters(events, post!);
    expect(params).toContainEqual(
      expect.objectContaining({
        name: "X-Event-Type",
        in: "header",
        required: true,
        schema: expect.objectContaining({ enum: ["OrderPlaced"] }),
      }),
    );
    expect(params).toContainEqual(expect.objectContaining({ name: "X-Correlation-Id", in: "header", required: false }));
    expect(statusCodes(post)).toEqual(["201", "400", "401", "403", "5XX"]);
  });

  it("the body holds the caller-supplied eventId plus the event's own fields", () => {
    const ref = events.paths["/OrderPlaced"]?.post?.requestBody?.content["application/json"]?.schema.$ref;
    expect(ref).toBe("#/components/schemas/OrderPlacedCreate");
    const schema = events.components.schemas.OrderPlacedCreate!;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(["eventId", "orderId", "total"]);
    expect(schema.required).toContain("eventId");
  });
});

describe("mocking", () => {
  it("MockingServer adds mocking_server = true to that server entry only", () => {
    const byUrl = Object.fromEntries((events.servers ?? []).map((s) => [s.url, s]));
    expect(Object.keys(byUrl).sort()).toEqual(["https://bus.example.com", "https://mock.example.com"]);
    expect(byUrl["https://mock.example.com"]?.variables).toEqual({
      mocking_server: expect.objectContaining({ default: "true" }),
    });
    expect(byUrl["https://bus.example.com"]?.variables ?? {}).toEqual({});
  });

  it("x-mocking is the service default and can be overridden per operation", () => {
    expect(events["x-mocking"]).toBe(true);
    expect(events.paths["/status"]?.get?.["x-mocking"]).toBe(false);
  });
});
