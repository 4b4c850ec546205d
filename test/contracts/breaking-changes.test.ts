// contracts:check's policy on real before/after contract pairs: each pair is compiled from TypeSpec (in the
// compiler's virtual file system, one shared tester) and compared as the gate compares them.
import { beforeAll, describe, expect, it } from "vitest";
import { checkContract, renderCheck } from "../../contracts/tooling/src/check.js";
import { SourceIndex } from "../../contracts/tooling/src/locate.js";
import { PlatformTester, preparePlatformLibrary } from "../../typespec/platform/test/support/tester.js";

// Every case is its own service namespace in one program, so the whole file costs two compiles (befores, afters).
const Emitter = PlatformTester.emit("@typespec/openapi3", {
  "file-type": "json",
  "output-file": "{service-name}.openapi.{version}.json",
  "omit-unreachable-types": true,
}).pipe((result) => {
  const byService = new Map<string, Map<string, string>>();
  for (const [file, text] of Object.entries(result.outputs)) {
    const match = /([A-Za-z0-9]+)\.openapi\.(.+)\.json$/.exec(file);
    if (!match) continue;
    const documents = byService.get(match[1]!) ?? new Map<string, string>();
    documents.set(match[2]!, text);
    byService.set(match[1]!, documents);
  }
  return { byService, program: result.program };
});

interface Parts {
  versions: string;
  auth: string;
  widget: string;
  filter: string;
  colours: string;
  operations: string;
}
const BASE: Parts = {
  versions: "v1",
  auth: `@useAuth(Scopes<["Client.Read"]> | Roles<["App.Read"]>)`,
  widget: `@key("widgetId") @visibility(Lifecycle.Read) id: string; name: string; size?: int64; colour?: Colour;`,
  filter: `@query skip?: int32; @query take?: int32;`,
  colours: "Red, Green, Blue",
  operations: `get is ResourceRead<Widget>; list is ResourceList<Widget, WidgetFilter>; create is ResourceCreate<Widget>;
    rename is ResourceAction<Widget, {}, RenameRequest>;`,
};
const service = (name: string, p: Partial<Parts> = {}) => {
  const c = { ...BASE, ...p };
  return `
@service(#{ title: "Widgets" }) @versioned(Versions) ${c.auth}
namespace ${name} {
  enum Versions { ${c.versions} }
  enum Colour { ${c.colours} }
  @resource("widgets") model Widget { ${c.widget} }
  model WidgetFilter { ${c.filter} }
  model RenameRequest { name: string; reason?: string; }
  interface WidgetOps { ${c.operations} }
}`;
};

/** Each case: the contract after the change, and (when not the base) before it. */
const CASES = {
  unchanged: { after: {} },
  removedOperation: { after: { operations: BASE.operations.replace("create is ResourceCreate<Widget>;", "") } },
  removedPathOperation: { after: { operations: BASE.operations.replace(/rename is .*;/, "") } },
  removedResponse: {
    after: {
      operations: BASE.operations.replace(
        "get is ResourceRead<Widget>;",
        "get is ResourceRead<Widget, {}, Platform.OkResponse<Widget>, BadRequest | AuthErrors | ServerError>;",
      ),
    },
  },
  removedProperty: { after: { widget: BASE.widget.replace("size?: int64;", "") } },
  removedEnumValue: { after: { colours: "Red, Green" } },
  madeRequired: { after: { widget: BASE.widget.replace("size?: int64;", "size: int64;") } },
  parameterMadeRequired: { after: { filter: "@query skip: int32; @query take?: int32;" } },
  narrowedType: { after: { widget: BASE.widget.replace("size?: int64;", "size?: int32;") } },
  removedSecurity: { after: { auth: `@useAuth(Scopes<["Client.Read"]>)` } },
  additions: {
    before: { filter: "@query skip: int32; @query take?: int32;" },
    after: {
      widget: `${BASE.widget} label?: string;`,
      operations: `${BASE.operations} delete is ResourceDelete<Widget>;`,
    },
  },
  responseEnumValueAdded: { after: { colours: "Red, Green, Blue, Black" } },
  newVersionDoneRight: {
    after: { versions: "v1, v2", widget: BASE.widget.replace("size?: int64;", "@removed(Versions.v2) size?: int64;") },
  },
  newVersionBreakingV1: { after: { versions: "v1, v2", widget: BASE.widget.replace("size?: int64;", "") } },
} satisfies Record<string, { before?: Partial<Parts>; after: Partial<Parts> }>;
type CaseName = keyof typeof CASES;

let befores: Awaited<ReturnType<typeof Emitter.compile>>;
let afters: Awaited<ReturnType<typeof Emitter.compile>>;

// Most cases share the base as their "before": compile each distinct "before" once.
const beforeKey = (name: CaseName) => `Before${distinctBefores.indexOf(JSON.stringify(beforeOf(name)))}`;
const beforeOf = (name: CaseName): Partial<Parts> => (CASES[name] as { before?: Partial<Parts> }).before ?? {};
const distinctBefores = [...new Set((Object.keys(CASES) as CaseName[]).map((n) => JSON.stringify(beforeOf(n))))];

beforeAll(async () => {
  await preparePlatformLibrary();
  const names = Object.keys(CASES) as CaseName[];
  befores = await Emitter.compile(
    distinctBefores.map((parts, i) => service(`Before${i}`, JSON.parse(parts) as Partial<Parts>)).join("\n"),
  );
  afters = await Emitter.compile(names.map((name) => service(name, CASES[name].after)).join("\n"));
}, 120_000);

