// The plan: for each object (index, datasource, indexer, then the knowledge source and knowledge base where
// agentic retrieval is on, in deploy order) compare the file with the live
// definition and decide create / unchanged / update (in place) / rebuild (drop and recreate), naming every
// changed field and attribute and why. Pure: the caller fetches the live definitions.
import { kindsIn, type DefinitionKind, type Definitions } from "../definitions/definitions.js";
import { KNOWLEDGE_BASE_RECREATE_PATHS, KNOWLEDGE_SOURCE_RECREATE_PATHS } from "../service/service-facts.js";
import {
  describeNewField,
  effectiveAttributes,
  FIELD_ATTRIBUTES,
  type ChangeEffect,
} from "../definitions/field-attributes.js";
import { deepEqual, normaliseDefinition } from "./normalise.js";
import type { LiveObject } from "../service/management-port.js";
import { type JsonObject } from "../definitions/json.js";

export type Action = "create" | "unchanged" | "update" | "rebuild";

export interface Change {
  /** Where, e.g. `fields[section].searchable` or `scoringProfiles[docs-default].text.weights.title`. */
  path: string;
  /** The index field concerned, for field changes. */
  field?: string;
  /** The field attribute concerned, for attribute changes. */
  attribute?: string;
  change: "added" | "removed" | "modified";
  from?: unknown;
  to?: unknown;
  effect: ChangeEffect;
  reason: string;
}

export interface ObjectPlan {
  kind: DefinitionKind;
  name: string;
  action: Action;
  changes: Change[];
  /**
   * What the planner notes about the object (a blue/green rebuild's cost is not here: views word it from its target).
   */
  notes: string[];
}

export interface Plan {
  objects: ObjectPlan[];
  /** Fields the deploy adds to an existing index: existing documents hold null in them until a backfill. */
  addedFields: string[];
  rebuildRequired: boolean;
  summary: Record<Action, number>;
}

export type LiveDefinitions = Partial<Record<DefinitionKind, LiveObject | undefined>>;

/** Shown instead of any credential value: plans never carry secrets. */
export const HIDDEN = "(hidden)";

/** Connection-string values the service returns instead of the secret (or the SDK sends to keep it). */
const UNREADABLE_SECRETS = new Set([null, undefined, "", "<unchanged>", "<redacted>"]);

interface RawChange {
  path: string;
  change: Change["change"];
  from?: unknown;
  to?: unknown;
}

/** Arrays whose items are matched by an identifying property rather than by position. */
const IDENTITY_KEYS: Record<string, string> = {
  scoringProfiles: "name",
  configurations: "name",
  suggesters: "name",
  analyzers: "name",
  tokenizers: "name",
  tokenFilters: "name",
  charFilters: "name",
  normalizers: "name",
  functions: "fieldName",
  fieldMappings: "targetFieldName",
  outputFieldMappings: "targetFieldName",
};

function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Structural diff of two normalised values, by key for objects and by identity for named arrays. */
function diffValues(path: string, key: string, from: unknown, to: unknown, out: RawChange[] = []): RawChange[] {
  if (deepEqual(from, to)) return out;
  if (from === undefined) {
    out.push({ path, change: "added", to });
    return out;
  }
  if (to === undefined) {
    out.push({ path, change: "removed", from });
    return out;
  }
  const id = IDENTITY_KEYS[key];
  if (
    id &&
    Array.isArray(from) &&
    Array.isArray(to) &&
    [...from, ...to].every((x) => isObject(x) && typeof x[id] === "string")
  ) {
    const before = new Map((from as JsonObject[]).map((x) => [x[id] as string, x]));
    const after = new Map((to as JsonObject[]).map((x) => [x[id] as string, x]));
    for (const name of new Set([...before.keys(), ...after.keys()]))
      diffValues(`${path}[${name}]`, "", before.get(name), after.get(name), out);
    return out;
  }
  if (isObject(from) && isObject(to)) {
    for (const k of new Set([...Object.keys(from), ...Object.keys(to)]))
      diffValues(path ? `${path}.${k}` : k, k, from[k], to[k], out);
    return out;
  }
  out.push({ path, change: "modified", from, to });
  return out;
}

