// The plan's decisions: what counts as a change (normalisation), and which changes need a rebuild.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/config/load.js";
import { loadDefinitions, type Definitions } from "../../../src/search/definitions/definitions.js";
import { canonicalDuration, durationSeconds, normaliseDefinition } from "../../../src/search/plan/normalise.js";
import { buildPlan, HIDDEN, type LiveDefinitions } from "../../../src/search/plan/plan.js";
import { renderPlan } from "../../../src/search/views/plan-text.js";
import { type JsonObject } from "../../../src/search/definitions/json.js";
import { repoRoot } from "../../../src/config/repo-root.js";

const config = parseConfig(
  readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8"),
  "config/dev/vars.yml",
);
const files = (): Definitions => structuredClone(loadDefinitions(config.search));

/** What the service returns on GET for a definition it accepted: defaults filled, OData annotations added. */
function asServiceReturnsIt(defs: Definitions): LiveDefinitions {
  const index = structuredClone(defs.index) as JsonObject & {
    fields: JsonObject[];
    scoringProfiles: JsonObject[];
    semantic: { configurations: JsonObject[] };
  };
  index.fields = index.fields.map((f) => ({ ...f, dimensions: null, vectorSearchProfile: null, vectorEncoding: null }));
  index.scoringProfiles = index.scoringProfiles.map((p) => ({
    ...p,
    functionAggregation: "sum",
    text: { weights: { ...(p.text as { weights: object }).weights } },
  }));
  index.semantic.configurations = index.semantic.configurations.map((c) => ({
    ...c,
    rankingOrder: "BoostedRerankerScore",
  }));
  Object.assign(index, {
    "@odata.context": "https://x/$metadata#indexes/$entity",
    "@odata.etag": '"0x1"',
    description: null,
    corsOptions: null,
    suggesters: [],
    // The service returns the analysis definitions it was given.
    analyzers: index.analyzers ?? [],
    tokenizers: index.tokenizers ?? [],
    tokenFilters: index.tokenFilters ?? [],
    charFilters: index.charFilters ?? [],
    normalizers: [],
    encryptionKey: null,
    vectorSearch: null,
    // The similarity the index was created with, or BM25 with the service's defaults (k1, b null).
    similarity: index.similarity ?? { "@odata.type": "#Microsoft.Azure.Search.BM25Similarity", k1: null, b: null },
  });
  const datasource = {
    "@odata.etag": '"0x2"',
    ...structuredClone(defs.datasource),
    credentials: { connectionString: null },
    description: null,
    identity: null,
    dataChangeDetectionPolicy: null,
    encryptionKey: null,
    container: { name: "$web", query: null },
  };
  const indexer = structuredClone(defs.indexer) as JsonObject & { fieldMappings: JsonObject[] };
  Object.assign(indexer, {
    "@odata.etag": '"0x3"',
    description: null,
    skillsetName: null,
    disabled: false,
    outputFieldMappings: [],
    encryptionKey: null,
    schedule: { interval: "P1D", startTime: "2026-11-23T09:00:00Z" },
    parameters: { ...(indexer.parameters as object), batchSize: null },
  });
  return {
    index: { definition: index, etag: '"0x1"' },
    datasource: { definition: datasource, etag: '"0x2"' },
    indexer: { definition: indexer, etag: '"0x3"' },
  };
}

