// Where a datasource's blobs come from: the stand-in reaches only the local Azurite account it was given
// (`storageConnectionString`). A datasource's `ResourceId=.../storageAccounts/<name>/;` (managed-identity form,
// reference §3.1) resolves to it when <name> is Azurite's account; any other account fails the run clearly.
import { BlobServiceClient, type ContainerClient } from "@azure/storage-blob";
import type { BlobListingEntry } from "../../../src/search/indexer-emulation/blob-metadata.js";

export class DataSourceError extends Error {}

/** A listed blob with its ETag (used to tell same-second edits apart in change tracking). */
export type ListedBlob = BlobListingEntry & { etag: string };

export interface BlobSource {
  /** The account name documents are attributed to (metadata_storage_path host). */
  accountName: string;
  container: ContainerClient;
  prefix: string | undefined;
}

function connectionStringPart(connectionString: string, key: string): string | undefined {
  for (const part of connectionString.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim().toLowerCase() === key.toLowerCase()) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The storage account a datasource's connection string names (ResourceId or key/SAS forms). */
function accountOfConnectionString(connectionString: string): string | undefined {
  const resourceId = connectionStringPart(connectionString, "ResourceId");
  if (resourceId) return /\/storageAccounts\/([^/;]+)/i.exec(resourceId)?.[1];
  const name = connectionStringPart(connectionString, "AccountName");
  if (name) return name;
  const endpoint =
    connectionStringPart(connectionString, "BlobEndpoint") ??
    connectionStringPart(connectionString, "ContainerSharedAccessUri");
  if (endpoint) return /^https?:\/\/([^./]+)\./.exec(endpoint)?.[1];
  return undefined;
}

export function resolveBlobSource(
  datasource: Record<string, unknown>,
  storageConnectionString: string | undefined,
): BlobSource {
  const name = String(datasource.name);
  if (datasource.type !== "azureblob") {
    throw new DataSourceError(
      `Data source '${name}' has type '${String(datasource.type)}'; the local stand-in indexes only 'azureblob' data sources.`,
    );
  }
  const connectionString =
    (datasource.credentials as { connectionString?: string } | undefined)?.connectionString ?? "";
  const container = datasource.container as { name?: string; query?: string | null } | undefined;
  if (!container?.name) throw new DataSourceError(`Data source '${name}' has no container name.`);
  if (!storageConnectionString) {
    throw new DataSourceError(
      `The stand-in was started without a storageConnectionString, so data source '${name}' cannot be read. Start it with the Azurite connection string (npm run local does).`,
    );
  }
  const localAccount = connectionStringPart(storageConnectionString, "AccountName");
  const wanted = accountOfConnectionString(connectionString);
  if (!wanted) {
    throw new DataSourceError(
      `Data source '${name}' has a connection string the stand-in cannot read an account name from; expected 'ResourceId=/subscriptions/<id>/resourceGroups/<rg>/providers/Microsoft.Storage/storageAccounts/<name>/;'.`,
    );
  }
  if (wanted !== localAccount) {
    throw new DataSourceError(
      `Data source '${name}' points at storage account '${wanted}', but the local stand-in reaches only the Azurite account '${localAccount}'. Point the datasource's ResourceId at storageAccounts/${localAccount}.`,
    );
  }
  const client = BlobServiceClient.fromConnectionString(storageConnectionString);
  return {
    accountName: wanted,
    container: client.getContainerClient(container.name),
    prefix: container.query ?? undefined,
  };
}

/** Lists the container (with metadata); a missing container is a clear run failure, as on the service. */
export async function listBlobs(source: BlobSource): Promise<ListedBlob[]> {
  const out: ListedBlob[] = [];
  try {
    for await (const item of source.container.listBlobsFlat({
      includeMetadata: true,
      ...(source.prefix ? { prefix: source.prefix } : {}),
    })) {
      out.push({
        name: item.name,
        properties: item.properties,
        metadata: item.metadata,
        etag: item.properties.etag ?? "",
      });
    }
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404)
      throw new DataSourceError(
        `The container '${source.container.containerName}' does not exist in storage account '${source.accountName}'.`,
      );
    throw new DataSourceError(
      `Listing container '${source.container.containerName}' failed: ${(err as Error).message}`,
    );
  }
  return out;
}

export async function downloadBlob(source: BlobSource, name: string): Promise<Buffer> {
  return source.container.getBlobClient(name).downloadToBuffer();
}
