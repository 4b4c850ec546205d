// The webhook contract: the committed openapi/openapi.v1.json is a valid OpenAPI 3.0 description (checked by
// @readme/openapi-parser), it has the route, headers, models and errors of spec area A, and the build fails on
// any linter warning. That the committed file is what the sources build to is checked for every contract, with
// the breaking-change gate, in contracts-check.test.ts (one compile for both).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runContractsBuild } from "../../contracts/tooling/src/build-command.js";
import { ConfigError } from "../../src/config/load.js";
import {
  compileWebhookContract,
  contractDir,
  ContractBuildError,
  OPENAPI_V1_FILE,
} from "../../contracts/webhook/src/build.js";
import { providerNameFromConfig, renderProviderTsp } from "../../contracts/webhook/src/provider.js";
import { PROBLEM_TYPES } from "../../webhook/src/problem.js";
import { repoRoot } from "../../src/config/repo-root.js";

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters: { $ref: string }[];
        requestBody: { content: Record<string, { schema: { $ref: string } }> };
        responses: Record<
          string,
          {
            description?: string;
            content?: Record<string, unknown>;
            headers?: Record<string, { required?: boolean; description?: string }>;
          }
        >;
        [k: string]: unknown;
      }
    >
  >;
  components: {
    schemas: Record<
      string,
      { required?: string[]; properties?: Record<string, Record<string, unknown>>; [k: string]: unknown }
    >;
    parameters: Record<
      string,
      { name: string; in: string; required?: boolean; description?: string; schema: Record<string, unknown> }
    >;
  };
  security: unknown;
};

const committed = readFileSync(OPENAPI_V1_FILE, "utf8");
const doc = JSON.parse(committed) as Doc;
const provider = providerNameFromConfig({ DEPLOY_ENV: "dev" });

