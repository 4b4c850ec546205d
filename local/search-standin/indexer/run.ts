// One blob indexer run over Azurite (reference §3, §6, §7; spec C errors and backfill rules):
// list → change detection by last-modified high-water mark → extension filter and opt-outs → crack
// (HTML / Markdown / text) → field mappings (the shared pure module) → mergeOrUpload into the index →
// emulated soft-delete detection. Per-document failures are collected; the run fails only when they
// exceed `maxFailedItems` (-1 = unlimited).
import { blobOptOuts, fileExtension, isExtensionIndexed } from "../../../src/search/indexer-emulation/blob-metadata.js";
import { applyFieldMappings, type FieldMapping } from "../../../src/search/indexer-emulation/field-mappings.js";
import { isTextLike, sourceFields } from "../../../src/search/indexer-emulation/source-fields.js";
import { isHtml } from "../../../src/search/indexer-emulation/extract-html.js";
import { isMarkdown } from "../../../src/search/indexer-emulation/extract-markdown.js";
import { applyBatch, parseBatch } from "../documents/batch.js";
import { schemaOf } from "../documents/schema.js";
import { ServiceError } from "../http.js";
import type { StandInContext } from "../context.js";
import type { ExecutionResult, JsonObject } from "../state.js";
import {
  DataSourceError,
  downloadBlob,
  listBlobs,
  resolveBlobSource,
  type BlobSource,
  type ListedBlob,
} from "./blob-source.js";
import { hasSoftDeletePolicy, type EngineState } from "./tracking.js";

const DOC_LINK = "https://go.microsoft.com/fwlink/?linkid=2049388";
const DOWNLOAD_CONCURRENCY = 16;

interface IndexingParameters {
  maxFailedItems?: number | null;
  configuration?: {
    excludedFileNameExtensions?: string;
    indexedFileNameExtensions?: string;
    dataToExtract?: string;
  } | null;
}

/** Fills `result` in place (it is the history entry a status poll reads). Throws only DataSourceError. */
export async function performRun(
  ctx: StandInContext,
  indexerName: string,
  engine: EngineState,
  result: ExecutionResult,
): Promise<void> {
  const { definition, datasourceName, datasource, indexName, index } = runTargets(ctx, indexerName);
  const parameters = (definition.parameters ?? {}) as IndexingParameters;
  const schema = schemaOf(index);
  const settings: RunSettings = {
    configuration: parameters.configuration ?? {},
    mappings: (definition.fieldMappings ?? []) as FieldMapping[],
    schema,
    indexFields: [...schema.fields.keys()],
    datasourceName,
  };
  const source = resolveBlobSource(datasource, ctx.options.storageConnectionString);
  const policyActive = hasSoftDeletePolicy(datasource);
  const generation = engine.resetGeneration;

  const listed = await listBlobs(source);
  let store = ctx.state.documents.get(indexName) as DocumentStore | undefined;
  if (!store) {
    store = new Map();
    ctx.state.documents.set(indexName, store);
  }
  const { changed, newMark } = changedBlobs(listed, engine, policyActive, settings.configuration);
  const indexed = await indexBlobs(changed, { source, settings, engine, policyActive, store });
  const deleted = detectDeletions(listed, { source, engine, policyActive, store });

  const failures = indexed.failures;
  const maxFailed = parameters.maxFailedItems ?? 0;
  result.itemsProcessed = indexed.processed + deleted;
  result.itemsFailed = failures.length;
  result.errors = failures;
  result.warnings = indexed.warnings;
  const tooMany = maxFailed !== -1 && failures.length > maxFailed;
  result.status = tooMany ? "transientFailure" : "success";
  result.errorMessage = tooMany
    ? `There's been too many failed items (${failures.length}) for this indexer run. The indexer's maxFailedItems is ${maxFailed}; set it to -1 to tolerate any number of failed items.`
    : null;
  // The mark advances only after a successful run that no reset interrupted.
  if (!tooMany && engine.resetGeneration === generation) engine.runtime.highWaterMark = newMark;
  result.finalTrackingState = engine.runtime.highWaterMark;
}

type DocumentStore = Map<string, Record<string, unknown>>;

