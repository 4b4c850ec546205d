// The saved plan (`docs-index plan -out <file>`): what a reviewer approved, in a file the deploy applies exactly.
// It holds the definitions as filled for the environment, the live ETags the plan was computed against, the
// classified plan, and the target (environment, endpoint, index). Pure: build, serialize, parse (zod) here;
// the checks against the current target are in saved-plan-check.ts, the apply in ../deploy/.
import { z } from "zod";
import {
  DEPLOY_ORDER,
  kindsIn,
  KNOWLEDGE_ORDER,
  type DefinitionKind,
  type Definitions,
} from "../definitions/definitions.js";
import type { LiveDefinitions, Plan } from "../plan/plan.js";
import type { Reranking } from "../plan/ranking-changes.js";
import type { PendingOperation } from "../bluegreen/pending.js";
import { type JsonObject } from "../definitions/json.js";

/**
 * The format this docs-index writes and the only one it applies. Bump the minor for additions, the major for
 * changes in meaning; any other version is refused (a plan is short-lived: plan again with this version).
 */
export const SAVED_PLAN_FORMAT_VERSION = "1.1";
/** Marks a JSON file as a saved plan, so `show`/`deploy` on another JSON file fail with a clear message. */
const SAVED_PLAN_KIND = "docs-index/saved-plan";

/** Objects whose ETag a saved plan can pin: the three definitions, and (blue/green) the alias consumers query. */
type PinnedKind = DefinitionKind | "alias";

/** The alias consumers query, as a plan pins it: its ETag when read; null when there was none (not an alias). */
export interface AliasPin {
  name: string;
  etag: string | null;
}

export interface LiveRef {
  kind: PinnedKind;
  name: string;
  /** The ETag the plan read; null when the object did not exist. */
  etag: string | null;
}

export interface SavedPlanTarget {
  /** The environment (config/<environment>/vars.yml) the plan was made for. */
  environment: string;
  endpoint: string;
  api_version: string;
  /** The index name consumers query (an alias once indexes are blue/green generations). */
  index_name: string;
  /** The concrete index the plan was computed against (the current generation under blue/green). */
  current_index: string;
}

/** How a rebuild in this plan is carried out: drop and recreate today; blue/green generations behind an alias. */
export interface RebuildStrategy {
  strategy: "drop-and-recreate" | "blue-green";
  /** Blue/green: the generation the rebuild creates (e.g. docs-index-4). */
  next_index?: string;
  /** Blue/green: the unused generations the rebuild deletes first (and no other); refused if they changed. */
  deletes?: string[];
}

export interface SavedPlan {
  format_version: string;
  kind: typeof SAVED_PLAN_KIND;
  created_at: string;
  /** The docs-index version that wrote the file (for people; the format version decides compatibility). */
  tool_version: string;
  target: SavedPlanTarget;
  definitions: Definitions;
  live: LiveRef[];
  /**
   * The classified plan; the file (its document, views/plan-document.ts) adds a blue/green rebuild's cost to the notes.
   */
  plan: Plan;
  /** Set when the plan holds a rebuild. */
  rebuild: RebuildStrategy | null;
  /**
   * An operation under way that blocks the deploy (an interrupted rebuild: deploy --resume finishes it): its facts
   * when just planned; read back from a file, as the file recorded it (the file holds it worded,
   * views/plan-document.ts).
   */
  pending: PendingOperation | RecordedPendingOperation | null;
  /** An in-place change that re-ranks, with the relevance check the deploy runs around the write. */
  reranking: Reranking | null;
}

/**
 * A pending operation as a saved plan's file records it: where things stood, worded when the plan was made (the
 * file does not hold the phase's facts, so a plan read back shows the words it was approved with).
 */
export interface RecordedPendingOperation {
  phase: PendingOperation["phase"];
  message: string;
  command: string | null;
}

/** A file that is not a readable saved plan (not JSON, not a saved plan, a key missing or of the wrong type). */
export class SavedPlanFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "SavedPlanFileError";
  }
}

/** A plan cannot be saved: it would carry a secret. */
export class SavedPlanSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SavedPlanSecretError";
  }
}

// ---------------------------------------------------------------------------------------------- the schema

const jsonObject = z.record(z.string(), z.unknown());
const action = z.enum(["create", "unchanged", "update", "rebuild"]);
const changeSchema = z.object({
  path: z.string(),
  field: z.string().optional(),
  attribute: z.string().optional(),
  change: z.enum(["added", "removed", "modified"]),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  effect: z.enum(["in-place", "rebuild"]),
  reason: z.string(),
});
const kind = z.enum([...DEPLOY_ORDER, ...KNOWLEDGE_ORDER] as [DefinitionKind, ...DefinitionKind[]]);
const planSchema = z.object({
  objects: z.array(
    z.object({
      kind,
      name: z.string().min(1),
      action,
      changes: z.array(changeSchema),
      notes: z.array(z.string()),
    }),
  ),
  addedFields: z.array(z.string()),
  rebuildRequired: z.boolean(),
  summary: z.object({ create: z.number(), unchanged: z.number(), update: z.number(), rebuild: z.number() }),
});

