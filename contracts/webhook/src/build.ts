// The webhook contract's compile for tests and the benchmark: generated/provider.tsp with the provider name
// given, then the shared contract compile (contracts/tooling). `npm run contracts:build` runs the same steps
// through contract.config.ts.
import path from "node:path";
import { compileContract, ContractBuildError } from "../../tooling/src/compile.js";
import { writeIfChanged } from "../../tooling/src/files.js";
import { renderProviderTsp } from "./provider.js";

export { ContractBuildError };

export const contractDir = path.resolve(import.meta.dirname, "..");
/** The stable path the API Management stack imports (stacks/webhook/openapi.ts). */
export const OPENAPI_V1_FILE = path.join(contractDir, "openapi", "openapi.v1.json");

export interface BuildResult {
  /** The emitted OpenAPI JSON text. */
  document: string;
  /** Milliseconds spent in the TypeSpec compile (library build and file writes excluded). */
  compileMs: number;
}

/** Writes generated/provider.tsp (only when its content changes). */
export function writeProviderTsp(providerName: string, providerSource: string, dir: string = contractDir): void {
  writeIfChanged(path.join(dir, "generated", "provider.tsp"), renderProviderTsp(providerName, providerSource));
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
  writeProviderTsp(providerName, providerSource, dir);
  const { documents, compileMs } = await compileContract({ name: path.basename(dir), dir });
  const document = documents.get("v1");
  if (document === undefined)
    throw new Error(`the webhook contract emitted no openapi.v1.json (got ${[...documents.keys()].join(", ")})`);
  return { document, compileMs };
}
