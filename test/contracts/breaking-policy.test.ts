// The policy table (contracts/tooling/src/policy.ts), one test per row: a description whose request and response
// each carry their own copy of one schema, the keyword changed in one direction only, judged by the gate.
import { describe, expect, it } from "vitest";
import { compareDescriptions } from "../../contracts/tooling/src/breaking.js";
import { POLICY, type Effect, type Keyword, type PolicyRow } from "../../contracts/tooling/src/policy.js";

type Schema = Record<string, unknown>;

/** For each keyword and effect: the schema before and after a change with that effect. */
const EXAMPLES: Record<Keyword, Partial<Record<Effect, [Schema, Schema]>>> = {
  maxLength: {
    narrows: [
      { type: "string", maxLength: 10 },
      { type: "string", maxLength: 5 },
    ],
    widens: [
      { type: "string", maxLength: 10 },
      { type: "string", maxLength: 20 },
    ],
  },
  minLength: {
    narrows: [
      { type: "string", minLength: 1 },
      { type: "string", minLength: 2 },
    ],
    widens: [
      { type: "string", minLength: 2 },
      { type: "string", minLength: 1 },
    ],
  },
  maximum: {
    narrows: [
      { type: "integer", maximum: 10 },
      { type: "integer", maximum: 5 },
    ],
    widens: [{ type: "integer", maximum: 10 }, { type: "integer" }],
  },
  minimum: {
    narrows: [{ type: "integer" }, { type: "integer", minimum: 1 }],
    widens: [
      { type: "integer", minimum: 1 },
      { type: "integer", minimum: 0 },
    ],
  },
  exclusiveMaximum: {
    narrows: [
      { type: "integer", maximum: 10 },
      { type: "integer", maximum: 10, exclusiveMaximum: true },
    ],
    widens: [
      { type: "integer", maximum: 10, exclusiveMaximum: true },
      { type: "integer", maximum: 10 },
    ],
  },
  exclusiveMinimum: {
    narrows: [
      { type: "integer", minimum: 0 },
      { type: "integer", minimum: 0, exclusiveMinimum: true },
    ],
    widens: [
      { type: "integer", minimum: 0, exclusiveMinimum: true },
      { type: "integer", minimum: 0 },
    ],
  },
  maxItems: {
    narrows: [
      { type: "array", items: { type: "string" } },
      { type: "array", items: { type: "string" }, maxItems: 3 },
    ],
    widens: [
      { type: "array", items: { type: "string" }, maxItems: 3 },
      { type: "array", items: { type: "string" }, maxItems: 9 },
    ],
  },
  minItems: {
    narrows: [
      { type: "array", items: { type: "string" }, minItems: 1 },
      { type: "array", items: { type: "string" }, minItems: 2 },
    ],
    widens: [
      { type: "array", items: { type: "string" }, minItems: 1 },
      { type: "array", items: { type: "string" } },
    ],
  },
  uniqueItems: {
    narrows: [
      { type: "array", items: { type: "string" } },
      { type: "array", items: { type: "string" }, uniqueItems: true },
    ],
    widens: [
      { type: "array", items: { type: "string" }, uniqueItems: true },
      { type: "array", items: { type: "string" } },
    ],
  },
  multipleOf: {
    narrows: [{ type: "integer" }, { type: "integer", multipleOf: 2 }],
    widens: [{ type: "integer", multipleOf: 2 }, { type: "integer" }],
    changes: [
      { type: "integer", multipleOf: 2 },
      { type: "integer", multipleOf: 3 },
    ],
  },
  pattern: {
    narrows: [{ type: "string" }, { type: "string", pattern: "^[a-z]+$" }],
    widens: [{ type: "string", pattern: "^[a-z]+$" }, { type: "string" }],
    changes: [
      { type: "string", pattern: "^[a-z]+$" },
      { type: "string", pattern: "^[0-9]+$" },
    ],
  },
  enum: {
    narrows: [
      { type: "string", enum: ["a", "b"] },
      { type: "string", enum: ["a"] },
    ],
    widens: [
      { type: "string", enum: ["a"] },
      { type: "string", enum: ["a", "b"] },
    ],
  },
  nullable: {
    narrows: [{ type: "string", nullable: true }, { type: "string" }],
    widens: [{ type: "string" }, { type: "string", nullable: true }],
  },
  required: {
    narrows: [
      { type: "object", properties: { q: { type: "string" } } },
      { type: "object", required: ["q"], properties: { q: { type: "string" } } },
    ],
    widens: [
      { type: "object", required: ["q"], properties: { q: { type: "string" } } },
      { type: "object", properties: { q: { type: "string" } } },
    ],
  },
  type: {
    narrows: [{ description: "anything" }, { type: "string" }],
    widens: [{ type: "string" }, { description: "anything" }],
    changes: [{ type: "string" }, { type: "integer" }],
  },
  format: {
    narrows: [{ type: "string" }, { type: "string", format: "date-time" }],
    widens: [{ type: "string", format: "date-time" }, { type: "string" }],
    changes: [
      { type: "integer", format: "int64" },
      { type: "integer", format: "int32" },
    ],
  },
  additionalProperties: {
    narrows: [
      { type: "object", properties: { q: { type: "string" } } },
      { type: "object", properties: { q: { type: "string" } }, additionalProperties: false },
    ],
    widens: [
      { type: "object", properties: { q: { type: "string" } }, additionalProperties: false },
      { type: "object", properties: { q: { type: "string" } } },
    ],
  },
};

