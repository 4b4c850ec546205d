// docs-index preflight: reads the docs storage account's live blob service properties and fails unless blob
// soft delete is on with enough retention and versioning is off, the indexer's deletion-detection prerequisites.
// Soft delete comes from the data plane (Get Blob Service Properties); versioning from the management plane
// (ARM blobServices/default, src/search/io/arm-blob-service.ts), because the data plane does not report it.
// Against Azurite (DOCS_STORAGE_CONNECTION_STRING) versioning does not exist, so it is reported as off.
import { readArmBlobService, type ArmDeps } from "../../../search/io/arm-blob-service.js";
import { preflight, type PreflightReport } from "../../../search/ops/preflight.js";
import { progressLine } from "../../../search/views/progress-text.js";
import type { CliContext } from "../../context.js";
import { checked } from "../../exit-codes.js";
import { preflightCommandLine } from "../arguments/preflight.js";
import type { CommandModule } from "../command.js";
import { announceTarget } from "../common/target.js";
import { preflightResult } from "../views/preflight.js";
import { showResult } from "../views/result.js";

/** The preflight of the configured docs storage account (`deps`: the management plane's transport, for tests). */
export async function runPreflight(ctx: CliContext, deps: ArmDeps = {}): Promise<PreflightReport> {
  const accountId = ctx.config.search.storage_account_resource_id;
  return preflight(
    {
      blobServiceProperties: async () => (await ctx.blobService()).getProperties(),
      armBlobService: () => readArmBlobService(accountId, { service: ctx.service, ...deps }),
      progress: (event) => ctx.out.progress(progressLine(event)),
    },
    {
      account: accountId.split("/").at(-1) ?? accountId,
      local: Boolean(ctx.env.DOCS_STORAGE_CONNECTION_STRING),
      softDeleteDays: ctx.config.docs_storage?.blob_soft_delete_days,
    },
  );
}

export const preflightCommand: CommandModule = {
  register(program, run) {
    preflightCommandLine(program.command("preflight")).action(
      run(async (ctx) => {
        announceTarget(ctx, "preflight", [], { search: false, storage: true });
        const report = await runPreflight(ctx);
        showResult(ctx.out, preflightResult(report));
        return checked(report.ok);
      }),
    );
  },
};
