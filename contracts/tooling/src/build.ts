// One contract's build: prepare (the contract's own hook), compile, then write openapi/openapi.<version>.json,
// the TypeScript types the contract declares, and the reference docs. Nothing is written when the compile fails.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { CompiledContract, Notice } from "./compile.js";
import { fileOfVersion, loadHooks, repoRoot, type Contract, type ContractHooks } from "./contracts.js";
import { writeIfChanged } from "./files.js";
import { docsFileOf, renderReferenceDocs } from "./docs.js";

export interface BuildOptions {
  /** Render the HTML reference docs (default true). */
  docs?: boolean;
  notice?: Notice;
}

export interface BuildOutput {
  compiled: CompiledContract;
  /** Files written or confirmed up to date, relative to the repository. */
  files: string[];
  notes: string[];
}

/** Runs the contract's prepare hook and compiles it (no files written besides what prepare writes). */
export async function prepareAndCompile(
  contract: Contract,
  notice?: Notice,
  hooks?: ContractHooks,
): Promise<CompiledContract & { notes: string[] }> {
  hooks ??= await loadHooks(contract);
  const note = await hooks.prepare?.(contract);
  // The TypeSpec compiler loads only now: a configuration error in prepare (e.g. a missing vars.yml) is reported
  // in a fraction of a second instead of after two seconds of module loading.
  const { compileContract } = await import("./compile.js");
  const compiled = await compileContract(contract, notice);
  return { ...compiled, notes: note ? [note] : [] };
}

export async function buildContract(contract: Contract, options: BuildOptions = {}): Promise<BuildOutput> {
  const hooks = await loadHooks(contract);
  const { notes, ...compiled } = await prepareAndCompile(contract, options.notice, hooks);
  const files: string[] = [];
  const rel = (file: string) => path.relative(repoRoot, file);
  for (const [version, document] of compiled.documents) {
    const file = path.join(contract.dir, "openapi", fileOfVersion(version));
    writeIfChanged(file, document);
    files.push(rel(file));
    const typesFile = hooks.typescriptTypes?.[version];
    if (typesFile) {
      const out = path.join(repoRoot, typesFile);
      const { renderTypes } = await import("./types.js"); // openapi-typescript and prettier: only when asked
      writeIfChanged(out, await renderTypes(document, rel(file), out));
      files.push(typesFile);
    }
    if (options.docs !== false) {
      const html = path.join(contract.dir, docsFileOf(version));
      mkdirSync(path.dirname(html), { recursive: true });
      renderReferenceDocs(file, html, `${contract.name} API reference (${version || "unversioned"})`);
      files.push(rel(html));
    }
  }
  return { compiled, files, notes };
}
