// Shared TypeSpec test hosts: the real @platform/typespec package (lib/*.tsp plus its compiled JS,
// built first when stale) loaded into @typespec/compiler's virtual test file system.
import path from "node:path";
import type { CompilerHost, SourceFile } from "@typespec/compiler";
import { createTester } from "@typespec/compiler/testing";
import { ensurePlatformLibraryBuilt } from "../../scripts/ensure-built.js";

export const repoRoot = path.resolve(import.meta.dirname, "..", "..", "..", "..");

/** Builds typespec/platform/dist if its sources changed; call in beforeAll before using a tester. */
export async function preparePlatformLibrary(): Promise<void> {
  await ensurePlatformLibraryBuilt();
}

// Base = the workspace root: its node_modules holds the TypeSpec libraries and the link to
// @platform/typespec (createTester resolves libraries under <base>/node_modules).
const base = createTester(repoRoot, {
  libraries: [
    "@typespec/http",
    "@typespec/rest",
    "@typespec/openapi",
    "@typespec/versioning",
    "@typespec/openapi3",
    "@platform/typespec",
  ],
});

/** Compiles code with every library imported and `using Http, Rest, OpenAPI, Versioning, Platform`. */
export const PlatformTester = base.importLibraries().using("Http", "Rest", "OpenAPI", "Versioning", "Platform");

/** The same, emitting OpenAPI 3.0 JSON; resolves to the parsed document. */
export const OpenApiTester = PlatformTester.emit("@typespec/openapi3", {
  "file-type": "json",
  "output-file": "openapi.json",
  "omit-unreachable-types": true,
}).pipe((result) => {
  const file = Object.entries(result.outputs).find(([name]) => name.endsWith(".json"));
  if (!file) throw new Error(`no JSON output; got ${Object.keys(result.outputs).join(", ")}`);
  return JSON.parse(file[1]) as OpenApiDocument;
});

// Parsed (and bound) sources shared by every tester instance of this worker. Every compile re-reads the standard
// library and the five libraries (thousands of lines) from the virtual file system; parsing them again each time
// is a third of a small test's compile. The compiler host's parseCache (the hook the language server uses) reuses
// a parse when it is handed the same SourceFile object, so reads of unchanged files return the first object read.
const knownSources = new Map<string, SourceFile>();
const parseCache: NonNullable<CompilerHost["parseCache"]> = new WeakMap();

/** Makes the instance's compiles reuse the parses of unchanged files (main.tsp changes, and is parsed again). */
export function reuseParsedSources<T extends { fs: { compilerHost: CompilerHost } }>(instance: T): T {
  const host = instance.fs.compilerHost;
  const sameFile =
    (read: (path: string) => Promise<SourceFile>) =>
    async (path: string): Promise<SourceFile> => {
      const file = await read(path);
      const known = knownSources.get(file.path);
      if (known?.text === file.text) return known;
      knownSources.set(file.path, file);
      return file;
    };
  host.readFile = sameFile(host.readFile.bind(host));
  host.readUrl = sameFile(host.readUrl.bind(host));
  host.parseCache = parseCache;
  return instance;
}

/** The parts of an OpenAPI 3.0 document the tests read. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string; description?: string; variables?: Record<string, { default: string; enum?: string[] }> }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, OpenApiSchema>;
    parameters?: Record<string, OpenApiParameter>;
    securitySchemes?: Record<string, Record<string, unknown>>;
  };
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}
export interface OpenApiOperation {
  operationId: string;
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required?: boolean; content: Record<string, { schema: OpenApiSchema }> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: OpenApiSchema }> }
  >;
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}
export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: OpenApiSchema;
}
interface OpenApiSchema {
  $ref?: string;
  type?: string;
  format?: string;
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  allOf?: OpenApiSchema[];
  enum?: unknown[];
  default?: unknown;
  readOnly?: boolean;
  [key: string]: unknown;
}

/** Resolves `{$ref: "#/components/parameters/X"}` entries. */
export function resolveParameters(doc: OpenApiDocument, op: OpenApiOperation): OpenApiParameter[] {
  return (op.parameters ?? []).map((p) => {
    if ("$ref" in p) {
      const name = p.$ref.replace("#/components/parameters/", "");
      const resolved = doc.components.parameters?.[name];
      if (!resolved) throw new Error(`unresolved ${p.$ref}`);
      return resolved;
    }
    return p;
  });
}

/** Status codes of an operation's responses, sorted. */
export function statusCodes(op: OpenApiOperation | undefined): string[] {
  if (!op) throw new Error("operation not found");
  return Object.keys(op.responses).sort();
}