/** The indexer's definition, its data source and its target index; a DataSourceError names the one missing. */
function runTargets(ctx: StandInContext, indexerName: string) {
  const indexer = ctx.state.indexers.get(indexerName);
  if (!indexer) throw new DataSourceError(`Indexer '${indexerName}' was deleted during the run.`);
  const definition = indexer.definition;
  const datasourceName = String(definition.dataSourceName);
  const datasource = ctx.state.datasources.get(datasourceName)?.definition;
  if (!datasource)
    throw new DataSourceError(`Data source '${datasourceName}' of indexer '${indexerName}' does not exist.`);
  const indexName = String(definition.targetIndexName);
  const index = ctx.state.indexes.get(indexName)?.definition;
  if (!index) throw new DataSourceError(`Target index '${indexName}' of indexer '${indexerName}' does not exist.`);
  return { definition, datasourceName, datasource, indexName, index };
}

/**
 * Change detection: the blobs modified after the high-water mark (or at it with another ETag), less those the
 * extension filter or the blob's own metadata opt out; and the mark this run reached.
 */
function changedBlobs(
  listed: ListedBlob[],
  engine: EngineState,
  policyActive: boolean,
  configuration: RunSettings["configuration"],
): { changed: ListedBlob[]; newMark: string | null } {
  const highWaterMark = engine.runtime.highWaterMark;
  let newMark = highWaterMark;
  const changed: ListedBlob[] = [];
  for (const blob of listed) {
    const lastModified = blob.properties.lastModified.toISOString();
    if (newMark === null || lastModified > newMark) newMark = lastModified;
    const seen = engine.seen.get(blob.name);
    if (seen) seen.seenWithPolicy ||= policyActive;
    const isChanged =
      highWaterMark === null ||
      lastModified > highWaterMark ||
      (lastModified === highWaterMark && seen?.etag !== blob.etag);
    if (!isChanged) continue;
    if (!isExtensionIndexed(blob.name, configuration)) continue;
    if (blobOptOuts(blob.metadata).skip) continue;
    changed.push(blob);
  }
  return { changed, newMark };
}

interface IndexingTarget {
  source: BlobSource;
  settings: RunSettings;
  engine: EngineState;
  policyActive: boolean;
  store: DocumentStore;
}

/** Cracks, maps and merges each changed blob into the index (a few at a time), recording what it saw. */
async function indexBlobs(
  changed: ListedBlob[],
  { source, settings, engine, policyActive, store }: IndexingTarget,
): Promise<{ failures: JsonObject[]; warnings: JsonObject[]; processed: number }> {
  const { schema, datasourceName } = settings;
  const failures: JsonObject[] = [];
  const warnings: JsonObject[] = [];
  let processed = 0;
  await forEachConcurrently(changed, DOWNLOAD_CONCURRENCY, async (blob) => {
    const outcome = await indexOne(source, blob, settings);
    processed += 1;
    const previous = engine.seen.get(blob.name);
    engine.seen.set(blob.name, {
      etag: blob.etag,
      lastModified: blob.properties.lastModified.toISOString(),
      key: outcome.key ?? previous?.key,
      seenWithPolicy: (previous?.seenWithPolicy ?? false) || policyActive,
    });
    if ("error" in outcome) {
      failures.push(outcome.error);
      return;
    }
    const warning = metadataOnlyWarning(blob, outcome.key, datasourceName);
    if (warning) warnings.push(warning);
    const [itemResult] = applyBatch(
      store,
      parseBatch({ value: [{ "@search.action": "mergeOrUpload", ...outcome.document }] }, schema),
      schema,
    );
    if (itemResult && !itemResult.status) {
      failures.push(
        indexerError(
          itemResult.key,
          itemResult.errorMessage ?? "Indexing failed.",
          datasourceName,
          blob,
          itemResult.statusCode,
          "Indexing",
        ),
      );
    }
  });
  return { failures, warnings, processed };
}