/** The file's schema (also published as schemas/docs-index/show.schema.json, generated from this). */
export const savedPlanSchema = z.object({
  format_version: z.literal(SAVED_PLAN_FORMAT_VERSION),
  kind: z.literal(SAVED_PLAN_KIND),
  created_at: z.iso.datetime({ offset: true }),
  tool_version: z.string(),
  target: z.object({
    environment: z.string().min(1),
    endpoint: z.url(),
    api_version: z.string().min(1),
    index_name: z.string().min(1),
    current_index: z.string().min(1),
  }),
  definitions: z.object({
    index: jsonObject,
    datasource: jsonObject,
    indexer: jsonObject,
    // Only where agentic retrieval is on.
    knowledgeSource: jsonObject.optional(),
    knowledgeBase: jsonObject.optional(),
  }),
  live: z.array(
    z.object({
      kind: z.enum(["index", "datasource", "indexer", "knowledgeSource", "knowledgeBase", "alias"]),
      name: z.string(),
      etag: z.string().nullable(),
    }),
  ),
  plan: planSchema,
  rebuild: z
    .object({
      strategy: z.enum(["drop-and-recreate", "blue-green"]),
      next_index: z.string().min(1).optional(),
      deletes: z.array(z.string().min(1)).optional(),
    })
    .nullable(),
  pending: z
    .object({
      phase: z.enum(["building", "alias-missing", "inconsistent"]),
      message: z.string(),
      command: z.string().nullable(),
    })
    .nullable(),
  reranking: z
    .object({
      changes: z.array(z.string()),
      check: z.discriminatedUnion("status", [
        z.object({ status: z.literal("would-run"), golden: z.string(), queries: z.number().int().min(0) }),
        z.object({ status: z.literal("not-evaluated"), reason: z.string() }),
      ]),
      alternative: z.string().nullable(),
    })
    .nullable(),
});

// --------------------------------------------------------------------------------------------- secrets

/** Connection strings a plan may carry: none, or a managed-identity ResourceId (no key, no SAS). */
function isKeylessConnectionString(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === "" ||
    (typeof value === "string" && /^ResourceId=[^;]*;?$/i.test(value.trim()))
  );
}

