// Reads the reviewed definitions in search-definitions/ for what the ops commands need: the indexer's
// excluded extensions and field mappings (preview, coverage) and the index's filterable fields (coverage).
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../../config/load.js";
import type { FieldMapping } from "../../indexer-emulation/field-mappings.js";

export const DEFINITIONS_DIR = path.join(repoRoot, "search-definitions");

export interface IndexerDefinitionView {
  fieldMappings: FieldMapping[];
  configuration: { indexedFileNameExtensions?: string; excludedFileNameExtensions?: string; dataToExtract?: string };
  excludedExtensions: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a definition file is read as untyped JSON and checked field by field
function readJson(file: string): Record<string, any> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  } catch (err) {
    throw new Error(`cannot read ${path.relative(process.cwd(), file)}: ${(err as Error).message}`, { cause: err });
  }
}

export function readIndexerDefinition(file = path.join(DEFINITIONS_DIR, "docs-indexer.json")): IndexerDefinitionView {
  const def = readJson(file);
  const configuration = (def.parameters?.configuration ?? {}) as IndexerDefinitionView["configuration"];
  const excluded =
    typeof configuration.excludedFileNameExtensions === "string" ? configuration.excludedFileNameExtensions : "";
  return {
    fieldMappings: Array.isArray(def.fieldMappings) ? (def.fieldMappings as FieldMapping[]) : [],
    configuration,
    excludedExtensions: excluded
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  };
}

export interface IndexFieldView {
  name: string;
  key: boolean;
  filterable: boolean;
}

export function readIndexFields(file = path.join(DEFINITIONS_DIR, "docs-index.json")): IndexFieldView[] {
  const def = readJson(file);
  return ((def.fields ?? []) as Record<string, unknown>[]).map((f) => ({
    name: String(f.name),
    key: f.key === true,
    filterable: f.filterable === true,
  }));
}
