// Linter rule bad-request-field-errors: operations that take input declare a 400 that carries `errors`.
import { describe, it } from "vitest";
import { badRequestFieldErrorsRule } from "../../src/rules/bad-request-field-errors.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

describe("bad-request-field-errors", () => {
  it("accepts the templates' defaults, ClientError ranges, and input-free operations without 400", async () => {
    await tester(badRequestFieldErrorsRule)
      .expect(
        service(`model RenameRequest { name: string; }
        interface Widgets {
          create is ResourceCreate<Widget>;
          rename is ResourceAction<Widget, {}, RenameRequest, Platform.OkResponse<Widget>, ClientError | ServerError>;
        }
        @route("/health") op health is ReadOperation<{}, Platform.OkResponse<{ ok: boolean }>, AuthErrors | ServerError>;`),
      )
      .toBeValid();
  });

  it("reports an Error override that drops BadRequest from an operation with a body", async () => {
    await tester(badRequestFieldErrorsRule)
      .expect(
        service(`model RenameRequest { name: string; }
        interface Widgets { rename is ResourceAction<Widget, {}, RenameRequest, Platform.OkResponse<Widget>, NotFound | AuthErrors | ServerError>; }`),
      )
      .toEmitDiagnostics({
        code: `${LIB}/bad-request-field-errors`,
        message: /Operation 'rename' takes input but declares no 400 response.*Keep BadRequest in its Error union/,
      });
  });

  it("reports a 400 whose body cannot carry field errors", async () => {
    await tester(badRequestFieldErrorsRule)
      .expect(
        service(`@error model Invalid extends ProblemDetails { @statusCode statusCode: 400; errors?: never; }
        model Narrow is OmitProperties<Invalid, "errors">;
        @route("/w") op w is ActionOperation<{ @query dryRun?: boolean }, void, Ok, Narrow | AuthErrors | ServerError>;`),
      )
      .toEmitDiagnostics({
        code: `${LIB}/bad-request-field-errors`,
        message: /Operation 'w' answers 400 with 'Narrow', which has no `errors` array for field-level failures/,
      });
  });
});