/** Names of every secret a saved plan would carry; empty when the definitions are keyless. */
function secretsIn(definitions: Definitions): string[] {
  const found: string[] = [];
  const connection = (definitions.datasource.credentials as JsonObject | undefined)?.connectionString;
  if (!isKeylessConnectionString(connection)) found.push("datasource credentials.connectionString");
  const walk = (value: unknown, at: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`));
    else if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) {
        if (/^(applicationSecret|apiKey|password|accountKey)$/i.test(k) && v !== null && v !== "")
          found.push(`${at}.${k}`);
        else walk(v, `${at}.${k}`);
      }
  };
  for (const k of DEPLOY_ORDER) walk(definitions[k], k);
  return found;
}

// ------------------------------------------------------------------------------------------------ build

export interface SavedPlanInput {
  plan: Plan;
  /** The definitions the plan was computed from, filled for the environment. */
  definitions: Definitions;
  /** What the plan read from the service (definitions and ETags). */
  live: LiveDefinitions;
  target: Omit<SavedPlanTarget, "index_name" | "current_index"> & Partial<Pick<SavedPlanTarget, "current_index">>;
  toolVersion: string;
  /** Defaults to drop-and-recreate (today's deploy); the blue/green deploy passes its own. */
  rebuild?: RebuildStrategy;
  /** Behind the alias: its ETag, pinned like the definitions' (a swap after the plan refuses the deploy). */
  alias?: AliasPin;
  pending?: PendingOperation | null;
  reranking?: Reranking | null;
  now?: Date;
}

/** The saved plan for a plan just computed. Throws SavedPlanSecretError rather than write a secret to a file. */
export function createSavedPlan(input: SavedPlanInput): SavedPlan {
  const secrets = secretsIn(input.definitions);
  if (secrets.length > 0)
    throw new SavedPlanSecretError(
      `a saved plan would carry secrets (${secrets.join(", ")}); it is kept as a CI artifact, so it never holds one. ` +
        `Use a managed identity (connection string ResourceId=…;) or a Key Vault reference instead.`,
    );
  const indexName = String(input.definitions.index.name);
  return {
    format_version: SAVED_PLAN_FORMAT_VERSION,
    kind: SAVED_PLAN_KIND,
    created_at: (input.now ?? new Date()).toISOString(),
    tool_version: input.toolVersion,
    target: {
      environment: input.target.environment,
      endpoint: input.target.endpoint,
      api_version: input.target.api_version,
      index_name: indexName,
      current_index: input.target.current_index ?? indexName,
    },
    definitions: structuredClone(input.definitions),
    live: [
      ...kindsIn(input.definitions).map((k) => ({
        kind: k,
        name: String(input.definitions[k]!.name),
        etag: input.live[k]?.etag ?? null,
      })),
      ...(input.alias ? [{ kind: "alias" as const, name: input.alias.name, etag: input.alias.etag }] : []),
    ],
    plan: structuredClone(input.plan),
    rebuild: input.plan.rebuildRequired ? (input.rebuild ?? { strategy: "drop-and-recreate" }) : null,
    pending: input.pending ?? null,
    reranking: input.reranking ?? null,
  };
}

/** The file's text: 2-space JSON with a trailing newline (reviewable, diffable). */
export function serializeSavedPlan(saved: SavedPlan): string {
  return `${JSON.stringify(saved, null, 2)}\n`;
}

// ------------------------------------------------------------------------------------------------ parse

export type FormatAge = "older" | "newer";

/** The file was written in another format version: refused (exit 4), plan again with this docs-index. */
export class SavedPlanFormatError extends Error {
  constructor(
    readonly file: string,
    readonly found: string,
    readonly age: FormatAge,
  ) {
    super(
      `${file}: the saved plan is in ${age === "older" ? "an older" : "a newer"} format (format_version ${found}; this docs-index reads ${SAVED_PLAN_FORMAT_VERSION}). ` +
        (age === "older"
          ? "Plan again with this docs-index (docs-index plan -out <file>)."
          : "Apply it with the docs-index version that wrote it, or plan again with this one."),
    );
    this.name = "SavedPlanFormatError";
  }
}

function versionParts(version: string): [number, number] | undefined {
  const m = /^(\d+)\.(\d+)$/.exec(version);
  return m ? [Number(m[1]), Number(m[2])] : undefined;
}

/** older / newer than the format this docs-index reads, or undefined when it is the same. */
function formatAge(version: string): FormatAge | undefined {
  if (version === SAVED_PLAN_FORMAT_VERSION) return undefined;
  const [major, minor] = versionParts(SAVED_PLAN_FORMAT_VERSION)!;
  const found = versionParts(version);
  if (!found) return "older";
  return found[0] < major || (found[0] === major && found[1] < minor) ? "older" : "newer";
}

/**
 * The saved plan in `text`. Throws SavedPlanFileError (not a saved plan: a usage error) or SavedPlanFormatError
 * (another format version: a refusal). The file's own ETags and definitions are checked later, against the service.
 */
export function parseSavedPlan(text: string, file: string): SavedPlan {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SavedPlanFileError(
      file,
      `not valid JSON (${(err as Error).message}); expected a file written by docs-index plan -out`,
    );
  }
  if (raw === null || typeof raw !== "object" || (raw as JsonObject).kind !== SAVED_PLAN_KIND)
    throw new SavedPlanFileError(
      file,
      `not a docs-index saved plan (expected "kind": "${SAVED_PLAN_KIND}"); write one with docs-index plan -out <file>`,
    );
  const version = (raw as JsonObject).format_version;
  if (typeof version !== "string")
    throw new SavedPlanFileError(file, 'format_version: expected a string such as "1.0"');
  const age = formatAge(version);
  if (age) throw new SavedPlanFormatError(file, version, age);
  const result = savedPlanSchema.safeParse(raw);
  if (!result.success)
    throw new SavedPlanFileError(
      file,
      result.error.issues
        .map((i) => `${i.path.length ? i.path.map(String).join(".") : "(root)"}: ${i.message}`)
        .join("; "),
    );
  return result.data as SavedPlan;
}

/** A blue/green rebuild's names as the blue/green deploy takes them ({alias, from, to}), or undefined. */
export function plannedBlueGreen(
  saved: SavedPlan,
): { alias: string; from: string; to: string; deletes: string[] } | undefined {
  if (saved.rebuild?.strategy !== "blue-green" || !saved.rebuild.next_index) return undefined;
  return {
    alias: saved.target.index_name,
    from: saved.target.current_index,
    to: saved.rebuild.next_index,
    deletes: saved.rebuild.deletes ?? [],
  };
}