const description = (request: Schema, response: Schema) => ({
  openapi: "3.0.3",
  info: { title: "Policy", version: "v1" },
  paths: {
    "/things": {
      post: {
        operationId: "Things_create",
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { p: request } } } } },
        responses: {
          "200": {
            description: "The thing.",
            content: { "application/json": { schema: { type: "object", properties: { p: response } } } },
          },
        },
      },
    },
  },
});

const BOUND_PAIRS: Record<string, string> = { exclusiveMaximum: "maximum", exclusiveMinimum: "minimum" };

describe("the policy table, row by row", () => {
  const rows = POLICY.map(
    (row) =>
      [
        `${row.keyword} ${row.direction} ${row.effect} (${row.example}): ${row.breaking ? "breaking" : "allowed"}`,
        row,
      ] as const,
  );
  it.each(rows)("%s", (_, row: PolicyRow) => {
    const example = EXAMPLES[row.keyword][row.effect];
    expect(example, `no example for ${row.keyword} ${row.effect}`).toBeDefined();
    const [before, after] = example!;
    const unchanged = { type: "string" };
    const changes =
      row.direction === "request"
        ? compareDescriptions(description(before, unchanged), description(after, unchanged))
        : compareDescriptions(description(unchanged, before), description(unchanged, after));
    const judged = changes.filter((c) => c.policy);
    expect(judged.length, JSON.stringify(changes)).toBeGreaterThan(0);
    for (const change of judged) {
      expect([row.keyword, BOUND_PAIRS[row.keyword]]).toContain(change.policy!.keyword);
      expect(change.policy).toMatchObject({ direction: row.direction, effect: row.effect });
    }
    expect(changes.some((c) => c.breaking)).toBe(row.breaking);
  });

  it("states the rule and its two exceptions", () => {
    const breaking = (keyword: Keyword, direction: "request" | "response", effect: Effect) =>
      POLICY.find((r) => r.keyword === keyword && r.direction === direction && r.effect === effect)?.breaking;
    expect([breaking("maxLength", "request", "narrows"), breaking("maxLength", "request", "widens")]).toEqual([
      true,
      false,
    ]);
    expect([breaking("maxLength", "response", "narrows"), breaking("maxLength", "response", "widens")]).toEqual([
      false,
      true,
    ]);
    expect([breaking("enum", "response", "narrows"), breaking("enum", "response", "widens")]).toEqual([true, true]);
    expect([breaking("pattern", "response", "widens"), breaking("pattern", "response", "changes")]).toEqual([
      false,
      false,
    ]);
  });
});
