// The saved-plan file: what it records, how it is read back (zod, named keys), which versions it refuses, that
// it never carries a secret, and every reason checkSavedPlan refuses to apply it (all at once).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildPlan, type LiveDefinitions } from "../../../src/search/plan/plan.js";
import {
  createSavedPlan,
  parseSavedPlan,
  plannedBlueGreen,
  SAVED_PLAN_FORMAT_VERSION,
  savedPlanSchema,
  SavedPlanFileError,
  SavedPlanFormatError,
  SavedPlanSecretError,
  serializeSavedPlan,
  type SavedPlan,
} from "../../../src/search/saved-plans/saved-plan.js";
import { checkSavedPlan, endpointKey } from "../../../src/search/saved-plans/saved-plan-check.js";
import { renderSavedPlan } from "../../../src/search/views/saved-plan-text.js";
import {
  deployedLive,
  devDefinitions,
  TARGET,
  withLanguageField,
  withSearchableSection,
} from "../../support/plan-fixtures.js";
import type { JsonObject } from "../../../src/search/definitions/json.js";
import { repoRoot } from "../../../src/config/repo-root.js";

const NOW = new Date("2026-11-23T21:00:00.000Z");

function saved(definitions = withLanguageField(), live: LiveDefinitions = deployedLive()): SavedPlan {
  return createSavedPlan({
    plan: buildPlan(definitions, live),
    definitions,
    live,
    target: { ...TARGET, api_version: "2026-04-01" },
    toolVersion: "0.1.0",
    now: NOW,
  });
}

const roundTrip = (s: SavedPlan) => parseSavedPlan(serializeSavedPlan(s), "plan.json");

/** What parseSavedPlan throws for `doc` (undefined if it does not throw). */
function parseError(doc: unknown): Error | undefined {
  try {
    parseSavedPlan(JSON.stringify(doc), "plan.json");
  } catch (e) {
    return e as Error;
  }
  return undefined;
}

describe("saved plan: what it records", () => {
  it("the filled definitions, the ETags read, the classified plan, the target; and reads back unchanged", () => {
    const s = saved();
    expect(s).toMatchObject({
      format_version: SAVED_PLAN_FORMAT_VERSION,
      kind: "docs-index/saved-plan",
      created_at: "2026-11-23T21:00:00.000Z",
      tool_version: "0.1.0",
      target: {
        environment: "dev",
        endpoint: "https://srch-docs-dev.search.windows.net",
        api_version: "2026-04-01",
        index_name: "docs-index",
        current_index: "docs-index",
      },
      live: [
        { kind: "index", name: "docs-index", etag: '"0x1"' },
        { kind: "datasource", name: "docs-datasource", etag: '"0x2"' },
        { kind: "indexer", name: "docs-indexer", etag: '"0x3"' },
      ],
      rebuild: null,
    });
    expect(s.plan.objects.map((o) => o.action)).toEqual(["update", "unchanged", "unchanged"]);
    expect((s.definitions.index.fields as JsonObject[]).at(-1)!.name).toBe("language");
    expect(String((s.definitions.datasource.credentials as JsonObject).connectionString)).toMatch(
      /^ResourceId=\/subscriptions\//,
    );
    expect(roundTrip(s)).toEqual(s);
    expect(serializeSavedPlan(s).endsWith("}\n")).toBe(true);
  });

  it("an object that does not exist yet is pinned as absent (etag null)", () => {
    const s = saved(devDefinitions(), {});
    expect(s.live.map((r) => r.etag)).toEqual([null, null, null]);
    expect(roundTrip(s).plan.summary.create).toBe(3);
  });

  it("a rebuild records its strategy (drop and recreate unless the deploy says blue/green) with the alias pinned", () => {
    expect(saved(withSearchableSection()).rebuild).toEqual({ strategy: "drop-and-recreate" });
    const definitions = withSearchableSection();
    const blueGreen = createSavedPlan({
      plan: buildPlan(definitions, deployedLive()),
      definitions,
      live: deployedLive(),
      target: { ...TARGET, api_version: "2026-04-01", current_index: "docs-index-3" },
      toolVersion: "0.1.0",
      rebuild: { strategy: "blue-green", next_index: "docs-index-4" },
      alias: { name: "docs-index", etag: '"0xA"' },
    });
    expect(roundTrip(blueGreen)).toMatchObject({
      target: { index_name: "docs-index", current_index: "docs-index-3" },
      rebuild: { strategy: "blue-green", next_index: "docs-index-4" },
      live: expect.arrayContaining([{ kind: "alias", name: "docs-index", etag: '"0xA"' }]),
    });
    expect(plannedBlueGreen(blueGreen)).toEqual({
      alias: "docs-index",
      from: "docs-index-3",
      to: "docs-index-4",
      deletes: [],
    });
    expect(plannedBlueGreen(saved(withSearchableSection()))).toBeUndefined();
  });

  it("refuses to write a secret: a key-based connection string or an encryption key's application secret", () => {
    const keyed = withLanguageField();
    keyed.datasource.credentials = {
      connectionString: "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=c2VjcmV0;",
    };
    expect(() => saved(keyed)).toThrow(SavedPlanSecretError);
    expect(() => saved(keyed)).toThrow(/datasource credentials.connectionString.*managed identity/);
    const encrypted = withLanguageField();
    encrypted.index.encryptionKey = {
      keyVaultKeyName: "k",
      accessCredentials: { applicationId: "a", applicationSecret: "s3cret" },
    };
    expect(() => saved(encrypted)).toThrow(/index\.encryptionKey\.accessCredentials\.applicationSecret/);
    expect(() => saved(encrypted)).not.toThrow(/s3cret/);
  });
});

