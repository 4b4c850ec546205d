// The commands' typed arguments (src/cli/docs-index/arguments/), parsed from the options as commander hands them,
// without commander: the usage errors a command line gets before anything runs, the defaults, what a flag means.
import { describe, expect, it } from "vitest";
import { CliError } from "../../../src/cli/exit-codes.js";
import { parseBackfill } from "../../../src/cli/docs-index/arguments/backfill.js";
import { parseDeploy, type DeployFlags } from "../../../src/cli/docs-index/arguments/deploy.js";
import { parseEval, type EvalFlags } from "../../../src/cli/docs-index/arguments/eval.js";
import { parseMigrate } from "../../../src/cli/docs-index/arguments/migrate-to-alias.js";
import { parseOrphans } from "../../../src/cli/docs-index/arguments/orphans.js";
import { parsePlan } from "../../../src/cli/docs-index/arguments/plan.js";
import { parsePreview } from "../../../src/cli/docs-index/arguments/preview.js";
import { parseShow } from "../../../src/cli/docs-index/arguments/show.js";
import { parseStatus } from "../../../src/cli/docs-index/arguments/status.js";

/** The CliError `parse` throws: its outcome and message. */
function failure(parse: () => unknown): { outcome: string; message: string } {
  try {
    parse();
  } catch (err) {
    if (err instanceof CliError) return { outcome: err.outcome, message: err.message };
    throw err;
  }
  throw new Error("parsed without error");
}

const blueGreen = { tolerance: 10, propagationWait: 10, crawlTimeout: 21600, pollInterval: 10 };
const deployFlags = (over: Partial<DeployFlags> = {}): DeployFlags => ({
  ...blueGreen,
  definitions: "search-definitions",
  relevanceTolerance: 0.05,
  eval: true,
  timeout: 7200,
  ...over,
});

describe("deploy", () => {
  it("applies the files by default: nothing asked for is on, the relevance files come from --definitions", () => {
    const args = parseDeploy(undefined, deployFlags({ golden: "g.yml" }));
    expect(args).toMatchObject({
      planFile: undefined,
      dryRun: false,
      allowRebuild: false,
      resume: false,
      prune: false,
      forceBlueGreen: false,
      wait: false,
      yes: false,
      verb: "deploy",
      relevance: { golden: "g.yml", definitions: "search-definitions", tolerance: 0.05, eval: true },
      waitFor: { timeoutSeconds: 7200, pollSeconds: 10 },
      blueGreen,
    });
  });

  it("a saved plan's golden queries never come from --definitions (the plan holds its own definitions)", () => {
    const args = parseDeploy("plan.json", deployFlags({ dryRun: true, eval: false }));
    expect(args.planFile).toBe("plan.json");
    expect(args.definitions).toBe("search-definitions");
    expect(args.relevance).toEqual({ golden: undefined, definitions: undefined, tolerance: 0.05, eval: false });
    expect(args.verb).toBe("deploy --dry-run");
  });

  it("--blue-green with a saved plan is a usage error", () => {
    expect(failure(() => parseDeploy("plan.json", deployFlags({ blueGreen: true })))).toEqual({
      outcome: "usage",
      message: "--blue-green applies to the definitions, not to a saved plan",
    });
    expect(parseDeploy(undefined, deployFlags({ blueGreen: true })).forceBlueGreen).toBe(true);
  });
});

describe("--markdown excludes --json (plan, show, eval)", () => {
  const evalFlags: EvalFlags = { k: 5, gain: "exponential", relevanceTolerance: 0.05, concurrency: 4, markdown: true };
  for (const [name, parse] of [
    ["plan", (json: boolean) => parsePlan({ markdown: true }, json).format],
    ["show", (json: boolean) => parseShow("plan.json", { markdown: true }, json).format],
    ["eval", (json: boolean) => parseEval(evalFlags, json).format],
  ] as const) {
    it(name, () => {
      expect(parse(false)).toBe("markdown");
      expect(failure(() => parse(true))).toEqual({
        outcome: "usage",
        message: "--markdown and --json exclude each other",
      });
    });
  }

  it("text without --markdown; plan's --detailed-exitcode and -out", () => {
    expect(parsePlan({ out: "p.json", detailedExitcode: true }, true)).toEqual({
      definitions: undefined,
      detailedExitcode: true,
      out: "p.json",
      format: "text",
    });
  });
});

describe("eval", () => {
  it("keeps where the golden file comes from, the index and the baseline as given", () => {
    const args = parseEval(
      {
        definitions: "defs",
        index: "docs-index-2",
        k: 3,
        gain: "linear",
        baseline: "b.json",
        relevanceTolerance: 0.1,
        concurrency: 2,
      },
      false,
    );
    expect(args).toEqual({
      golden: { golden: undefined, definitions: "defs" },
      index: "docs-index-2",
      k: 3,
      gain: "linear",
      baseline: "b.json",
      tolerance: 0.1,
      concurrency: 2,
      format: "text",
    });
  });
});

describe("orphans", () => {
  it("a dry run by default; --include-stale alone does nothing and says so", () => {
    const args = parseOrphans({ includeStale: true, batchSize: 1000 });
    expect(args).toMatchObject({ delete: false, includeStale: true, apps: undefined, verb: "orphans (dry run)" });
    expect(args.warnings).toEqual(["--include-stale has no effect without --delete"]);
  });

  it("--apps is a comma-separated list (blanks dropped); an empty --apps is none", () => {
    const args = parseOrphans({ delete: true, apps: " billing, payments,,", batchSize: 100, yes: true });
    expect([...args.apps!]).toEqual(["billing", "payments"]);
    expect(args).toMatchObject({ delete: true, yes: true, batchSize: 100, warnings: [], verb: "orphans --delete" });
    expect(parseOrphans({ apps: "", batchSize: 1000 }).apps).toBeUndefined();
  });
});

describe("preview", () => {
  const resourceId = "/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/docsdev";

  it("the account of the configuration, or of --account-url (host-style or path-style)", () => {
    expect(parsePreview("site", {}, resourceId).accountName).toBe("docsdev");
    expect(parsePreview("site", { accountUrl: "https://other.blob.core.windows.net" }, resourceId).accountName).toBe(
      "other",
    );
    expect(parsePreview("site", { accountUrl: "http://127.0.0.1:10000/devstoreaccount1" }, resourceId)).toEqual({
      folder: "site",
      accountName: "devstoreaccount1",
      failuresOnly: false,
      definitions: undefined,
    });
  });

  it("an --account-url that is no URL is a usage error naming it", () => {
    expect(failure(() => parsePreview("site", { accountUrl: "not a url" }, resourceId))).toEqual({
      outcome: "usage",
      message: "--account-url is not a URL: not a url",
    });
  });
});

describe("the waiting commands", () => {
  it("status: the history's length and the wait", () => {
    expect(parseStatus({ history: 3, wait: true, timeout: 60, pollInterval: 2 })).toEqual({
      historyLimit: 3,
      wait: true,
      waitFor: { timeoutSeconds: 60, pollSeconds: 2 },
    });
  });

  it("backfill and migrate-to-alias: --yes, the definitions, the wait or the build's settings", () => {
    expect(parseBackfill({ timeout: 60, pollInterval: 2 })).toEqual({
      yes: false,
      waitFor: { timeoutSeconds: 60, pollSeconds: 2 },
      definitions: undefined,
    });
    expect(parseMigrate({ ...blueGreen, timeout: 60, resume: true, yes: true, definitions: "d" })).toEqual({
      definitions: "d",
      resume: true,
      yes: true,
      blueGreen,
    });
  });
});
