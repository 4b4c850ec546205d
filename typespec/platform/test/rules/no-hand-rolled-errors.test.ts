// Linter rule no-hand-rolled-errors: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { noHandRolledErrorsRule } from "../../src/rules/no-hand-rolled-errors.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

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
