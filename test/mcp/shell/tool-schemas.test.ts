// The tools' JSON Schemas as an agent host receives them (tools/list through the SDK): every parameter typed and
// bounded as the server enforces it, and nothing the MCP Inspector's schema-portability lint warns about (its
// rules: a `type` array, an untyped property schema, a boolean schema, an input root that is not an object).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createDocsMcpServer } from "../../../src/mcp/shell/server.js";
import { testBackend } from "../../support/mcp-backend.js";

type Schema = Record<string, unknown> | boolean;

/** Keywords that constrain a value; a schema with none of them accepts anything (the lint's `untyped-schema`). */
const CONSTRAINING = ["type", "enum", "const", "anyOf", "oneOf", "allOf", "not", "$ref", "properties", "items"];

/** The portability findings of one schema, each as `<path>: <rule>`. */
function portabilityFindings(schema: Schema, path: string, out: string[] = []): string[] {
  if (typeof schema === "boolean") {
    out.push(`${path}: boolean-schema`);
    return out;
  }
  if (Array.isArray(schema.type)) out.push(`${path}: type-union ${JSON.stringify(schema.type)}`);
  if (!CONSTRAINING.some((k) => k in schema)) out.push(`${path}: untyped-schema`);
  for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {}))
    portabilityFindings(sub, `${path}.${name}`, out);
  if (schema.items !== undefined) portabilityFindings(schema.items as Schema, `${path}[]`, out);
  for (const k of ["anyOf", "oneOf", "allOf"])
    ((schema[k] as Schema[] | undefined) ?? []).forEach((sub, i) =>
      portabilityFindings(sub, `${path}.${k}[${i}]`, out),
    );
  return out;
}

let client: Client;
let tools: Tool[];
beforeAll(async () => {
  const backend = testBackend("http://127.0.0.1:9", "k", { recheckMs: 60_000, retries: false, knowledge: true });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDocsMcpServer(backend, "0", () => {}).connect(serverSide);
  client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  tools = (await client.listTools()).tools;
});
afterAll(async () => client?.close());

const tool = (name: string) => tools.find((t) => t.name === name)!;
const param = (name: string, p: string) =>
  (tool(name).inputSchema.properties as Record<string, Record<string, unknown>>)[p]!;

describe("the tools' JSON Schemas", () => {
  it("raise no portability finding, in the input or the output schema of any tool (before: 67)", () => {
    expect(tools.map((t) => t.name).sort()).toEqual(["get_doc", "list_apps", "retrieve_docs", "search_docs"]);
    const findings = tools.flatMap((t) => [
      ...(t.inputSchema.type === "object" ? [] : [`${t.name}.inputSchema: non-object-root`]),
      ...portabilityFindings(t.inputSchema as Schema, `${t.name}.inputSchema`),
      ...(t.outputSchema ? portabilityFindings(t.outputSchema as Schema, `${t.name}.outputSchema`) : []),
    ]);
    expect(findings).toEqual([]);
  });

  it("bound max_tokens to 200-20,000 as documented, in every tool that takes it", () => {
    for (const name of ["search_docs", "retrieve_docs", "get_doc"]) {
      expect(param(name, "max_tokens"), name).toMatchObject({ type: "integer", minimum: 200, maximum: 20_000 });
      expect(param(name, "max_tokens").description, name).toContain("200 to 20000");
    }
  });

  it("type top as a positive integer, and section and path_prefix as the strings the server refuses", () => {
    for (const name of ["search_docs", "retrieve_docs"]) {
      expect(param(name, "top"), name).toMatchObject({ type: "integer", minimum: 1 });
      for (const p of ["section", "path_prefix"]) {
        expect(param(name, p), `${name}.${p}`).toMatchObject({ type: "string", maxLength: 1000 });
        expect(param(name, p).description, `${name}.${p}`).toMatch(/Always refused; use /);
      }
    }
  });

  it("write a nullable output field as anyOf with null, described", () => {
    const hit = (tool("search_docs").outputSchema!.properties as Record<string, Record<string, unknown>>).results!;
    const url = (hit.items as { properties: Record<string, unknown> }).properties.url;
    expect(url).toEqual({
      anyOf: [{ type: "string", description: expect.stringMatching(/^Public URL of the page/) }, { type: "null" }],
    });
  });
});

describe("the server enforces what the schemas say", () => {
  it("refuses a max_tokens outside 200-20,000 naming the bound, before any search", async () => {
    for (const max_tokens of [100, 50_000]) {
      const result = await client.callTool({ name: "search_docs", arguments: { query: "refunds", max_tokens } });
      expect(result.isError, String(max_tokens)).toBe(true);
      const message = (result.content as { text: string }[])[0]!.text;
      expect(message).toMatch(/max_tokens/);
      expect(message).toMatch(max_tokens < 200 ? />=200/ : /<=20000/);
    }
  });

  it("takes a section given as a string to its refusal, which says what to use instead", async () => {
    const result = await client.callTool({ name: "search_docs", arguments: { query: "refunds", section: "guides" } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]!.text).toMatch(/exclude_sections/);
  });
});
