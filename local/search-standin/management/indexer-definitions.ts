// What the service does with datasource and indexer bodies: validate, fill defaults, and report them the way
// GET does (connection strings are write-only; schedule intervals in canonical duration form).
import { canonicalDuration, durationSeconds } from "../../../src/search/plan/normalise.js";
import { ServiceError } from "../http.js";
import type { JsonObject, StandInState } from "../state.js";
import { assertTargetNotAlias } from "./aliases.js";
import { indexerRuleFindings } from "../../../src/search/definitions/rules/check-definitions.js";
import { refusedByRule } from "./rule-refusal.js";

/**
 * UNCONFIRMED (reference §3.1, §12): GET returns `credentials.connectionString` as null. The SDKs' `<unchanged>`
 * sentinel exists because the secret is not read back (Azure/azure-sdk-for-js#9594).
 */
const GET_REDACTS_CONNECTION_STRING = true;

/** UNCONFIRMED (reference §3.3, §12): the service echoes `PT24H` as `P1D` (its examples only show `P1D`). */
const ECHO_CANONICAL_DURATIONS = true;

/** "An indexer runs automatically when it's created", unless `disabled` (reference §3.3, BLOB). */
export const RUN_INDEXER_ON_CREATE = true;

const DATASOURCE_TYPES = new Set([
  "azuresql",
  "cosmosdb",
  "azureblob",
  "azuretable",
  "mysql",
  "adlsgen2",
  "onelake",
  "sharepoint",
]);

function invalid(message: string): ServiceError {
  return new ServiceError(400, "InvalidRequestParameter", `The request is invalid. Details: ${message}`);
}

/** Validates a datasource body; `existing` is the stored definition for an update (for `<unchanged>`). */
export function datasourceWithDefaults(body: JsonObject, existing: JsonObject | undefined): JsonObject {
  if (typeof body.type !== "string" || !DATASOURCE_TYPES.has(body.type))
    throw invalid(`dataSource.type ${JSON.stringify(body.type)} is not a supported data source type.`);
  const container = body.container as JsonObject | undefined;
  if (!container || typeof container.name !== "string" || container.name === "")
    throw invalid("dataSource.container.name is required.");
  const given = (body.credentials as JsonObject | undefined)?.connectionString;
  let connectionString: unknown = given;
  if (given === "<unchanged>") {
    if (!existing) throw invalid("'<unchanged>' can only be used when updating an existing data source.");
    connectionString = (existing.credentials as JsonObject).connectionString;
  } else if (given === "<redacted>") {
    connectionString = null;
  } else if (typeof given !== "string" || given.trim() === "") {
    throw invalid("dataSource.credentials.connectionString is required (send '<unchanged>' to keep the stored one).");
  }
  return {
    name: body.name,
    description: body.description ?? null,
    type: body.type,
    credentials: { connectionString },
    container: { name: container.name, query: container.query ?? null },
    dataChangeDetectionPolicy: body.dataChangeDetectionPolicy ?? null,
    dataDeletionDetectionPolicy: body.dataDeletionDetectionPolicy ?? null,
    encryptionKey: body.encryptionKey ?? null,
    identity: body.identity ?? null,
  };
}

/** What GET shows of a stored datasource. */
export function datasourceView(definition: JsonObject): JsonObject {
  if (!GET_REDACTS_CONNECTION_STRING) return definition;
  return { ...definition, credentials: { connectionString: null } };
}

/** Validates an indexer body against the state (its datasource and target index must exist). */
export function indexerWithDefaults(body: JsonObject, state: StandInState): JsonObject {
  for (const key of ["dataSourceName", "targetIndexName"]) {
    if (typeof body[key] !== "string" || body[key] === "") throw invalid(`indexer.${key} is required.`);
  }
  if (!state.datasources.has(body.dataSourceName as string)) {
    throw new ServiceError(
      400,
      "InvalidRequestParameter",
      `Data source '${String(body.dataSourceName)}' does not exist.`,
    );
  }
  assertTargetNotAlias(state, body.targetIndexName as string);
  if (!state.indexes.has(body.targetIndexName as string)) {
    throw new ServiceError(400, "InvalidRequestParameter", `Index '${String(body.targetIndexName)}' does not exist.`);
  }
  if (body.skillsetName != null) throw invalid(`skillset '${String(body.skillsetName)}' does not exist.`);
  const index = state.indexes.get(body.targetIndexName as string)!.definition;
  const [broken] = indexerRuleFindings({ indexer: body, index });
  if (broken) throw refusedByRule(broken);
  let schedule: JsonObject | null = null;
  if (body.schedule != null) {
    const s = body.schedule as JsonObject;
    const seconds = typeof s.interval === "string" ? durationSeconds(s.interval) : undefined;
    if (seconds === undefined)
      throw invalid(`indexer.schedule.interval ${JSON.stringify(s.interval)} is not an ISO 8601 duration.`);
    if (seconds < 300 || seconds > 86400)
      throw invalid("indexer.schedule.interval must be between 5 minutes and 24 hours.");
    schedule = {
      interval: ECHO_CANONICAL_DURATIONS ? canonicalDuration(seconds) : s.interval,
      startTime: typeof s.startTime === "string" ? s.startTime : new Date().toISOString(),
    };
  }
  const parameters = (body.parameters ?? {}) as JsonObject;
  const fieldMappings = ((body.fieldMappings as JsonObject[] | undefined) ?? []).map((m) => {
    if (typeof m.sourceFieldName !== "string") throw invalid("every field mapping needs a sourceFieldName.");
    return {
      sourceFieldName: m.sourceFieldName,
      targetFieldName: m.targetFieldName ?? m.sourceFieldName,
      mappingFunction: m.mappingFunction ?? null,
    };
  });
  return {
    name: body.name,
    description: body.description ?? null,
    dataSourceName: body.dataSourceName,
    skillsetName: null,
    targetIndexName: body.targetIndexName,
    disabled: body.disabled ?? false,
    schedule,
    parameters: {
      batchSize: parameters.batchSize ?? null,
      maxFailedItems: parameters.maxFailedItems ?? 0,
      maxFailedItemsPerBatch: parameters.maxFailedItemsPerBatch ?? 0,
      configuration: parameters.configuration ?? {},
    },
    fieldMappings,
    outputFieldMappings: body.outputFieldMappings ?? [],
    encryptionKey: body.encryptionKey ?? null,
  };
}
