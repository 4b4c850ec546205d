// Each checklist rule of the @platform/typespec linter: a valid contract stays quiet, each violation
// is reported with a message that says how to fix it. One tester instance is shared by the file.
import { createLinterRuleTester, type LinterRuleTester, type TesterInstance } from "@typespec/compiler/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { $linter } from "../src/linter.js";
import { authScopesWithRolesRule } from "../src/rules/auth-scopes-with-roles.js";
import { keepAuthAndServerErrorsRule } from "../src/rules/keep-auth-and-server-errors.js";
import { mockServerUsesMockingServerRule } from "../src/rules/mock-server-uses-mocking-server.js";
import { noDelegationScopesRule } from "../src/rules/no-delegation-scopes.js";
import { noHandRolledErrorsRule } from "../src/rules/no-hand-rolled-errors.js";
import { serverOwnedReadVisibilityRule } from "../src/rules/server-owned-read-visibility.js";
import { useResourceTemplatesRule } from "../src/rules/use-resource-templates.js";
import { versionedServiceRule } from "../src/rules/versioned-service.js";
import { PlatformTester, preparePlatformLibrary } from "./support/tester.js";

const LIB = "@platform/typespec";
let instance: TesterInstance;
const tester = (rule: Parameters<typeof createLinterRuleTester>[1]): LinterRuleTester =>
  createLinterRuleTester(instance, rule, LIB);

const service = (body: string, auth = `@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)`) => `
@service(#{ title: "T" }) @versioned(Versions) ${auth}
namespace T;
enum Versions { v1 }
@resource("widgets")
model Widget { @key("widgetId") @visibility(Lifecycle.Read) id: string; name: string; }
${body}
`;

beforeAll(async () => {
  await preparePlatformLibrary();
  instance = await PlatformTester.createInstance();
}, 120_000);

describe("use-resource-templates", () => {
  it("accepts resource operations written with the templates", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`interface Widgets { get is ResourceRead<Widget>; list is ResourceList<Widget>; }`))
      .toBeValid();
  });

  it("accepts a primitive with a route for a non-resource operation", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`@route("/health") op health is ReadOperation<{}, Platform.OkResponse<{ ok: boolean }>>;`))
      .toBeValid();
  });

  it("reports a hand-written route for a resource and names the template to use", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`@route("/widgets/{id}") @get op getWidget(@path id: string): Widget | NotFound;`))
      .toEmitDiagnostics({
        code: `${LIB}/use-resource-templates`,
        message:
          /Operation 'getWidget' hand-writes a route for resource 'T\.Widget'\. Remove @route .*getWidget is Platform\.ResourceRead<T\.Widget>/,
      });
  });

  it("reports a hand-written operation that is not built on a Platform primitive", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`@route("/health") @get op health(): { ok: boolean };`))
      .toEmitDiagnostics({
        code: `${LIB}/use-resource-templates`,
        message:
          /Operation 'health' is hand-written\. Build it on a Platform primitive .*op health is Platform\.ReadOperation<…>/,
      });
  });

  it("reports @route added to a template operation", async () => {
    await tester(useResourceTemplatesRule)
      .expect(service(`interface Widgets { @route("/custom") get is ResourceRead<Widget>; }`))
      .toEmitDiagnostics({
        code: `${LIB}/use-resource-templates`,
        message: /uses Platform\.ResourceRead but also sets @route\. Remove @route/,
      });
  });
});

describe("no-hand-rolled-errors", () => {
  it("accepts Platform status models and models extending ProblemDetails", async () => {
    await tester(noHandRolledErrorsRule)
      .expect(
        service(`
        @error model QuotaExceeded extends ProblemDetails { @statusCode statusCode: 429; limit: int32; }
        interface Widgets { get is ResourceRead<Widget, {}, Platform.OkResponse<Widget>, NotFound | QuotaExceeded | AuthErrors | ServerError>; }`),
      )
      .toBeValid();
  });

  it("reports a hand-rolled error model", async () => {
    await tester(noHandRolledErrorsRule)
      .expect(
        service(`@error model MyError { @statusCode code: 404; message: string; }
        interface Widgets { get is ResourceRead<Widget, {}, Platform.OkResponse<Widget>, MyError | AuthErrors | ServerError>; }`),
      )
      .toEmitDiagnostics({
        code: `${LIB}/no-hand-rolled-errors`,
        message: /Error model 'T\.MyError' is hand-rolled\. Use a Platform status-code model/,
      });
  });

  it("reports a bare status response without a body schema", async () => {
    await tester(noHandRolledErrorsRule)
      .expect(
        service(
          `interface Widgets { get is ResourceRead<Widget, {}, Platform.OkResponse<Widget>, TypeSpec.Http.NotFoundResponse | AuthErrors | ServerError>; }`,
        ),
      )
      .toEmitDiagnostics({
        code: `${LIB}/no-hand-rolled-errors`,
        message:
          /returns a 404 response without a body schema.*Use the Platform model instead \(e\.g\. Platform\.NotFound\)/,
      });
  });

  it("reports an error status whose body is not Problem Details", async () => {
    await tester(noHandRolledErrorsRule)
      .expect(
        service(
          `@route("/x") op x is ReadOperation<{}, Ok, { @statusCode code: 409; @body body: { message: string } } | AuthErrors | ServerError>;`,
        ),
      )
      .toEmitDiagnostics({
        code: `${LIB}/no-hand-rolled-errors`,
        message: /409 response whose body is not Problem Details.*Platform\.Conflict/,
      });
  });
});

