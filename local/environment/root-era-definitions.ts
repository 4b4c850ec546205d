// The search definitions as they were when the index was first built, derived from today's reviewed files
// (search-definitions/*.json) so the two never drift apart in anything but the history they simulate:
//   - index: only the original fields (id, title, content, path, repo); the fields added later
//     (BACKFILL_FIELDS: description, tags, app, section, format, content_type, last_modified) did not exist,
//     so neither did their scoring weights or semantic entries. Every kept field has today's attributes, so
//     today's deploy is an in-place update (fields added), never a rebuild.
//   - datasource: no deletion detection policy yet (spec C backfill rule 5: it was added later).
//   - indexer: only the mappings into the original fields; `.xml` was not excluded yet, so the root sitemap
//     was indexed then and its document persists (spec C limits: the exclusion stops only future crawling).
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  DEFAULT_DEFINITIONS_DIR,
  DEFINITION_FILES,
  DEPLOY_ORDER,
  type CoreKind,
} from "../../src/search/definitions/definitions.js";
import { BACKFILL_FIELDS } from "../../src/search/ops/coverage.js";
import { type JsonObject } from "../../src/search/definitions/json.js";
import { KNOWLEDGE_DEFINITION_FILES } from "../../src/search/definitions/knowledge-definitions.js";

const LATER_FIELDS = new Set<string>(BACKFILL_FIELDS);
/** Extensions excluded only since the index was first built. */
const LATER_EXCLUSIONS = new Set([".xml"]);

const clone = <T>(value: T): T => structuredClone(value);

export function rootEraIndex(index: JsonObject): JsonObject {
  const out = clone(index);
  out.fields = (out.fields as JsonObject[]).filter((f) => !LATER_FIELDS.has(String(f.name)));
  for (const profile of (out.scoringProfiles as JsonObject[] | undefined) ?? []) {
    const text = profile.text as { weights?: Record<string, number> } | undefined;
    if (text?.weights)
      text.weights = Object.fromEntries(Object.entries(text.weights).filter(([field]) => !LATER_FIELDS.has(field)));
  }
  const semantic = out.semantic as { configurations?: JsonObject[] } | undefined;
  for (const config of semantic?.configurations ?? []) {
    const fields = config.prioritizedFields as Record<string, unknown>;
    for (const [key, value] of Object.entries(fields)) {
      if (Array.isArray(value))
        fields[key] = value.filter((f: { fieldName: string }) => !LATER_FIELDS.has(f.fieldName));
      else if (value && LATER_FIELDS.has((value as { fieldName: string }).fieldName)) delete fields[key];
    }
  }
  return out;
}

function rootEraDatasource(datasource: JsonObject): JsonObject {
  const out = clone(datasource);
  delete out.dataDeletionDetectionPolicy;
  return out;
}

function rootEraIndexer(indexer: JsonObject): JsonObject {
  const out = clone(indexer);
  out.fieldMappings = ((out.fieldMappings as JsonObject[] | undefined) ?? []).filter(
    (m) => !LATER_FIELDS.has(String(m.targetFieldName ?? m.sourceFieldName)),
  );
  const configuration = (out.parameters as { configuration?: { excludedFileNameExtensions?: string } } | undefined)
    ?.configuration;
  if (configuration?.excludedFileNameExtensions) {
    configuration.excludedFileNameExtensions = configuration.excludedFileNameExtensions
      .split(",")
      .filter((ext) => !LATER_EXCLUSIONS.has(ext.trim().toLowerCase()))
      .join(",");
  }
  return out;
}

export function rootEraDefinitions(raw: Record<CoreKind, JsonObject>): Record<CoreKind, JsonObject> {
  return {
    index: rootEraIndex(raw.index),
    datasource: rootEraDatasource(raw.datasource),
    indexer: rootEraIndexer(raw.indexer),
  };
}

/** Writes the root-era definitions (placeholders intact) into a new temporary directory for `deploy --definitions`. */
export function writeRootEraDefinitions(raw: Record<CoreKind, JsonObject>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docs-index-root-era-"));
  const defs = rootEraDefinitions(raw);
  for (const kind of DEPLOY_ORDER)
    writeFileSync(path.join(dir, DEFINITION_FILES[kind]), `${JSON.stringify(defs[kind], null, 2)}\n`);
  return dir;
}

/**
 * The local config as it was in the root era, before agentic retrieval existed (its knowledge source needs fields
 * the root-era index does not have): written beside the root-era definitions, passed with --vars-file.
 */
export function writeRootEraVars(dir: string, localVars: string): string {
  const file = path.join(dir, "vars.yml");
  writeFileSync(file, readFileSync(localVars, "utf8").replace(/agentic_retrieval: true/, "agentic_retrieval: false"));
  return file;
}

/** The knowledge source and base files, copied unchanged (the environment has agentic retrieval on). */
export function copyKnowledgeDefinitions(dir: string): void {
  for (const file of Object.values(KNOWLEDGE_DEFINITION_FILES))
    copyFileSync(path.join(DEFAULT_DEFINITIONS_DIR, file), path.join(dir, file));
}
