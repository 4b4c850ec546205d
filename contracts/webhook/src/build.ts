// Builds the webhook contract: compiled library first, generated/provider.tsp from config, then the
// TypeSpec compile with tspconfig.yaml's options into a temporary folder. Any error or warning (linter
// included) fails the build and leaves the committed openapi/openapi.v1.json untouched.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compile, formatDiagnostic, NodeHost, resolveCompilerOptions, type Diagnostic } from "@typespec/compiler";
import { ensurePlatformLibraryBuilt } from "../../../typespec/platform/scripts/ensure-built.js";
import { renderProviderTsp } from "./provider.js";

export const contractDir = path.resolve(import.meta.dirname, "..");
/** The stable path the API Management stack imports (stacks/webhook/openapi.ts). */
export const OPENAPI_V1_FILE = path.join(contractDir, "openapi", "openapi.v1.json");

export class ContractBuildError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(
      `the webhook contract has ${diagnostics.length} diagnostic(s); warnings fail the build:\n${diagnostics.map((d) => formatDiagnostic(d)).join("\n")}`,
    );
    this.name = "ContractBuildError";
  }
}

export interface BuildResult {
  /** The emitted OpenAPI JSON text. */
  document: string;
  /** Milliseconds spent in the TypeSpec compile (library build and file writes excluded). */
  compileMs: number;
}

/** Writes a file only when its content changes (parallel builds then never see a half-written file). */
function writeIfChanged(file: string, content: string): void {
  try {
    if (readFileSync(file, "utf8") === content) return;
  } catch {
    // Missing: write it.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * Compiles the contract in `dir` (default: this folder) and returns the OpenAPI v1 JSON; does not touch
 * openapi/. `dir` exists for tests that compile a modified copy.
 */
export async function compileWebhookContract(
  providerName: string,
  providerSource: string,
  dir: string = contractDir,
): Promise<BuildResult> {
  await ensurePlatformLibraryBuilt();
  writeIfChanged(path.join(dir, "generated", "provider.tsp"), renderProviderTsp(providerName, providerSource));
  const outDir = mkdtempSync(path.join(tmpdir(), "webhook-contract-"));
  try {
    const [options, configDiagnostics] = await resolveCompilerOptions(NodeHost, {
      cwd: dir,
      entrypoint: path.join(dir, "main.tsp"),
      configPath: path.join(dir, "tspconfig.yaml"),
      overrides: { outputDir: outDir, options: { "@typespec/openapi3": { "emitter-output-dir": outDir } } },
    });
    if (configDiagnostics.length > 0) throw new ContractBuildError(configDiagnostics);
    const started = performance.now();
    const program = await compile(NodeHost, path.join(dir, "main.tsp"), { ...options, warningAsError: false });
    const compileMs = performance.now() - started;
    if (program.diagnostics.length > 0) throw new ContractBuildError(program.diagnostics);
    return { document: readFileSync(path.join(outDir, "openapi.v1.json"), "utf8"), compileMs };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** compileWebhookContract, then replaces openapi/openapi.v1.json. */
export async function buildWebhookContract(
  providerName: string,
  providerSource: string,
): Promise<BuildResult & { file: string }> {
  const result = await compileWebhookContract(providerName, providerSource);
  const staging = `${OPENAPI_V1_FILE}.tmp`;
  mkdirSync(path.dirname(OPENAPI_V1_FILE), { recursive: true });
  writeFileSync(staging, result.document);
  copyFileSync(staging, OPENAPI_V1_FILE);
  rmSync(staging, { force: true });
  return { ...result, file: OPENAPI_V1_FILE };
}