describe("saved plan: reading a file", () => {
  it("not JSON, or another JSON file: a usage error naming the file and what to do", () => {
    expect(() => parseSavedPlan("{", "x.json")).toThrow(SavedPlanFileError);
    expect(() => parseSavedPlan("{", "x.json")).toThrow(/^x\.json: not valid JSON .*docs-index plan -out/);
    expect(() => parseSavedPlan('{"objects":[]}', "plan.json")).toThrow(
      /plan\.json: not a docs-index saved plan \(expected "kind": "docs-index\/saved-plan"\)/,
    );
  });

  it("a key missing or of the wrong type is named", () => {
    const doc = JSON.parse(serializeSavedPlan(saved()));
    delete doc.target.endpoint;
    doc.live[1].etag = 7;
    const error = parseError(doc);
    expect(error).toBeInstanceOf(SavedPlanFileError);
    expect(error!.message).toMatch(/^plan\.json: .*target\.endpoint: /);
    expect(error!.message).toMatch(/live\.1\.etag: /);
  });

  it.each([
    ["0.9", "older", /an older format \(format_version 0\.9; this docs-index reads 1\.1\)\. Plan again/],
    ["0", "older", /an older format/],
    // 1.0 plans named no deletions, no operation under way and no re-ranking: plan again.
    ["1.0", "older", /an older format \(format_version 1\.0; this docs-index reads 1\.1\)/],
    ["1.2", "newer", /a newer format .*docs-index version that wrote it/],
    ["2.0", "newer", /a newer format/],
  ])("format_version %s is refused as %s", (version, age, message) => {
    const doc = { ...JSON.parse(serializeSavedPlan(saved())), format_version: version };
    const error = parseError(doc) as SavedPlanFormatError | undefined;
    expect(error).toBeInstanceOf(SavedPlanFormatError);
    expect(error!.age).toBe(age);
    expect(error!.message).toMatch(message);
  });
});

