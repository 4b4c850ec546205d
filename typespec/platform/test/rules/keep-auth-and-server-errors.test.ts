// Linter rule keep-auth-and-server-errors: valid contracts stay quiet; each violation is reported with how to fix it.
import { describe, it } from "vitest";
import { keepAuthAndServerErrorsRule } from "../../src/rules/keep-auth-and-server-errors.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();

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