describe("normalisation", () => {
  it("reads durations by length: PT24H = P1D = PT1440M", () => {
    expect(durationSeconds("PT24H")).toBe(86400);
    expect(durationSeconds("P1D")).toBe(86400);
    expect(durationSeconds("PT1440M")).toBe(86400);
    expect(durationSeconds("P1DT2H")).toBe(93600);
    expect(durationSeconds("daily")).toBeUndefined();
    expect([86400, 43200, 93600, 300].map(canonicalDuration)).toEqual(["P1D", "PT12H", "P1DT2H", "PT5M"]);
  });

  it("drops nulls, empty lists and service defaults; keeps values that differ from them", () => {
    const n = normaliseDefinition("indexer", {
      name: "i",
      disabled: false,
      description: null,
      parameters: {
        maxFailedItems: -1,
        maxFailedItemsPerBatch: 0,
        configuration: { parsingMode: "default", dataToExtract: "allMetadata" },
      },
    });
    expect(n).toEqual({
      name: "i",
      parameters: { maxFailedItems: -1, configuration: { dataToExtract: "allMetadata" } },
    });
  });

  it("reads a boolean option the service reports as false as not set, except the ones true by default", () => {
    expect(
      normaliseDefinition("index", {
        semantic: { configurations: [{ name: "d", flightingOptIn: false }] },
        purviewEnabled: false,
      }),
    ).toEqual({ semantic: { configurations: [{ name: "d" }] } });
    expect(
      normaliseDefinition("indexer", { parameters: { configuration: { firstLineContainsHeaders: false } } }),
    ).toEqual({ parameters: { configuration: { firstLineContainsHeaders: false } } });
  });

  it("compares extension lists as sets and fills base64Encode's documented default parameter", () => {
    const a = normaliseDefinition("indexer", {
      parameters: { configuration: { excludedFileNameExtensions: ".png, .CSS" } },
      fieldMappings: [{ sourceFieldName: "p", targetFieldName: "id", mappingFunction: { name: "base64Encode" } }],
    });
    const b = normaliseDefinition("indexer", {
      parameters: { configuration: { excludedFileNameExtensions: ".css,.png" } },
      fieldMappings: [
        {
          sourceFieldName: "p",
          targetFieldName: "id",
          mappingFunction: { name: "base64Encode", parameters: { useHttpServerUtilityUrlTokenEncode: true } },
        },
      ],
    });
    expect(a).toEqual(b);
  });
});

