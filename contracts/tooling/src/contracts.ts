// Where contracts live: every folder under contracts/ with a main.tsp is one (this tooling folder has none).
// A contract may add a contract.config.ts (see ContractHooks) for steps of its own before and after the compile.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const contractsRoot = path.resolve(import.meta.dirname, "..", "..");
export const repoRoot = path.resolve(contractsRoot, "..");

export interface Contract {
  /** The folder name under contracts/, e.g. `webhook`. */
  name: string;
  dir: string;
}

/** What a contract's optional contract.config.ts may export (as `hooks`). */
export interface ContractHooks {
  /** Runs before each compile, e.g. to write generated TypeSpec from configuration. Returns a note to print. */
  prepare?: (contract: Contract) => Promise<string | undefined> | string | undefined;
  /** TypeScript types generated from the built OpenAPI: version (e.g. `v1`) -> file, relative to the repository. */
  typescriptTypes?: Readonly<Record<string, string>>;
}

export class ContractNotFoundError extends Error {
  constructor(name: string, known: readonly Contract[]) {
    super(
      `no contract named '${name}': contracts/${name}/main.tsp does not exist. ` +
        `Known contracts: ${known.map((c) => c.name).join(", ") || "(none)"}. ` +
        `A contract is a folder under contracts/ with a main.tsp (see contracts/README.md).`,
    );
    this.name = "ContractNotFoundError";
  }
}

/** Every contract folder, sorted by name. */
export function listContracts(root: string = contractsRoot): Contract[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(root, e.name, "main.tsp")))
    .map((e) => ({ name: e.name, dir: path.join(root, e.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The contracts named (all of them when `names` is empty); an unknown name throws ContractNotFoundError. */
export function selectContracts(names: readonly string[], root: string = contractsRoot): Contract[] {
  const all = listContracts(root);
  if (names.length === 0) return all;
  return names.map((raw) => {
    const name = path.basename(raw.replace(/[\\/]+$/, ""));
    const found = all.find((c) => c.name === name);
    if (!found) throw new ContractNotFoundError(name, all);
    return found;
  });
}

/** Loads contract.config.ts of a contract, if it has one. */
export async function loadHooks(contract: Contract): Promise<ContractHooks> {
  const file = path.join(contract.dir, "contract.config.ts");
  if (!existsSync(file)) return {};
  const mod = (await import(pathToFileURL(file).href)) as { hooks?: ContractHooks };
  return mod.hooks ?? {};
}

/** The version of an emitted file name: `openapi.v1.json` -> `v1`; an unversioned `openapi.json` -> ``. */
export function versionOfFile(file: string): string | undefined {
  const match = /^openapi(?:\.(.+))?\.json$/.exec(file);
  return match ? (match[1] ?? "") : undefined;
}

export function fileOfVersion(version: string): string {
  return version === "" ? "openapi.json" : `openapi.${version}.json`;
}