describe("checkSavedPlan: may it be applied now?", () => {
  const here = { environment: "dev", endpoint: "https://srch-docs-dev.search.windows.net" };

  it("same target, same ETags: no refusal", () => {
    expect(checkSavedPlan(saved(), { target: here, live: deployedLive() })).toEqual([]);
    // The endpoint is compared as a URL: case of the host and a trailing slash do not matter.
    expect(endpointKey("https://SRCH-docs-dev.search.windows.net/")).toBe(endpointKey(here.endpoint));
    expect(
      checkSavedPlan(saved(), { target: { ...here, endpoint: `${here.endpoint}/` }, live: deployedLive() }),
    ).toEqual([]);
  });

  it("another environment and another endpoint: both named", () => {
    const refusals = checkSavedPlan(saved(), {
      target: { environment: "prod", endpoint: "https://srch-docs-prod.search.windows.net" },
      live: deployedLive(),
    });
    expect(refusals.map((r) => [r.reason, r.message])).toEqual([
      ["environment", "the plan is for environment dev; this run targets prod"],
      [
        "endpoint",
        "the plan was made against https://srch-docs-dev.search.windows.net; this run targets https://srch-docs-prod.search.windows.net",
      ],
    ]);
  });

  it("a live ETag moved, an object deleted, an object created since the plan: each named with both ETags", () => {
    const live = deployedLive(['"0x9"', '"0x2"', '"0x3"']);
    delete live.indexer;
    expect(checkSavedPlan(saved(), { target: here, live })).toEqual([
      {
        reason: "etag",
        kind: "index",
        name: "docs-index",
        planned: '"0x1"',
        live: '"0x9"',
        message: 'index docs-index changed on the service after the plan (ETag "0x1" -> "0x9")',
      },
      expect.objectContaining({
        reason: "etag",
        kind: "indexer",
        message: "indexer docs-indexer was deleted on the service after the plan",
      }),
    ]);
    const fromEmpty = saved(devDefinitions(), {});
    expect(checkSavedPlan(fromEmpty, { target: here, live: { index: deployedLive().index } })).toEqual([
      expect.objectContaining({
        reason: "etag",
        message: "index docs-index was created on the service after the plan",
      }),
    ]);
  });

  it("a pinned alias that moved is refused like a definition", () => {
    const s = saved();
    s.live.push({ kind: "alias", name: "docs-index", etag: '"0xA"' });
    expect(
      checkSavedPlan(s, { target: here, live: deployedLive(), alias: { name: "docs-index", etag: '"0xA"' } }),
    ).toEqual([]);
    expect(
      checkSavedPlan(s, { target: here, live: deployedLive(), alias: { name: "docs-index", etag: '"0xB"' } }),
    ).toEqual([
      expect.objectContaining({
        reason: "etag",
        kind: "alias",
        message: expect.stringMatching(/alias docs-index changed/),
      }),
    ]);
  });

  it("a plan edited by hand (an update hidden as unchanged) no longer follows from its definitions", () => {
    const s = saved();
    s.plan.objects[0]!.action = "unchanged";
    s.plan.objects[0]!.changes = [];
    expect(checkSavedPlan(s, { target: here, live: deployedLive() }).map((r) => r.reason)).toEqual(["plan"]);
  });

  it("definitions that differ from the checkout being deployed are named per object", () => {
    const refusals = checkSavedPlan(saved(), { target: here, live: deployedLive(), files: devDefinitions() });
    expect(refusals).toEqual([
      expect.objectContaining({
        reason: "definitions",
        kind: "index",
        message:
          "the index definition in this checkout differs from the one in the saved plan (the plan was made from another commit)",
      }),
    ]);
    expect(checkSavedPlan(saved(), { target: here, live: deployedLive(), files: withLanguageField() })).toEqual([]);
  });
});

describe("renderSavedPlan (show, for people)", () => {
  it("names the target, when and by what it was made, the ETags it is pinned to, then the plan", () => {
    const text = renderSavedPlan(saved(withSearchableSection()));
    expect(text.split("\n").slice(0, 4)).toEqual([
      "Saved plan for environment dev, endpoint https://srch-docs-dev.search.windows.net",
      "made 2026-11-23T21:00:00.000Z by docs-index 0.1.0 (format 1.1, api 2026-04-01)",
      'planned against: index docs-index "0x1", datasource docs-datasource "0x2", indexer docs-indexer "0x3"',
      "rebuild by drop-and-recreate",
    ]);
    expect(text).toContain("fields[section].searchable: false -> true [rebuild]");
    expect(text).toMatch(/Plan: 0 to create, 0 to update in place, 1 to rebuild, 2 unchanged\./);
    expect(renderSavedPlan(saved(devDefinitions(), {}))).toContain(
      "planned against: index docs-index (absent), datasource docs-datasource (absent), indexer docs-indexer (absent)",
    );
  });
});

describe("schemas/docs-index/show.schema.json", () => {
  it("is the file's zod schema as JSON Schema (regenerate it when the format changes)", () => {
    const committed = JSON.parse(
      readFileSync(path.join(repoRoot, "schemas", "docs-index", "show.schema.json"), "utf8"),
    );
    const { $schema, ...generated } = z.toJSONSchema(savedPlanSchema, { target: "draft-2020-12", io: "input" });
    expect(committed.$schema).toBe($schema);
    for (const [key, value] of Object.entries(generated)) expect(committed[key], key).toEqual(value);
  });
});
