// Preflight of the docs storage account before the indexer relies on native soft-delete deletion detection
// (spec C, limits and backfill rule 5): blob soft delete on with at least 7 days of retention, versioning off.
// Pure: the command gathers an "observed properties" object from two sources and this module judges it.
//
// Which source gives which value:
//   soft delete (enabled, days)  data plane   Blob service "Get Service Properties" (BlobServiceClient.getProperties()
//                                             .deleteRetentionPolicy); also served by Azurite.
// versioning (enabled)         management   ARM GET {accountId}/blobServices/default -> properties.isVersioningEnabled
//                                plane        (not part of the data-plane properties). Azurite has no versioning at
//                                             all, so locally the value is "off (emulator)".

const MIN_SOFT_DELETE_DAYS = 7;

export interface ObservedBlobServiceProperties {
  account: string;
  softDelete: { enabled: boolean; days: number | undefined; source: string };
  /** undefined = the source did not say (treated as a failure: the check cannot be proven). */
  versioning: { enabled: boolean | undefined; source: string };
}

interface PreflightFinding {
  check: "soft-delete" | "soft-delete-retention" | "versioning";
  ok: boolean;
  observed: string;
  expected: string;
  source: string;
  fix?: string;
}

export interface PreflightReport {
  ok: boolean;
  account: string;
  findings: PreflightFinding[];
}

/** The data-plane part, from BlobServiceClient.getProperties() (an absent policy means off). */
export function softDeleteFromServiceProperties(
  props: { deleteRetentionPolicy?: { enabled: boolean; days?: number } },
  source: string,
): ObservedBlobServiceProperties["softDelete"] {
  return { enabled: props.deleteRetentionPolicy?.enabled === true, days: props.deleteRetentionPolicy?.days, source };
}

/** The management-plane part, from the ARM blobServices/default resource body. */
export function versioningFromArmBlobService(
  body: unknown,
  source: string,
): ObservedBlobServiceProperties["versioning"] {
  const value = (body as { properties?: { isVersioningEnabled?: unknown } } | null)?.properties?.isVersioningEnabled;
  // ARM omits the property when versioning was never turned on: that is "off".
  if (value === undefined && typeof (body as { properties?: unknown } | null)?.properties === "object")
    return { enabled: false, source };
  return { enabled: typeof value === "boolean" ? value : undefined, source };
}

export function checkBlobServiceProperties(
  observed: ObservedBlobServiceProperties,
  minDays = MIN_SOFT_DELETE_DAYS,
): PreflightReport {
  const { softDelete, versioning } = observed;
  const fixVia = "deploy the docs-storage stack (docs_storage.blob_soft_delete_days in vars.yml)";
  const findings: PreflightFinding[] = [
    {
      check: "soft-delete",
      ok: softDelete.enabled,
      observed: softDelete.enabled ? "on" : "off",
      expected: "on",
      source: softDelete.source,
      ...(softDelete.enabled ? {} : { fix: `turn blob soft delete on: ${fixVia}` }),
    },
    {
      check: "soft-delete-retention",
      ok: softDelete.enabled && (softDelete.days ?? 0) >= minDays,
      observed: softDelete.enabled ? `${softDelete.days ?? "unknown"} days` : "n/a (soft delete off)",
      expected: `at least ${minDays} days`,
      source: softDelete.source,
      ...(softDelete.enabled && (softDelete.days ?? 0) >= minDays
        ? {}
        : {
            fix: `keep deleted blobs at least ${minDays} days so a missed daily indexer run still sees them: ${fixVia}`,
          }),
    },
    {
      check: "versioning",
      ok: versioning.enabled === false,
      observed: versioning.enabled === undefined ? "unknown" : versioning.enabled ? "on" : "off",
      expected: "off (native soft-delete detection is unsupported with versioning on)",
      source: versioning.source,
      ...(versioning.enabled === false
        ? {}
        : versioning.enabled
          ? { fix: "turn blob versioning off (the docs-storage stack sets versioning_enabled = false)" }
          : {
              fix: "the versioning state could not be read; grant the identity Reader on the storage account and retry",
            }),
    },
  ];
  return { ok: findings.every((f) => f.ok), account: observed.account, findings };
}

/** The reads behind `preflight`: calls only. */
export interface PreflightPort {
  /** Get Blob Service Properties (data plane). */
  blobServiceProperties(): Promise<{ deleteRetentionPolicy?: { enabled: boolean; days?: number } }>;
  /** ARM blobServices/default (management plane), the only place versioning shows. */
  armBlobService(): Promise<unknown>;
  progress(event: PreflightProgress): void;
}

/** The read under way (views/progress-text.ts words it): the blob service's properties of the account or Azurite. */
export interface PreflightProgress {
  event: "reading-blob-service-properties";
  account: string;
  local: boolean;
}

export interface PreflightRequest {
  account: string;
  /** Against Azurite: versioning does not exist there, so it is off (no management plane is asked). */
  local: boolean;
  /** docs_storage.blob_soft_delete_days: a longer retention than the minimum the indexer needs. */
  softDeleteDays?: number;
}

/** `docs-index preflight`: the storage account's deletion-detection prerequisites, read and checked. */
export async function preflight(port: PreflightPort, request: PreflightRequest): Promise<PreflightReport> {
  const { account, local } = request;
  port.progress({ event: "reading-blob-service-properties", account, local });
  const softDelete = softDeleteFromServiceProperties(
    await port.blobServiceProperties(),
    local ? "data plane (Azurite)" : "data plane (Get Blob Service Properties)",
  );
  const versioning = local
    ? { enabled: false, source: "emulator (Azurite has no blob versioning)" }
    : versioningFromArmBlobService(
        await port.armBlobService(),
        "management plane (blobServices/default isVersioningEnabled)",
      );
  const minDays = Math.max(MIN_SOFT_DELETE_DAYS, request.softDeleteDays ?? MIN_SOFT_DELETE_DAYS);
  return checkBlobServiceProperties({ account, softDelete, versioning }, minDays);
}
