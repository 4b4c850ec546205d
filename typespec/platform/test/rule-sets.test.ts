// The linter's rule sets and rule metadata: `recommended` is the checklist by name, `all` is every rule, every
// rule links its README section, and a contract that follows the checklist has no findings.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { $linter, RECOMMENDED_RULES, rules } from "../src/linter.js";
import { RULES_DOC_BASE } from "../src/platform-names.js";
import { LIB, service } from "./support/rules.js";
import { PlatformTester, preparePlatformLibrary } from "./support/tester.js";

const readme = readFileSync(path.resolve(import.meta.dirname, "..", "README.md"), "utf8");
const enabled = (set: "all" | "recommended") => Object.keys($linter.ruleSets?.[set]?.enable ?? {}).sort();

describe("rule sets", () => {
  it("`all` enables every rule; `recommended` lists the checklist rules by name", () => {
    expect(enabled("all")).toEqual(rules.map((r) => `${LIB}/${r.name}`).sort());
    expect(enabled("recommended")).toEqual(RECOMMENDED_RULES.map((name) => `${LIB}/${name}`).sort());
  });

  it("a rule outside the checklist is in `all` only, so adding one does not fail every contract", () => {
    expect(enabled("all").filter((r) => !enabled("recommended").includes(r))).toEqual([`${LIB}/versioned-types-added`]);
  });

  it("every rule has a url to its own section of the library README, and a description", () => {
    for (const rule of $linter.rules) {
      expect(rule.url, rule.name).toBe(`${RULES_DOC_BASE}#${rule.name}`);
      expect(readme, `README section for ${rule.name}`).toContain(`### \`${rule.name}\``);
      expect(rule.description.length, rule.name).toBeGreaterThan(30);
    }
  });

  it("a contract that follows the checklist compiles with no findings under `recommended`", async () => {
    await preparePlatformLibrary();
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
  }, 120_000);

  it("the compiled package's rule set runs through tspconfig-style linter options, with the rule's url", async () => {
    const diagnostics = await PlatformTester.diagnose(`@service(#{ title: "U" }) namespace U;`, {
      compilerOptions: { linterRuleSet: { extends: [`${LIB}/recommended`] } },
    });
    expect(diagnostics.map((d) => [d.code, (d as { url?: string }).url])).toEqual([
      [`${LIB}/versioned-service`, `${RULES_DOC_BASE}#versioned-service`],
    ]);
  }, 120_000);
});