describe("keep-auth-and-server-errors", () => {
  it("accepts the defaults and an override that restates AuthErrors and ServerError", async () => {
    await tester(keepAuthAndServerErrorsRule)
      .expect(
        service(`interface Widgets {
        get is ResourceRead<Widget>;
        list is ResourceList<Widget, {}, Platform.OkResponse<Widget[]>, BadRequest | Conflict | AuthErrors | ServerError>;
      }`),
      )
      .toBeValid();
  });

  it("reports an override that drops AuthErrors and ServerError", async () => {
    await tester(keepAuthAndServerErrorsRule)
      .expect(service(`interface Widgets { get is ResourceRead<Widget, {}, Platform.OkResponse<Widget>, NotFound>; }`))
      .toEmitDiagnostics({
        code: `${LIB}/keep-auth-and-server-errors`,
        message:
          "Operation 'get' overrides the errors of Platform.ResourceRead but drops AuthErrors (401, 403) and ServerError (5xx). The Error argument replaces the whole union: restate them, e.g. `YourErrors | AuthErrors | ServerError`.",
      });
  });

  it("reports an override that keeps AuthErrors but drops ServerError", async () => {
    await tester(keepAuthAndServerErrorsRule)
      .expect(
        service(
          `interface Widgets { delete is ResourceDelete<Widget, {}, NoContent, NotFound | AuthErrors | InternalServerError>; }`,
        ),
      )
      .toEmitDiagnostics({ code: `${LIB}/keep-auth-and-server-errors`, message: /drops ServerError \(5xx\)\./ });
  });
});

describe("auth-scopes-with-roles", () => {
  it("accepts Scopes | Roles on the namespace and a stronger pair on an operation", async () => {
    await tester(authScopesWithRolesRule)
      .expect(
        service(`@useAuth(Scopes<["Client.Write"]> | Roles<["App.Write"]>) @route("/w") op w is ActionOperation;`),
      )
      .toBeValid();
  });

  it("accepts a subscription key alone (event-publishing APIs)", async () => {
    await tester(authScopesWithRolesRule).expect(service("", "@useAuth(SubscriptionKeyAuth)")).toBeValid();
  });

  it("reports Scopes without Roles", async () => {
    await tester(authScopesWithRolesRule)
      .expect(service("", `@useAuth(Scopes<["Client.Read"]>)`))
      .toEmitDiagnostics({
        code: `${LIB}/auth-scopes-with-roles`,
        message: /@useAuth on 'T' declares Scopes<> without Roles<>\. Pair them/,
      });
  });

  it("reports Roles without Scopes on an operation", async () => {
    await tester(authScopesWithRolesRule)
      .expect(service(`@useAuth(Roles<["App.Admin"]>) @route("/d") op d is DeleteOperation;`))
      .toEmitDiagnostics({
        code: `${LIB}/auth-scopes-with-roles`,
        message: /@useAuth on 'd' declares Roles<> without Scopes<>/,
      });
  });

  it("reports Scopes and Roles required together instead of as alternatives", async () => {
    await tester(authScopesWithRolesRule)
      .expect(service("", `@useAuth([Scopes<["Client.Read"]>, Roles<["App.Read"]>])`))
      .toEmitDiagnostics({
        code: `${LIB}/auth-scopes-with-roles`,
        message: /together \(a tuple\)\. Make them alternatives with `\|`/,
      });
  });
});

describe("no-delegation-scopes", () => {
  it("accepts the API's own permissions", async () => {
    await tester(noDelegationScopesRule).expect(service("")).toBeValid();
  });

  it.each(["user_impersonation", "user-groups", "access_as_user"])("reports %s", async (scope) => {
    await tester(noDelegationScopesRule)
      .expect(service("", `@useAuth(Scopes<["${scope}"]> | Roles<["App.Read"]>)`))
      .toEmitDiagnostics({
        code: `${LIB}/no-delegation-scopes`,
        message: new RegExp(`names the platform-managed scope '${scope}'\\. Remove it`),
      });
  });
});

