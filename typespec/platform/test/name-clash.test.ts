// The README's OkResponse name clash: `using TypeSpec.Http; using Platform;` makes `OkResponse<T>` ambiguous,
// and both documented ways out compile.
import { beforeAll, describe, expect, it } from "vitest";
import { createTester } from "@typespec/compiler/testing";
import { preparePlatformLibrary, repoRoot } from "./support/tester.js";

// Without the PlatformTester's automatic `using`s: each case writes its own, as a contract would.
const Tester = createTester(repoRoot, {
  libraries: ["@typespec/http", "@typespec/rest", "@typespec/openapi", "@typespec/versioning", "@platform/typespec"],
}).importLibraries();

const contract = (usings: string, body: string) => `${usings}
@service(#{ title: "C" }) namespace C;
model Widget { name: string; }
${body}`;

beforeAll(preparePlatformLibrary, 120_000);

describe("OkResponse with both `using TypeSpec.Http;` and `using Platform;`", () => {
  it("is ambiguous when written unqualified", async () => {
    const diagnostics = await Tester.diagnose(
      contract("using TypeSpec.Http; using Platform;", `@route("/w") op get is ReadOperation<{}, OkResponse<Widget>>;`),
    );
    expect(diagnostics.map((d) => d.code)).toContain("ambiguous-symbol");
    expect(diagnostics.find((d) => d.code === "ambiguous-symbol")!.message).toMatch(/OkResponse/);
  });

  it("way out 1: qualify it as Platform.OkResponse<T>", async () => {
    const diagnostics = await Tester.diagnose(
      contract(
        "using TypeSpec.Http; using Platform;",
        `@route("/w") op get is ReadOperation<{}, Platform.OkResponse<Widget>>;`,
      ),
    );
    expect(diagnostics).toEqual([]);
  });

  it("way out 2: leave out `using TypeSpec.Http;` and qualify the few Http names instead", async () => {
    const diagnostics = await Tester.diagnose(
      contract("using Platform;", `@TypeSpec.Http.route("/w") op get is ReadOperation<{}, OkResponse<Widget>>;`),
    );
    expect(diagnostics).toEqual([]);
  });
});
