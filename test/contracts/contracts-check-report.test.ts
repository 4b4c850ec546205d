// What contracts:check says beyond the verdict: parameters called what they are (an optional header is not
// reported as "required"), a required name without a property as a contract error of its own, approved breaking
// changes (the contract's approved-breaking-changes.yaml) passed, printed and annotated on the CI run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APPROVALS_FILE, parseApprovals, readApprovals } from "../../contracts/tooling/src/approvals.js";
import { checkContract, renderCheck } from "../../contracts/tooling/src/check.js";
import { ciReport } from "../../contracts/tooling/src/ci-report.js";
import { repoRoot } from "../../contracts/tooling/src/contracts.js";
import { ConfigError } from "../../src/config/load.js";

type Json = Record<string, any>;

const description = (): Json => ({
  openapi: "3.0.3",
  info: { title: "Notes", version: "v1" },
  paths: {
    "/notes": {
      post: {
        operationId: "Notes_create",
        parameters: [{ name: "x-trace", in: "header", required: false, schema: { type: "string" } }],
        requestBody: {
          content: { "application/json": { schema: { $ref: "#/components/schemas/NoteCreate" } } },
        },
        responses: {
          "200": {
            description: "The note.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/Note" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      NoteCreate: { type: "object", required: ["text"], properties: { text: { type: "string" } } },
      Note: {
        type: "object",
        required: ["id"],
        properties: { id: { type: "string" }, noteId: { type: "integer", format: "int32" } },
      },
    },
  },
});

const check = (before: Json, after: Json, approvals = parseApprovals("[]", "approvals.yaml")) =>
  checkContract(
    "notes",
    "the base",
    new Map([["v1", JSON.stringify(before)]]),
    new Map([["v1", JSON.stringify(after)]]),
    undefined,
    approvals,
  );

describe("parameters are called what they are", () => {
  it("an optional header added is an optional header (it was reported as required)", () => {
    const after = description();
    after.paths["/notes"].post.parameters.push({ name: "x-origin", in: "header", required: false });
    const result = check(description(), after);
    expect(result.ok).toBe(true);
    expect(renderCheck(result)).toContain("✓ addition: optional header parameter `x-origin`");
    expect(renderCheck(result)).not.toMatch(/required header parameter `x-origin`/);
  });

  it("a required header added is a required header, and breaking", () => {
    const after = description();
    after.paths["/notes"].post.parameters.push({ name: "x-origin", in: "header", required: true });
    const result = check(description(), after);
    expect(result.ok).toBe(false);
    expect(result.breaking.map((c) => `${c.kind}: ${c.description}`)).toEqual([
      "required parameter added: required header parameter `x-origin`",
    ]);
  });

  it("a header made optional says optional", () => {
    const before = description();
    before.paths["/notes"].post.parameters[0].required = true;
    const result = check(before, description());
    expect(result.ok).toBe(true);
    expect(result.allowed.map((c) => c.description)).toEqual([
      "required status from optional header parameter `x-trace`",
    ]);
  });
});

it("every change to a schema shared by many responses names its subject (not ' from `errors[].key` …')", () => {
  const after = JSON.parse(
    readFileSync(path.join(repoRoot, "contracts", "webhook", "openapi", "openapi.v1.json"), "utf8"),
  ) as Json;
  const before = structuredClone(after);
  before.components.schemas["Platform.ProblemDetailsFieldError"].properties.key.maxLength = 10;
  const result = check(before, after);
  expect(result.breaking.length).toBeGreaterThan(1);
  for (const change of result.breaking) {
    expect(change.description).toMatch(/^\S/);
    expect(change.description).toMatch(/key`.* in Response \d{3}.*\(maxLength 10 → none\)$/);
  }
});

describe("a required name that names no property", () => {
  it("is a contract error with its own message, not a breaking change", () => {
    const after = description();
    after.components.schemas.NoteCreate.required = ["text", "txet"];
    const result = check(description(), after);
    expect(result.breaking).toEqual([]);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      {
        version: "v1",
        message:
          "`txet` is required by components.schemas.NoteCreate but is not one of its properties (`text`): fix the name or declare the property [openapi.v1.json]",
      },
    ]);
    expect(renderCheck(result)).toMatch(/FAILED \(contract errors\)\n {2}✗ contract error: `txet` is required by/);
  });

  it("is fine when an allOf member declares it, or the schema is a map", () => {
    const after = description();
    after.components.schemas.NoteCreate = {
      allOf: [
        { type: "object", required: ["text"] },
        { type: "object", properties: { text: { type: "string" } } },
      ],
    };
    after.components.schemas.Note.additionalProperties = { type: "string" };
    after.components.schemas.Note.required = ["id", "anyKey"];
    expect(check(description(), after).errors).toEqual([]);
  });
});

describe("approved breaking changes", () => {
  const removeNoteId = (doc: Json) => {
    delete doc.components.schemas.Note.properties.noteId;
    return doc;
  };
  const approvalsText = [
    "- change: 'removed property: property `noteId` in Response 200 content (application/json)'",
    "  operation: POST /notes",
    "  version: v1",
    "  reason: noteId was never filled in; the two consumers confirmed they do not read it",
    "  approved_by: platform team (pull request 42)",
    "",
  ].join("\n");

  it("pass, are printed with the reason, and are annotated on GitHub and Azure Pipelines runs", () => {
    const result = check(description(), removeNoteId(description()), parseApprovals(approvalsText, APPROVALS_FILE));
    expect(result.ok).toBe(true);
    expect(result.breaking).toEqual([]);
    expect(result.approved.map((c) => c.kind)).toEqual(["removed property"]);
    const printed = renderCheck(result);
    expect(printed).toMatch(
      /^notes: no breaking changes against the base \(openapi\.v1\.json\), 1 approved breaking change\./,
    );
    expect(printed).toContain(
      "  ⚠ approved breaking change: removed property: property `noteId` in Response 200 content (application/json) [openapi.v1.json]",
    );
    expect(printed).toContain(
      "      why: noteId was never filled in; the two consumers confirmed they do not read it (approved by platform team (pull request 42); approved-breaking-changes.yaml)",
    );

    const github = ciReport([result], { GITHUB_ACTIONS: "true" });
    expect(github.commands).toEqual([
      "::warning title=Approved breaking change (notes)::removed property: property `noteId` in Response 200 content (application/json) [openapi.v1.json] at POST /notes. Why: noteId was never filled in; the two consumers confirmed they do not read it (approved by platform team (pull request 42); approved-breaking-changes.yaml)",
    ]);
    expect(github.summary).toMatch(
      /\| notes \| removed property: property `noteId` .* \| platform team \(pull request 42\) \|/,
    );
    const azure = ciReport([result], { TF_BUILD: "True" });
    expect(azure.commands).toEqual([
      expect.stringMatching(
        /^##vso\[task\.logissue type=warning\]Approved breaking change \(notes\): removed property/,
      ),
    ]);
    expect(ciReport([result], {}).commands).toEqual([]);
  });

  it("approve only what they name: another operation or version still fails, and an unused approval is listed", () => {
    const elsewhere = parseApprovals(approvalsText.replace("POST /notes", "POST /other"), APPROVALS_FILE);
    const result = check(description(), removeNoteId(description()), elsewhere);
    expect(result.ok).toBe(false);
    expect(result.unusedApprovals).toHaveLength(1);
    expect(renderCheck(result)).toContain(
      "! approval names no change of this check (remove it from approved-breaking-changes.yaml)",
    );
    expect(ciReport([result], { GITHUB_ACTIONS: "true" }).commands).toEqual([
      expect.stringMatching(/^::error title=Breaking change \(notes\)::removed property: property `noteId`/),
    ]);
  });

  it("are read from the contract's folder, and an invalid file names the entry and the key", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "approvals-"));
    try {
      expect(readApprovals({ name: "tmp", dir })).toEqual([]);
      writeFileSync(path.join(dir, APPROVALS_FILE), approvalsText);
      expect(readApprovals({ name: "tmp", dir })).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The webhook contract's file (comments only today) parses.
    expect(readApprovals({ name: "webhook", dir: path.join(repoRoot, "contracts", "webhook") })).toEqual([]);
    expect(() => parseApprovals("- change: x\n  reason: short\n  approvd_by: me\n", "a.yaml")).toThrow(ConfigError);
    expect(() => parseApprovals("- change: x\n  reason: short\n  approvd_by: me\n", "a.yaml")).toThrow(
      /a\.yaml: 0\.reason: expected why the break is acceptable, in a sentence[\s\S]*a\.yaml: 0\.approved_by: expected who approved it[\s\S]*a\.yaml: 0\.approvd_by: unknown key \(did you mean "approved_by"\?\)/,
    );
  });
});