let sources: SourceIndex;
function compare(name: CaseName) {
  const before = befores.byService.get(beforeKey(name));
  const after = afters.byService.get(name);
  if (!before || !after) throw new Error(`no output for ${name}: ${[...afters.byService.keys()].join(", ")}`);
  return checkContract(name, "the base", before, after, (sources ??= new SourceIndex(afters.program, "/")));
}
const kinds = (check: ReturnType<typeof compare>) => check.breaking.map((c) => c.kind);

describe("breaking changes fail the gate, each named", () => {
  it("a removed operation (same path, another method stays)", () => {
    const check = compare("removedOperation");
    expect(check.ok).toBe(false);
    expect(kinds(check)).toEqual(["removed operation"]);
    expect(check.breaking[0]!.description).toBe("operation POST /widgets");
  });

  it("a removed path (its only operation gone)", () => {
    const check = compare("removedPathOperation");
    expect(kinds(check)).toEqual(["removed operation"]);
    expect(renderCheck(check)).toMatch(/removed operation: operation POST \/widgets\/\{widgetId\}\/rename/);
  });

  it("a removed response", () => {
    const check = compare("removedResponse");
    expect(kinds(check)).toEqual(["removed response"]);
    expect(check.breaking[0]!.description).toMatch(/Response 404/);
  });

  it("a removed property, named with its model and source line", () => {
    const check = compare("removedProperty");
    expect(check.ok).toBe(false);
    const removed = check.breaking.filter((c) => c.kind === "removed property");
    expect(removed.length).toBeGreaterThan(0);
    expect(removed.every((c) => c.description.includes("`size`"))).toBe(true);
    expect(removed[0]!.subject).toMatchObject({ schema: "Widget", property: "size" });
    expect(removed[0]!.source).toMatch(/main\.tsp:\d+:\d+$/);
  });

  it("a removed enum value, named", () => {
    const check = compare("removedEnumValue");
    expect(kinds(check)).toContain("removed enum value");
    expect(check.breaking.find((c) => c.kind === "removed enum value")!.description).toMatch(/^"Blue" from /);
  });

  it("a request property made required", () => {
    const check = compare("madeRequired");
    expect(kinds(check)).toContain("property made required");
    expect(renderCheck(check)).toMatch(/property made required: required status to `size` in Request Body/);
  });

  it("a parameter made required", () => {
    const check = compare("parameterMadeRequired");
    expect(kinds(check)).toEqual(["parameter made required"]);
    expect(check.breaking[0]!.description).toMatch(/`skip`/);
  });

  it("a changed format (int64 to int32: neither narrower nor wider for every direction, so breaking in both)", () => {
    const check = compare("narrowedType");
    expect(new Set(kinds(check))).toEqual(new Set(["changed type"]));
    expect(check.breaking.every((c) => c.description.includes("size"))).toBe(true);
    expect(check.breaking.map((c) => c.policy?.direction)).toEqual(expect.arrayContaining(["request", "response"]));
  });

  it("an enum value added to a response (clients that switch over every value break)", () => {
    const check = compare("responseEnumValueAdded");
    expect(check.ok).toBe(false);
    expect(new Set(kinds(check))).toEqual(new Set(["added enum value in a response"]));
  });

  it("a removed security requirement (Roles dropped: role-holding callers are locked out)", () => {
    const check = compare("removedSecurity");
    expect(kinds(check)).toContain("removed security requirement");
  });

  it("a version no longer emitted", () => {
    const result = checkContract("widgets", "the base", new Map([["v1", "{}"]]), new Map([["v2", "{}"]]));
    expect(result.ok).toBe(false);
    expect(result.breaking.map((c) => c.description)).toEqual([
      "version v1 removed: openapi.v1.json is no longer emitted",
    ]);
  });
});

describe("allowed changes pass", () => {
  it("an optional property, a new operation, a relaxed requirement", () => {
    const check = compare("additions");
    expect(check.breaking).toEqual([]);
    expect(check.ok).toBe(true);
    const allowed = check.allowed.map((c) => c.description).join("\n");
    expect(allowed).toMatch(/property `label`/);
    expect(allowed).toMatch(/operation DELETE \/widgets\/\{widgetId\}/);
    expect(allowed).toMatch(/required status from .*`skip`/);
  });

  it("an unchanged contract has no changes at all", () => {
    const check = compare("unchanged");
    expect([check.breaking, check.allowed]).toEqual([[], []]);
    expect(renderCheck(check)).toBe("unchanged: no breaking changes against the base (openapi.v1.json).");
  });
});

describe("a new version in the Versions enum", () => {
  it("done right (@removed on v2) keeps v1 unchanged and emits v2 as new", () => {
    const check = compare("newVersionDoneRight");
    expect(check.breaking).toEqual([]);
    expect(check.newVersions).toEqual(["v2"]);
    expect(check.ok).toBe(true);
  });

  it("accepts breaking changes to the old version, and says so", () => {
    const check = compare("newVersionBreakingV1");
    expect(check.breaking.length).toBeGreaterThan(0);
    expect(check.acceptedByNewVersion).toBe(true);
    expect(check.ok).toBe(true);
    expect(renderCheck(check)).toMatch(/accepted: the contract declares new version v2/);
  });
});

it("a contract without a baseline passes with a note (a new contract)", () => {
  const check = checkContract(
    "fresh",
    "the committed baseline (contracts/fresh/baseline)",
    new Map(),
    new Map([["v1", "{}"]]),
  );
  expect(check.ok).toBe(true);
  expect(renderCheck(check)).toMatch(
    /^fresh: nothing to compare: the committed baseline \(contracts\/fresh\/baseline\) has no openapi\.\*\.json \(a new contract/,
  );
});
