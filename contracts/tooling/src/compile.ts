// Compiles one contract the same way for every contract: the library's JS first (built when stale, with a
// message), then TypeSpec with the contract's tspconfig.yaml (or the platform defaults when it has none) into a
// temporary folder. The OpenAPI options the other steps rely on (JSON, `openapi.{version}.json`) are fixed here.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  compile,
  formatDiagnostic,
  NodeHost,
  resolveCompilerOptions,
  type Diagnostic,
  type Program,
} from "@typespec/compiler";
import { ensurePlatformLibraryBuilt } from "../../../typespec/platform/scripts/ensure-built.js";
import { versionOfFile, type Contract } from "./contracts.js";

const OPENAPI_EMITTER = "@typespec/openapi3";
const RECOMMENDED_RULE_SET = "@platform/typespec/recommended";

export class ContractBuildError extends Error {
  constructor(
    readonly contract: string,
    readonly diagnostics: readonly Diagnostic[],
  ) {
    super(
      `contract '${contract}' has ${diagnostics.length} diagnostic(s); warnings fail the build:\n` +
        diagnostics.map((d) => formatDiagnostic(d)).join("\n"),
    );
    this.name = "ContractBuildError";
  }
}

export interface CompiledContract {
  contract: Contract;
  /** OpenAPI documents by version (`v1` for openapi.v1.json), as emitted (JSON text). */
  documents: Map<string, string>;
  /** The compiled program (for source locations). */
  program: Program;
  /** Milliseconds spent in the TypeSpec compile. */
  compileMs: number;
}

/** Writes why the library is being built; the default says it on stderr. */
export type Notice = (message: string) => void;
const stderrNotice: Notice = (message) => process.stderr.write(`${message}\n`);

/** Builds typespec/platform/dist when it is missing or stale, saying so first. */
async function ensureLibrary(notice: Notice = stderrNotice): Promise<void> {
  await ensurePlatformLibraryBuilt({
    onBuild: (reason) =>
      notice(`Building @platform/typespec first (${reason}): contracts load its linter from typespec/platform/dist.`),
  });
}

/** Compiles the contract; any diagnostic (linter warnings included) throws ContractBuildError. */
export async function compileContract(contract: Contract, notice: Notice = stderrNotice): Promise<CompiledContract> {
  await ensureLibrary(notice);
  const entrypoint = path.join(contract.dir, "main.tsp");
  const configPath = path.join(contract.dir, "tspconfig.yaml");
  const hasConfig = existsSync(configPath);
  const outDir = mkdtempSync(path.join(tmpdir(), `contract-${contract.name}-`));
  try {
    const [options, configDiagnostics] = await resolveCompilerOptions(NodeHost, {
      cwd: contract.dir,
      entrypoint,
      ...(hasConfig ? { configPath } : {}),
      overrides: {
        outputDir: outDir,
        emit: [OPENAPI_EMITTER],
        options: {
          [OPENAPI_EMITTER]: {
            "emitter-output-dir": outDir,
            "file-type": "json",
            "output-file": "openapi.{version}.json",
            ...(hasConfig ? {} : { "openapi-versions": ["3.0.0"], "omit-unreachable-types": true }),
          },
        },
        ...(hasConfig ? {} : { linter: { extends: [RECOMMENDED_RULE_SET] } }),
      },
    });
    if (configDiagnostics.length > 0) throw new ContractBuildError(contract.name, configDiagnostics);
    const started = performance.now();
    const program = await compile(NodeHost, entrypoint, { ...options, warningAsError: false });
    const compileMs = performance.now() - started;
    if (program.diagnostics.length > 0) throw new ContractBuildError(contract.name, program.diagnostics);
    const documents = new Map<string, string>();
    for (const file of readdirSync(outDir).sort()) {
      const version = versionOfFile(file);
      if (version !== undefined) documents.set(version, readFileSync(path.join(outDir, file), "utf8"));
    }
    return { contract, documents, program, compileMs };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