describe("plan", () => {
  it("an empty service: create for all three, in deploy order", () => {
    const plan = buildPlan(files(), {});
    expect(plan.objects.map((o) => [o.kind, o.action])).toEqual([
      ["index", "create"],
      ["datasource", "create"],
      ["indexer", "create"],
    ]);
  });

  it("what the service returns for the files is unchanged (defaults, ETags, P1D, start time, write-only secret)", () => {
    const plan = buildPlan(files(), asServiceReturnsIt(files()));
    expect(plan.objects.map((o) => [o.kind, o.action, o.changes])).toEqual([
      ["index", "unchanged", []],
      ["datasource", "unchanged", []],
      ["indexer", "unchanged", []],
    ]);
  });

  it("omitted field attributes are read with REST defaults, not as changes", () => {
    const live = asServiceReturnsIt(files());
    const desired = files();
    // The same attributes, but the file leaves the REST defaults out.
    for (const f of desired.index.fields as JsonObject[]) {
      for (const [k, v] of Object.entries({
        retrievable: true,
        stored: true,
        key: false,
        analyzer: null,
        synonymMaps: [],
      }))
        if (JSON.stringify(f[k]) === JSON.stringify(v)) delete f[k];
    }
    expect(buildPlan(desired, live).objects[0]!.action).toBe("unchanged");
  });

  it("making section searchable is a rebuild naming section and searchable", () => {
    const desired = files();
    (desired.index.fields as JsonObject[]).find((f) => f.name === "section")!.searchable = true;
    const index = buildPlan(desired, asServiceReturnsIt(files())).objects[0]!;
    expect(index.action).toBe("rebuild");
    expect(index.changes).toEqual([
      expect.objectContaining({
        path: "fields[section].searchable",
        field: "section",
        attribute: "searchable",
        from: false,
        to: true,
        effect: "rebuild",
      }),
    ]);
  });

  it("moving a live index to the identifier analyzer is a rebuild: indexAnalyzer on title, description, content", () => {
    // The live index as it was before docs_identifiers: no analysis definitions, standard on every field.
    const before = files();
    delete before.index.analyzers;
    delete before.index.tokenFilters;
    for (const f of before.index.fields as JsonObject[])
      Object.assign(f, { indexAnalyzer: null, searchAnalyzer: null });
    const index = buildPlan(files(), asServiceReturnsIt(before)).objects[0]!;
    expect(index.action).toBe("rebuild");
    const rebuilds = index.changes.filter((c) => c.effect === "rebuild").map((c) => c.path);
    expect(rebuilds).toEqual(
      expect.arrayContaining([
        "fields[title].indexAnalyzer",
        "fields[description].indexAnalyzer",
        "fields[content].indexAnalyzer",
      ]),
    );
    // The analysis definitions themselves are new entries: added in place (the fields make it a rebuild).
    expect(
      index.changes.filter((c) => c.path === "analyzers" || c.path === "tokenFilters").map((c) => c.effect),
    ).toEqual(["in-place", "in-place"]);
  });

  it("moving from docs_identifiers to the English analysis is a rebuild (a changed indexAnalyzer), the query side in place", () => {
    // The live index with the earlier analysis: word parts and lowercase only, standard.lucene at query time.
    const before = files();
    before.index.analyzers = [
      {
        "@odata.type": "#Microsoft.Azure.Search.CustomAnalyzer",
        name: "docs_identifiers",
        charFilters: [],
        tokenFilters: ["docs_identifier_parts", "lowercase"],
        tokenizer: "standard_v2",
      },
    ];
    before.index.tokenFilters = (before.index.tokenFilters as JsonObject[]).filter(
      (f) => f.name === "docs_identifier_parts",
    );
    for (const f of before.index.fields as JsonObject[])
      if (f.indexAnalyzer) Object.assign(f, { indexAnalyzer: "docs_identifiers", searchAnalyzer: "standard.lucene" });
    const index = buildPlan(files(), asServiceReturnsIt(before)).objects[0]!;
    expect(index.action).toBe("rebuild");
    const byEffect = (effect: string) => index.changes.filter((c) => c.effect === effect).map((c) => c.path);
    expect(byEffect("rebuild")).toEqual(
      expect.arrayContaining([
        "fields[title].indexAnalyzer",
        "fields[description].indexAnalyzer",
        "fields[content].indexAnalyzer",
      ]),
    );
    expect(byEffect("rebuild")).not.toContain("fields[title].searchAnalyzer");
  });

  it("moving from Lucene's 33 stop words and the default BM25 to Snowball's list and k1 2, b 0.5 is a rebuild", () => {
    // The live index with the earlier English analysis and no similarity of its own.
    const before = files();
    before.index.tokenFilters = (before.index.tokenFilters as JsonObject[]).map((f) =>
      f.name === "docs_english_stop"
        ? {
            "@odata.type": f["@odata.type"],
            name: f.name,
            ignoreCase: false,
            removeTrailing: true,
            stopwordsList: "english",
          }
        : f,
    );
    delete before.index.similarity;
    const index = buildPlan(files(), asServiceReturnsIt(before)).objects[0]!;
    expect(index.action).toBe("rebuild");
    expect(index.changes.filter((c) => c.effect === "rebuild").map((c) => [c.path, c.reason])).toEqual(
      expect.arrayContaining([
        [
          expect.stringMatching(/^tokenFilters\[docs_english_stop\]/),
          "changing or deleting an existing tokenFilters entry requires a rebuild",
        ],
        [expect.stringMatching(/^similarity/), "the similarity algorithm can only be set when an index is created"],
      ]),
    );
  });

  it.each(["type", "filterable", "sortable", "facetable", "analyzer"])(
    "changing %s on an existing field is a rebuild",
    (attribute) => {
      const desired = files();
      const f = (desired.index.fields as JsonObject[]).find((x) => x.name === "title")!;
      f[attribute] =
        attribute === "type" ? "Collection(Edm.String)" : attribute === "analyzer" ? "en.lucene" : !f[attribute];
      const index = buildPlan(desired, asServiceReturnsIt(files())).objects[0]!;
      expect(index.action).toBe("rebuild");
      expect(index.changes.map((c) => c.attribute)).toContain(attribute);
    },
  );

  it("removing a field is a rebuild", () => {
    const desired = files();
    desired.index.fields = (desired.index.fields as JsonObject[]).filter((f) => f.name !== "format");
    const index = buildPlan(desired, asServiceReturnsIt(files())).objects[0]!;
    expect(index.action).toBe("rebuild");
    expect(index.changes).toEqual([
      expect.objectContaining({ path: "fields[format]", change: "removed", effect: "rebuild" }),
    ]);
  });

  it("a new field, retrievable, scoring weights, the semantic configuration and CORS are updates in place", () => {
    const live = asServiceReturnsIt(files());
    const desired = files();
    (desired.index.fields as JsonObject[]).push({
      name: "language",
      type: "Edm.String",
      searchable: false,
      filterable: true,
      sortable: false,
      facetable: true,
      retrievable: true,
    });
    (desired.index.fields as JsonObject[]).find((f) => f.name === "path")!.retrievable = false;
    ((desired.index.scoringProfiles as any[])[0].text.weights as Record<string, number>).title = 6;
    (desired.index.semantic as any).configurations[0].prioritizedFields.prioritizedKeywordsFields.reverse();
    desired.index.corsOptions = { allowedOrigins: ["https://docs.example.com"], maxAgeInSeconds: 300 };
    const plan = buildPlan(desired, live);
    const index = plan.objects[0]!;
    expect(index.action).toBe("update");
    expect(index.changes.every((c) => c.effect === "in-place")).toBe(true);
    expect(index.changes.map((c) => c.path)).toEqual([
      "fields[path].retrievable",
      "fields[language]",
      "scoringProfiles[docs-default].text.weights.title",
      "semantic.configurations[default].prioritizedFields.prioritizedKeywordsFields",
      "corsOptions",
    ]);
    expect(plan.addedFields).toEqual(["language"]);
    expect(index.notes.join()).toMatch(/language.*null.*backfill/);
  });

  it("indexer changes are in place and durations compare by length", () => {
    const desired = files();
    (desired.indexer.schedule as JsonObject).interval = "PT12H";
    const indexer = buildPlan(desired, asServiceReturnsIt(files())).objects[2]!;
    expect(indexer.action).toBe("update");
    expect(indexer.changes).toEqual([
      expect.objectContaining({ path: "schedule.interval", from: "P1D", to: "PT12H", effect: "in-place" }),
    ]);
  });

  it("never shows a connection string, and reports a readable one that differs without its value", () => {
    const live = asServiceReturnsIt(files());
    (live.datasource!.definition.credentials as JsonObject).connectionString =
      "DefaultEndpointsProtocol=https;AccountName=a;AccountKey=c2VjcmV0;";
    const plan = buildPlan(files(), live);
    const ds = plan.objects[1]!;
    expect(ds.changes).toEqual([
      expect.objectContaining({ path: "credentials.connectionString", from: HIDDEN, to: HIDDEN }),
    ]);
    const everything = JSON.stringify(plan) + renderPlan(plan);
    expect(everything).not.toContain("c2VjcmV0");
    expect(everything).not.toContain("ResourceId=");
  });

  it("a redacted or <unchanged> connection string is no diff (no perpetual drift)", () => {
    for (const value of [null, "<unchanged>", "<redacted>", undefined]) {
      const live = asServiceReturnsIt(files());
      (live.datasource!.definition.credentials as JsonObject).connectionString = value;
      expect(buildPlan(files(), live).objects[1]!.action).toBe("unchanged");
    }
  });

  it("renders a readable diff naming each change, its effect and why", () => {
    const desired = files();
    (desired.index.fields as JsonObject[]).find((f) => f.name === "section")!.searchable = true;
    const text = renderPlan(buildPlan(desired, asServiceReturnsIt(files())));
    expect(text).toContain("index docs-index: rebuild (drop and recreate)");
    expect(text).toMatch(/~ fields\[section\]\.searchable: false -> true \[rebuild\] searchable cannot change/);
    expect(text).toContain("datasource docs-datasource: unchanged");
    expect(text).toContain("Plan: 0 to create, 0 to update in place, 1 to rebuild, 2 unchanged.");
  });
});
