// Linter rule versioned-types-added (in `all` only): types of a versioned service carry @added.
import { describe, it } from "vitest";
import { versionedTypesAddedRule } from "../../src/rules/versioned-types-added.js";
import { LIB, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();
const versioned = (body: string) => `
@service(#{ title: "V" }) @versioned(Versions)
namespace V;
enum Versions { v1 }
${body}`;

describe("versioned-types-added", () => {
  it("accepts types marked @added (the Versions enum itself is exempt)", async () => {
    await tester(versionedTypesAddedRule)
      .expect(
        versioned(`@added(Versions.v1) model Note { text: string; }
        @added(Versions.v1) enum Kind { A, B }
        @added(Versions.v1) interface Notes { @route("/n") op read is ReadOperation<{}, Platform.OkResponse<Note>>; }`),
      )
      .toBeValid();
  });

  it("ignores unversioned namespaces", async () => {
    await tester(versionedTypesAddedRule).expect(`namespace Plain; model Note { text: string; }`).toBeValid();
  });

  it("reports a model and an interface without @added", async () => {
    await tester(versionedTypesAddedRule)
      .expect(
        versioned(`model Note { text: string; }
        interface Notes { @route("/n") op read is ReadOperation<{}, Platform.OkResponse<Note>>; }`),
      )
      .toEmitDiagnostics([
        {
          code: `${LIB}/versioned-types-added`,
          message:
            "model 'Note' in versioned service 'V' has no @added. Mark when it arrived, e.g. `@added(Versions.v1)`.",
        },
        { code: `${LIB}/versioned-types-added`, message: /interface 'Notes' in versioned service 'V' has no @added/ },
      ]);
  });
});