function fieldChanges(liveFields: JsonObject[], fileFields: JsonObject[]): { changes: Change[]; added: string[] } {
  const changes: Change[] = [];
  const added: string[] = [];
  const live = new Map(liveFields.map((f) => [String(f.name), f]));
  const file = new Map(fileFields.map((f) => [String(f.name), f]));
  for (const [name, field] of live) {
    if (!file.has(name)) {
      changes.push({
        path: `fields[${name}]`,
        field: name,
        change: "removed",
        from: field.type,
        effect: "rebuild",
        reason: "removing a field requires dropping and recreating the index; its data is lost",
      });
    }
  }
  for (const [name, field] of file) {
    const before = live.get(name);
    if (!before) {
      added.push(name);
      changes.push({
        path: `fields[${name}]`,
        field: name,
        change: "added",
        to: effectiveAttributes(field),
        effect: "in-place",
        reason: `a new field can be added in place: ${describeNewField(field)}; existing documents hold null in it until they are reprocessed`,
      });
      continue;
    }
    const a = effectiveAttributes(before);
    const b = effectiveAttributes(field);
    for (const attribute of FIELD_ATTRIBUTES) {
      if (deepEqual(a[attribute.name], b[attribute.name])) continue;
      changes.push({
        path: `fields[${name}].${attribute.name}`,
        field: name,
        attribute: attribute.name,
        change: "modified",
        from: a[attribute.name],
        to: b[attribute.name],
        effect: attribute.effect,
        reason: attribute.why,
      });
    }
  }
  return { changes, added };
}

const REBUILD_SECTIONS: Record<string, string> = {
  similarity: "the similarity algorithm can only be set when an index is created",
  suggesters: "suggester changes on existing fields require a rebuild",
};
const ANALYSIS_SECTIONS = new Set(["analyzers", "tokenizers", "tokenFilters", "charFilters", "normalizers"]);

function indexSectionEffect(raw: RawChange): { effect: ChangeEffect; reason: string } {
  const top = raw.path.split(/[.[]/)[0]!;
  if (REBUILD_SECTIONS[top]) return { effect: "rebuild", reason: REBUILD_SECTIONS[top]! };
  if (ANALYSIS_SECTIONS.has(top)) {
    // A new entry, or the section's first entries (the live index had none), is added in place.
    return raw.change === "added" && (/^\w+\[[^\]]+\]$/.test(raw.path) || raw.path === top)
      ? { effect: "in-place", reason: `a new ${top} entry can be added (the service may need allowIndexDowntime)` }
      : { effect: "rebuild", reason: `changing or deleting an existing ${top} entry requires a rebuild` };
  }
  const reasons: Record<string, string> = {
    scoringProfiles: "scoring profiles can be added, changed and deleted in place",
    defaultScoringProfile: "the default scoring profile can be changed in place",
    semantic: "semantic configurations can be changed in place",
    corsOptions: "CORS settings can be changed in place",
    description: "the description can be changed in place",
    vectorSearch: "vector search settings are updated in place",
    encryptionKey: "the encryption key can be changed in place",
  };
  return { effect: "in-place", reason: reasons[top] ?? "updated in place" };
}

function withoutKeys(definition: JsonObject, keys: string[]): JsonObject {
  const out = { ...definition };
  for (const k of keys) delete out[k];
  return out;
}

function planIndex(file: JsonObject, live: JsonObject): { changes: Change[]; added: string[] } {
  const { changes, added } = fieldChanges(
    (live.fields as JsonObject[] | undefined) ?? [],
    (file.fields as JsonObject[] | undefined) ?? [],
  );
  const rest = diffValues(
    "",
    "",
    normaliseDefinition("index", withoutKeys(live, ["fields", "name"])),
    normaliseDefinition("index", withoutKeys(file, ["fields", "name"])),
  );
  for (const raw of rest) changes.push({ ...raw, ...indexSectionEffect(raw) });
  return { changes, added };
}

function planDatasource(file: JsonObject, live: JsonObject, notes: string[]): Change[] {
  const changes: Change[] = diffValues(
    "",
    "",
    normaliseDefinition("datasource", withoutKeys(live, ["credentials", "name"])),
    normaliseDefinition("datasource", withoutKeys(file, ["credentials", "name"])),
  ).map((raw) => ({ ...raw, effect: "in-place" as const, reason: "datasource settings are updated in place" }));
  const liveSecret = (live.credentials as JsonObject | undefined)?.connectionString;
  const fileSecret = (file.credentials as JsonObject | undefined)?.connectionString;
  if (UNREADABLE_SECRETS.has(liveSecret as string | null | undefined)) {
    notes.push(
      "the connection string is write-only on the service, so it is not compared; it is sent whenever the datasource is updated",
    );
  } else if (liveSecret !== fileSecret) {
    changes.push({
      path: "credentials.connectionString",
      change: "modified",
      from: HIDDEN,
      to: HIDDEN,
      effect: "in-place",
      reason: "the connection string differs (values are never shown)",
    });
  }
  return changes;
}