/** The warning for a blob whose content type the stand-in does not crack (indexed with metadata only). */
function metadataOnlyWarning(blob: ListedBlob, key: string | undefined, datasourceName: string): JsonObject | null {
  const type = blob.properties.contentType ?? null;
  const ext = fileExtension(blob.name);
  if (isTextLike(type) || isHtml(type, ext) || isMarkdown(type, ext)) return null;
  return {
    key: key ?? blob.name,
    name: `DocumentExtraction.AzureBlob.${datasourceName}`,
    message: `Content extraction for content type '${type ?? "none"}' is not emulated by the local stand-in; the blob was indexed with metadata only.`,
    details: `Blob '${blob.name}'.`,
    documentationLink: DOC_LINK,
  };
}

/** Emulated soft-delete detection (see tracking.ts for the rule and why it is emulated); returns the deletions. */
function detectDeletions(
  listed: ListedBlob[],
  { source, engine, policyActive, store }: Omit<IndexingTarget, "settings">,
): number {
  let deleted = 0;
  const present = new Set(listed.map((b) => b.name));
  for (const [name, seen] of engine.seen) {
    if (present.has(name) || (source.prefix && !name.startsWith(source.prefix))) continue;
    if (policyActive && seen.seenWithPolicy && seen.key !== undefined) {
      store.delete(seen.key);
      deleted += 1;
    }
    engine.seen.delete(name);
  }
  return deleted;
}

interface RunSettings {
  configuration: NonNullable<IndexingParameters["configuration"]>;
  mappings: FieldMapping[];
  schema: ReturnType<typeof schemaOf>;
  indexFields: string[];
  datasourceName: string;
}

type OneOutcome = { key: string | undefined } & ({ document: Record<string, unknown> } | { error: JsonObject });

async function indexOne(source: BlobSource, blob: ListedBlob, settings: RunSettings): Promise<OneOutcome> {
  const { skipContent } = blobOptOuts(blob.metadata);
  const wantsContent =
    !skipContent && (settings.configuration.dataToExtract ?? "contentAndMetadata") !== "storageMetadata";
  let body: Buffer | undefined;
  if (wantsContent) {
    try {
      body = await downloadBlob(source, blob.name);
    } catch (err) {
      const path = `${source.accountName}/${source.container.containerName}/${blob.name}`;
      return {
        key: undefined,
        error: indexerError(
          path,
          `Could not read blob '${blob.name}': ${(err as Error).message}`,
          settings.datasourceName,
          blob,
          404,
          "DocumentExtraction",
        ),
      };
    }
  }
  const fields = sourceFields(source.accountName, source.container.containerName, blob, body, {
    dataToExtract: settings.configuration.dataToExtract ?? "contentAndMetadata",
    skipContent,
  });
  const outcome = applyFieldMappings(settings.mappings, fields, {
    keyField: settings.schema.keyField,
    indexFields: settings.indexFields,
  });
  const key = outcome.key;
  if ("error" in outcome) {
    return {
      key,
      error: indexerError(
        key ?? String(fields.metadata_storage_path),
        outcome.error.message,
        settings.datasourceName,
        blob,
        400,
      ),
    };
  }
  try {
    // Type checks of the batch parser, so a bad value is this document's failure, not the run's.
    parseBatch({ value: [outcome.document] }, settings.schema);
  } catch (err) {
    if (!(err instanceof ServiceError)) throw err;
    return { key, error: indexerError(key ?? "", err.message, settings.datasourceName, blob, 400, "Indexing") };
  }
  return { key, document: outcome.document };
}

/** A SearchIndexerError (reference §6): key, errorMessage, statusCode, name, details, documentationLink. */
/**
 * `name` is `[category].[subcategory].[resourceType].[resourceName]` (reference §6, ERR); the categories are the
 * stand-in's.
 */
function indexerError(
  key: string,
  errorMessage: string,
  datasourceName: string,
  blob: ListedBlob,
  statusCode: number,
  category = "FieldMapping",
): JsonObject {
  return {
    key,
    errorMessage,
    statusCode,
    name: `${category}.AzureBlob.${datasourceName}`,
    details: `Blob '${blob.name}'.`,
    documentationLink: DOC_LINK,
  };
}

async function forEachConcurrently<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await fn(item);
    }
  });
  await Promise.all(workers);
}