describe("openapi/openapi.v1.json", () => {
  it("is a valid OpenAPI 3.0 description", async () => {
    const result = await validate(JSON.parse(committed) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(doc.openapi).toBe("3.0.0");
    expect(doc.info.version).toBe("v1");
  });
});

describe("the webhook route", () => {
  const post = doc.paths["/api/webhooks"]?.post;

  it("is POST /api/webhooks with the x-webhook-provider extension from provider.name", () => {
    expect(Object.keys(doc.paths)).toEqual(["/api/webhooks"]);
    expect(Object.keys(doc.paths["/api/webhooks"] ?? {})).toEqual(["post"]);
    expect(post?.operationId).toBe("Webhooks_receive");
    expect(post?.["x-webhook-provider"]).toBe(provider.name);
    expect(provider.name).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("takes the optional x-fv-messageid, x-fv-timestamp and x-forward-tenant-origin headers", () => {
    const params = post!.parameters.map((p) => doc.components.parameters[p.$ref.split("/").pop()!]!);
    expect(params.map((p) => [p.name, p.in, p.required ?? false])).toEqual([
      ["x-fv-messageid", "header", false],
      ["x-fv-timestamp", "header", false],
      ["x-forward-tenant-origin", "header", false],
    ]);
    expect(params[1]!.schema).toMatchObject({ type: "string", format: "date-time" });
    expect(params[2]!.schema).toEqual({ type: "string" });
    expect(String(params[2]!.description)).toMatch(/`corp`[\s\S]*every downstream call[\s\S]*403/);
  });

  it("takes the webhook payload (OrgId required) and documents case-insensitive names", () => {
    expect(post!.requestBody.content["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/WebhookPayload",
    });
    const payload = doc.components.schemas.WebhookPayload!;
    expect(payload.required).toEqual(["OrgId"]);
    expect(Object.keys(payload.properties ?? {})).toEqual([
      "Object",
      "Event",
      "Timestamp",
      "OrgId",
      "ProjectId",
      "UserId",
      "UserType",
      "ObjectId",
    ]);
    expect(payload.properties?.Timestamp).toMatchObject({ type: "integer", format: "int64" });
    expect(payload.properties?.OrgId).toMatchObject({ type: "integer", format: "int32" });
    expect(String(payload.description)).toMatch(/case-insensitively/);
    const objectId = doc.components.schemas.WebhookObjectId!;
    expect(Object.keys(objectId.properties ?? {})).toEqual(["NoteId", "DocumentId", "ContactId"]);
    expect(objectId.required).toBeUndefined();
    expect(objectId.additionalProperties).toEqual({});
  });

  it("answers 200 with the acknowledgement model", () => {
    expect(post!.responses["200"]?.content?.["application/json"]).toEqual({
      schema: { $ref: "#/components/schemas/WebhookResponse" },
    });
    const ack = doc.components.schemas.WebhookResponse!;
    expect(ack.required).toEqual(["received"]);
    expect(Object.fromEntries(Object.entries(ack.properties ?? {}).map(([k, v]) => [k, [v.type, v.format]]))).toEqual({
      received: ["boolean", undefined],
      messageId: ["string", undefined],
      objectType: ["string", undefined],
      eventType: ["string", undefined],
      timestamp: ["string", undefined],
      noteId: ["integer", "int32"],
      projectId: ["integer", "int32"],
      orgId: ["integer", "int32"],
    });
  });

  it("declares the receiver's errors as problem+json, keeping 401/403 and 5XX", () => {
    expect(Object.keys(post!.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "502",
      "503",
      "5XX",
    ]);
    for (const [code, response] of Object.entries(post!.responses)) {
      if (code === "200") continue;
      expect(Object.keys(response.content ?? {}), code).toEqual(["application/problem+json"]);
    }
    expect(post!.responses["503"]?.headers).toHaveProperty("Retry-After");
  });

  it("declares the provider JWT as a bearer scheme", () => {
    expect(doc.security).toEqual([{ BearerAuth: [] }]);
  });
});

describe("the responses say what the receiver does", () => {
  const responses = doc.paths["/api/webhooks"]!.post!.responses;
  const description = (code: string) => String(responses[code]?.description);

  it("200 means stored for processing, not processed", () => {
    expect(description("200")).toMatch(/^Stored for processing/);
    expect(description("200")).toMatch(/processed from the queue afterwards/);
    expect(String(doc.components.schemas.WebhookResponse!.description)).toMatch(/not that it was processed/);
  });

  // Every problem type the receiver answers POST with is named in the description of its status code.
  it.each([
    ["409", [PROBLEM_TYPES.deliveryInProgress, PROBLEM_TYPES.messageIdConflict]],
    ["502", [PROBLEM_TYPES.downstreamRejected]],
    ["503", [PROBLEM_TYPES.queueUnavailable, PROBLEM_TYPES.downstreamUnavailable]],
  ])("%s names its problem types", (code, types) => {
    for (const type of types) expect(description(code)).toContain(`\`${type}\``);
  });

  it("409 has an optional Retry-After (delivery-in-progress only); 503 always sends it", () => {
    expect(responses["409"]?.headers?.["Retry-After"]?.required).toBe(false);
    expect(description("409")).toMatch(/message-id-conflict`[^`]*`x-fv-messageid`[^`]*without `Retry-After`/);
    expect(description("503")).toMatch(/Retry-After` \(30 s\)/);
  });

  it("502, and 503 for a downstream failure, occur only in the inline (local) mode", () => {
    expect(description("502")).toMatch(/inline \(local\) mode only/);
    expect(description("503")).toMatch(/in the inline \(local\) mode only, a downstream API/);
    expect(String(doc.paths["/api/webhooks"]!.post!.description)).toMatch(/durable processing queue/);
  });
});

describe("the build", () => {
  let copy: string;
  beforeAll(() => {
    // A copy next to a node_modules link so `import "@platform/typespec"` resolves as in the repo.
    copy = mkdtempSync(path.join(tmpdir(), "webhook-contract-copy-"));
    symlinkSync(path.join(repoRoot, "node_modules"), path.join(copy, "node_modules"), "dir");
    for (const file of ["main.tsp", "models.tsp", "problems.tsp", "tspconfig.yaml"])
      cpSync(path.join(contractDir, file), path.join(copy, file));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it("fails on a linter warning and names the rule and the fix", async () => {
    const main = readFileSync(path.join(copy, "main.tsp"), "utf8");
    // An Error override that drops AuthErrors and ServerError.
    writeFileSync(path.join(copy, "main.tsp"), main.replace(/BadRequest \| DeliveryConflict \|[^>]*>/, "BadRequest>"));
    const error = await compileWebhookContract("casepro", "test", copy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractBuildError);
    expect((error as Error).message).toMatch(/@platform\/typespec\/keep-auth-and-server-errors/);
    expect((error as Error).message).toMatch(/restate them, e\.g\. `YourErrors \| AuthErrors \| ServerError`/);
  }, 60_000);

  it("takes the provider name it is given", async () => {
    writeFileSync(path.join(copy, "main.tsp"), readFileSync(path.join(contractDir, "main.tsp"), "utf8"));
    const { document } = await compileWebhookContract("otherprovider", "test", copy);
    expect(JSON.parse(document).paths["/api/webhooks"].post["x-webhook-provider"]).toBe("otherprovider");
  }, 60_000);
});

describe("provider name source", () => {
  it("renders a TypeSpec const and rejects names that are not lowercase", () => {
    expect(renderProviderTsp("casepro", "config/dev/vars.yml")).toContain('const providerName = "casepro";');
    expect(() => renderProviderTsp("CasePro", "x")).toThrow(/lowercase/);
    expect(() => renderProviderTsp('a"; dec', "x")).toThrow(/lowercase/);
  });

  it("reports a vars.yml without provider.name, naming the file and key", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vars-"));
    try {
      const file = path.join(dir, "vars.yml");
      const text = readFileSync(path.join(repoRoot, "config", "dev", "vars.yml"), "utf8");
      // Keep the file valid for the rest of the schema: drop the provider section and the key that depends on it.
      writeFileSync(file, text.replace(/\nprovider:\n(?: {2}.*\n)+/, "\n").replace(/^api_policy_type:.*$/m, ""));
      const error = (() => {
        try {
          providerNameFromConfig({ VARS_FILE: file });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/provider\.name: required by contracts:build/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// runContractsBuild is all of contracts/tooling/scripts/build.ts but setting process.exitCode: called in-process.
describe("npm run contracts:build (runContractsBuild)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("exits 2 and names the file when the vars.yml is missing, without touching openapi.v1.json", async () => {
    const before = readFileSync(OPENAPI_V1_FILE, "utf8");
    vi.stubEnv("VARS_FILE", path.join(tmpdir(), "no-such-dir", "vars.yml"));
    let stderr = "";
    const status = await runContractsBuild(["webhook", "--no-docs"], {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (stderr += t) },
    });
    expect(status).toBe(2);
    expect(stderr).toMatch(/vars\.yml: \(file\): not found/);
    expect(readFileSync(OPENAPI_V1_FILE, "utf8")).toBe(before);
  });
});
