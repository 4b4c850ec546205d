// Shared by the per-rule test files: one tester instance per file (created once in beforeAll), the library's
// rule-code prefix, and a small service every rule's examples are written into.
import {
  createLinterRuleTester,
  createTester,
  type LinterRuleTester,
  type TesterInstance,
} from "@typespec/compiler/testing";
import { beforeAll } from "vitest";
import { preparePlatformLibrary, repoRoot, reuseParsedSources } from "./tester.js";

export const LIB = "@platform/typespec";

/** A versioned service with a Widget resource, the given auth and `body` appended. */
export const service = (body: string, auth = `@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)`) => `
@service(#{ title: "T" }) @versioned(Versions) ${auth}
namespace T;
enum Versions { v1 }
@resource("widgets")
model Widget { @key("widgetId") @visibility(Lifecycle.Read) id: string; name: string; }
${body}
`;

type Rule = Parameters<typeof createLinterRuleTester>[1];

// The libraries a contract imports, without the OpenAPI emitter: linting needs no emit, and loading the emitter
// in every rule file costs time.
const LinterTester = createTester(repoRoot, {
  libraries: ["@typespec/http", "@typespec/rest", "@typespec/openapi", "@typespec/versioning", "@platform/typespec"],
})
  .importLibraries()
  .using("Http", "Rest", "OpenAPI", "Versioning", "Platform");

// One instance per worker: with vitest's default isolation that is one per file; where files share a worker
// (isolate: false) they share the instance too, and the libraries are loaded once.
let shared: Promise<TesterInstance> | undefined;

/** Registers the file's beforeAll; the returned function gives a rule tester on the shared instance. */
export function useRuleTester(): (rule: Rule) => LinterRuleTester {
  let instance: TesterInstance;
  beforeAll(async () => {
    await preparePlatformLibrary();
    instance = await (shared ??= LinterTester.createInstance().then(reuseParsedSources));
  }, 120_000);
  return (rule) => createLinterRuleTester(instance, rule, LIB);
}
