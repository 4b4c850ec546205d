// What the ops commands need from the definition files, read through the one reader (definitions.ts, which
// honours --definitions): the indexer's field mappings and excluded extensions (preview, coverage) and the
// index's fields (coverage). Pure: takes the parsed JSON.
import type { FieldMapping } from "../indexer-emulation/field-mappings.js";
import type { JsonObject } from "./json.js";

/** What coverage needs of an index field: whether it is the key and whether it can be filtered on. */
export interface IndexFieldView {
  name: string;
  key: boolean;
  filterable: boolean;
}

export interface IndexerDefinitionView {
  fieldMappings: FieldMapping[];
  configuration: { indexedFileNameExtensions?: string; excludedFileNameExtensions?: string; dataToExtract?: string };
  excludedExtensions: string[];
}

export function indexerDefinitionView(def: JsonObject): IndexerDefinitionView {
  const parameters = (def.parameters ?? {}) as { configuration?: IndexerDefinitionView["configuration"] };
  const configuration = parameters.configuration ?? {};
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

export function indexFieldViews(def: { fields?: unknown }): IndexFieldView[] {
  const fields = Array.isArray(def.fields) ? (def.fields as Record<string, unknown>[]) : [];
  return fields.map((f) => ({ name: String(f.name), key: f.key === true, filterable: f.filterable === true }));
}