function planIndexer(file: JsonObject, live: JsonObject): Change[] {
  const liveView = structuredClone(live);
  const fileSchedule = file.schedule as JsonObject | undefined;
  const liveSchedule = liveView.schedule as JsonObject | undefined;
  // The service fills in a start time when the file gives none; that is not drift.
  if (liveSchedule && fileSchedule?.startTime === undefined) delete liveSchedule.startTime;
  return diffValues(
    "",
    "",
    normaliseDefinition("indexer", withoutKeys(liveView, ["name"])),
    normaliseDefinition("indexer", withoutKeys(file, ["name"])),
  ).map((raw) => ({
    ...raw,
    effect: "in-place" as const,
    reason: "indexer settings are updated in place (change tracking is kept; no reset)",
  }));
}

/** What the service adds to a knowledge object that the file does not say: the ETag, the context, and nulls. */
function knowledgeView(live: JsonObject, file: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(live)) {
    if (k.startsWith("@odata.") || k === "name") continue;
    if (v === null && !(k in file)) continue;
    out[k] = v;
  }
  return out;
}

/**
 * A knowledge source or base: every difference is updated in place (PUT with If-Match), except the paths the
 * service changes only by delete and create (UNCONFIRMED facts, ../service/service-facts.ts): those make the object
 * a `rebuild` (delete and create; a knowledge object holds no data, so no --allow-rebuild and no blue/green).
 */
function planKnowledge(kind: "knowledgeSource" | "knowledgeBase", file: JsonObject, live: JsonObject): Change[] {
  const recreate = kind === "knowledgeSource" ? KNOWLEDGE_SOURCE_RECREATE_PATHS : KNOWLEDGE_BASE_RECREATE_PATHS;
  const noun = kind === "knowledgeSource" ? "knowledge source" : "knowledge base";
  return diffValues("", "", knowledgeView(live, file), withoutKeys(file, ["name"])).map((raw) =>
    recreate.some((p) => raw.path === p || raw.path.startsWith(`${p}.`))
      ? {
          ...raw,
          effect: "rebuild" as const,
          reason: `the service changes ${raw.path} of a ${noun} only by deleting and creating it`,
        }
      : { ...raw, effect: "in-place" as const, reason: `${noun} settings are updated in place` },
  );
}

/** Compares the files with the live definitions. `live[kind]` undefined means the object does not exist. */
export function buildPlan(files: Definitions, live: LiveDefinitions): Plan {
  const objects: ObjectPlan[] = [];
  let addedFields: string[] = [];
  for (const kind of kindsIn(files)) {
    const file = files[kind]!;
    const name = String(file.name);
    const current = live[kind];
    const notes: string[] = [];
    if (!current) {
      objects.push({ kind, name, action: "create", changes: [], notes });
      continue;
    }
    let changes: Change[];
    if (kind === "index") {
      const r = planIndex(file, current.definition);
      changes = r.changes;
      addedFields = r.added;
      if (r.added.length > 0)
        notes.push(
          `new fields ${r.added.join(", ")}: existing documents keep null in them until a backfill (reset + run)`,
        );
    } else if (kind === "datasource") {
      changes = planDatasource(file, current.definition, notes);
    } else if (kind === "indexer") {
      changes = planIndexer(file, current.definition);
    } else {
      changes = planKnowledge(kind, file, current.definition);
    }
    const action: Action =
      changes.length === 0 ? "unchanged" : changes.some((c) => c.effect === "rebuild") ? "rebuild" : "update";
    objects.push({ kind, name, action, changes, notes });
  }
  const summary: Record<Action, number> = { create: 0, unchanged: 0, update: 0, rebuild: 0 };
  for (const o of objects) summary[o.action] += 1;
  // Only the index's rebuild drops data (and needs --allow-rebuild, or a blue/green build behind the alias).
  const rebuildRequired = objects.some((o) => o.kind === "index" && o.action === "rebuild");
  return { objects, addedFields, rebuildRequired, summary };
}