describe("server-owned-read-visibility", () => {
  it("accepts read-only keys and timestamps, and caller-supplied event ids", async () => {
    await tester(serverOwnedReadVisibilityRule)
      .expect(
        service(`
        @resource("orders") model Order { @key("orderId") @visibility(Lifecycle.Read) id: string; @visibility(Lifecycle.Read) createdAt: utcDateTime; note: string; }
        model OrderPlaced is Event<"OrderPlaced"> { orderId: string; }`),
      )
      .toBeValid();
  });

  it("reports a writable key", async () => {
    await tester(serverOwnedReadVisibilityRule)
      .expect(service(`@resource("orders") model Order { @key("orderId") id: string; }`))
      .toEmitDiagnostics({
        code: `${LIB}/server-owned-read-visibility`,
        message:
          /Property 'id' of resource 'Order' is server-owned \(resource key\) but writable\. Add `@visibility\(Lifecycle\.Read\)`/,
      });
  });

  it("reports a writable timestamp", async () => {
    await tester(serverOwnedReadVisibilityRule)
      .expect(
        service(
          `@resource("orders") model Order { @key("orderId") @visibility(Lifecycle.Read) id: string; updatedAt: utcDateTime; }`,
        ),
      )
      .toEmitDiagnostics({
        code: `${LIB}/server-owned-read-visibility`,
        message: /Property 'updatedAt' .*\(server timestamp\)/,
      });
  });
});

describe("mock-server-uses-mocking-server", () => {
  it("accepts a mock server declared with MockingServer and a normal server without it", async () => {
    await tester(mockServerUsesMockingServerRule)
      .expect(
        `@service @server("https://api.example.com", "Backend") @server("https://mock.example.com", "Mock server", MockingServer) namespace M;`,
      )
      .toBeValid();
  });

  it("reports a mock server entry without MockingServer", async () => {
    await tester(mockServerUsesMockingServerRule)
      .expect(`@service @server("https://mock.example.com", "Mock server") namespace M;`)
      .toEmitDiagnostics({
        code: `${LIB}/mock-server-uses-mocking-server`,
        message:
          /looks like a mock server but has no `mocking_server` variable\. Declare it as `@server\("https:\/\/mock\.example\.com", "Mock server", Platform\.MockingServer\)`/,
      });
  });
});

describe("versioned-service", () => {
  it("accepts a versioned service", async () => {
    await tester(versionedServiceRule).expect(service("")).toBeValid();
  });

  it("reports an unversioned service", async () => {
    await tester(versionedServiceRule)
      .expect(`@service(#{ title: "U" }) namespace U;`)
      .toEmitDiagnostics({
        code: `${LIB}/versioned-service`,
        message: /Service namespace 'U' is not versioned\. Add `@versioned\(Versions\)`/,
      });
  });
});

describe("rule sets", () => {
  it("all and recommended enable every checklist rule", () => {
    const names = $linter.rules.map((r) => `${LIB}/${r.name}`).sort();
    expect(names).toHaveLength(8);
    expect(Object.keys($linter.ruleSets?.all?.enable ?? {}).sort()).toEqual(names);
    expect(Object.keys($linter.ruleSets?.recommended?.enable ?? {}).sort()).toEqual(names);
  });

  it("every rule documents its reason in its description", () => {
    for (const rule of $linter.rules) expect(rule.description.length, rule.name).toBeGreaterThan(30);
  });

  it("a contract that follows the checklist compiles with no findings", async () => {
    const diagnostics = await PlatformTester.diagnose(
      service(`
        model WidgetFilter { @query skip?: int32 = 0; @query take?: int32 = 20; }
        model RenameRequest { name: string; }
        model OrderPlaced is Event<"OrderPlaced"> { orderId: string; }
        interface Widgets {
          get is ResourceRead<Widget>;
          list is ResourceList<Widget, WidgetFilter, Platform.OkResponse<Page<Widget>>>;
          create is ResourceCreate<Widget>;
          replace is ResourceCreateOrReplace<Widget>;
          update is ResourcePartialUpdate<Widget>;
          @useAuth(Scopes<["Client.Delete"]> | Roles<["App.Admin"]>) delete is ResourceDelete<Widget>;
          rename is ResourceAction<Widget, {}, RenameRequest>;
          rebuild is ResourceActionAsync<Widget>;
          recount is ResourceCollectionAction<Widget>;
          reindex is ResourceCollectionActionAsync<Widget>;
          preview is ResourceReadAction<Widget>;
          summary is ResourceCollectionReadAction<Widget, {}, Platform.OkResponse<Widget>, Conflict | AuthErrors | ServerError>;
        }
        interface Orders extends Topic<OrderPlaced> {}
        @route("/health") op health is ReadOperation<{}, Platform.OkResponse<{ ok: boolean }>>;`),
      { compilerOptions: { linterRuleSet: { extends: [`${LIB}/recommended`] } } },
    );
    expect(diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });

  it("the compiled package's rule set runs through tspconfig-style linter options", async () => {
    const diagnostics = await PlatformTester.diagnose(`@service(#{ title: "U" }) namespace U;`, {
      compilerOptions: { linterRuleSet: { extends: [`${LIB}/recommended`] } },
    });
    expect(diagnostics.map((d) => d.code)).toEqual([`${LIB}/versioned-service`]);
  });
});
