// docs-index preflight: reads the docs storage account's live blob service properties and fails unless blob
// soft delete is on with enough retention and versioning is off, the indexer's deletion-detection prerequisites.
// Soft delete comes from the data plane (ctx.blobService().getProperties()); versioning from the management
// plane (ARM blobServices/default), because the data plane does not report it. Against Azurite
// (DOCS_STORAGE_CONNECTION_STRING) versioning does not exist, so it is reported as off by the emulator.
import { DefaultAzureCredential, type TokenCredential } from "@azure/identity";
import {
  bearerTokenAuthenticationPolicy,
  createDefaultHttpClient,
  createPipelineFromOptions,
  createPipelineRequest,
  RestError,
  type HttpClient,
} from "@azure/core-rest-pipeline";
import { ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import type { CliContext } from "../../context.js";
import {
  checkBlobServiceProperties,
  formatPreflightReport,
  MIN_SOFT_DELETE_DAYS,
  softDeleteFromServiceProperties,
  versioningFromArmBlobService,
  type PreflightReport,
} from "../../../search/preflight.js";

/** Storage resource provider API version for blobServices/default (isVersioningEnabled). */
export const ARM_STORAGE_API_VERSION = "2023-05-01";
export const ARM_ENDPOINT = "https://management.azure.com";

export const PREFLIGHT_EXIT_CODES = `
Exit codes:
  0  soft delete on with enough retention, versioning off
  1  a check failed (the report says which and how to fix it)
  2  usage or configuration error
  3  the storage account or the management API could not be reached or refused the request`;

export interface PreflightDeps {
  /** Management plane: credential and HTTP client (tests pass a recorded-response client). */
  credential?: TokenCredential;
  httpClient?: HttpClient;
  armEndpoint?: string;
}

/** GET {resourceId}/blobServices/default from Azure Resource Manager; the body as JSON. */
export async function readArmBlobService(resourceId: string, deps: PreflightDeps = {}): Promise<unknown> {
  const endpoint = deps.armEndpoint ?? ARM_ENDPOINT;
  const pipeline = createPipelineFromOptions({ retryOptions: { maxRetries: 3 } });
  pipeline.addPolicy(
    bearerTokenAuthenticationPolicy({
      credential: deps.credential ?? new DefaultAzureCredential(),
      scopes: `${endpoint}/.default`,
    }),
  );
  const request = createPipelineRequest({
    url: `${endpoint}${resourceId}/blobServices/default?api-version=${ARM_STORAGE_API_VERSION}`,
    method: "GET",
  });
  const response = await pipeline.sendRequest(deps.httpClient ?? createDefaultHttpClient(), request);
  if (response.status !== 200) {
    throw new RestError(
      `management API answered ${response.status} for the blob service of ${resourceId}${armErrorCode(response.bodyAsText)}`,
      {
        statusCode: response.status,
        request,
        response,
      },
    );
  }
  return JSON.parse(response.bodyAsText ?? "null") as unknown;
}

function armErrorCode(body: string | null | undefined): string {
  try {
    const code = (JSON.parse(body ?? "") as { error?: { code?: string } }).error?.code;
    return code ? ` (${code})` : "";
  } catch {
    return "";
  }
}

export async function runPreflight(ctx: CliContext, deps: PreflightDeps = {}): Promise<PreflightReport> {
  const accountId = ctx.config.search.storage_account_resource_id;
  const account = accountId.split("/").at(-1) ?? accountId;
  const local = Boolean(ctx.env.DOCS_STORAGE_CONNECTION_STRING);
  ctx.out.progress(`reading blob service properties of ${local ? "Azurite" : account}...`);
  const props = await ctx.blobService().getProperties();
  const softDelete = softDeleteFromServiceProperties(
    props,
    local ? "data plane (Azurite)" : "data plane (Get Blob Service Properties)",
  );
  const versioning = local
    ? { enabled: false, source: "emulator (Azurite has no blob versioning)" }
    : versioningFromArmBlobService(
        await readArmBlobService(accountId, deps),
        "management plane (blobServices/default isVersioningEnabled)",
      );
  const minDays = Math.max(
    MIN_SOFT_DELETE_DAYS,
    ctx.config.docs_storage?.blob_soft_delete_days ?? MIN_SOFT_DELETE_DAYS,
  );
  return checkBlobServiceProperties({ account, softDelete, versioning }, minDays);
}

export const preflightCommand: CommandModule = {
  register(program, run) {
    program
      .command("preflight")
      .description(
        "Check the docs storage account: blob soft delete on (>= 7 days, or docs_storage.blob_soft_delete_days) and versioning off",
      )
      .addHelpText("after", PREFLIGHT_EXIT_CODES)
      .action(
        run(async (ctx) => {
          const report = await runPreflight(ctx);
          ctx.out.result(report, () => formatPreflightReport(report));
          return report.ok ? ExitCode.Ok : ExitCode.CheckFailed;
        }),
      );
  },
};
