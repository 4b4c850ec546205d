// docs-index preview <folder>: what the blob indexer makes of each file of a local copy of $web (the folder is
// the container root), with the indexer definition of --definitions and the account from the config. Offline.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import { indexerDefinitionView } from "../../../search/definitions/definition-views.js";
import { isExpectedFailure } from "../../../search/ops/expected-failure.js";
import { accountNameFromUrl, previewBlob, summarise, type PreviewBlob } from "../../../search/ops/preview.js";
import { readRawDefinitionsOrUsage } from "../common/coverage.js";
import { DEFINITIONS_OPTION_HELP } from "../common/definitions.js";

interface PreviewOptions {
  accountUrl?: string;
  failuresOnly?: boolean;
  definitions?: string;
}

export const previewCommand: CommandModule = {
  register(program, run) {
    program
      .command("preview")
      .argument("<folder>", "a local copy of the container; the folder is the container root")
      .option(
        "--account-url <url>",
        "the storage account's blob endpoint (default: the account of search.storage_account_resource_id)",
      )
      .option("--failures-only", "list only the blobs that fail (the summary still counts all)")
      .option("--definitions <dir>", DEFINITIONS_OPTION_HELP, DEFAULT_DEFINITIONS_DIR)
      .description(
        "Show what the indexer makes of each blob: id, app, repo, section, format, content type, public URL or the mapping error (expected or not)",
      )
      .addHelpText(
        "after",
        exitCodeHelp(
          {
            ok: "every indexed blob mapped, or failed only as expected (search.expected_failures)",
            "check-failed": "an unexpected mapping failure",
            usage: "usage error (missing folder, bad URL) or configuration error",
          },
          { offline: true },
        ),
      )
      .action(
        run(async (ctx, folder: string, opts: PreviewOptions) => {
          const { search } = ctx.config;
          let accountName: string;
          try {
            accountName = opts.accountUrl
              ? accountNameFromUrl(opts.accountUrl)
              : (search.storage_account_resource_id.split("/").at(-1) ?? "");
          } catch (err) {
            throw new CliError((err as Error).message, "usage");
          }
          const root = path.resolve(folder);
          const info = await stat(root).catch(() => undefined);
          if (!info?.isDirectory()) throw new CliError(`${folder} is not a folder`, "usage");
          const def = indexerDefinitionView(readRawDefinitionsOrUsage(opts.definitions).indexer);
          ctx.out.note(`preview: ${folder} as container ${search.container} of account ${accountName} (offline)`);
          const options = {
            accountName,
            container: search.container,
            docsUrl: search.docs_url,
            fieldMappings: def.fieldMappings,
            configuration: def.configuration,
          };

          const previewed: PreviewBlob[] = [];
          for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
            if (!entry.isFile()) continue;
            const full = path.join(entry.parentPath, entry.name);
            const rel = path.relative(root, full).split(path.sep).join("/");
            previewed.push(previewBlob(rel, (await stat(full)).mtime, options));
          }
          previewed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
          const blobs = previewed.map((b) => ({
            ...b,
            expectedFailure: b.error !== null && isExpectedFailure(b.path, search.expected_failures),
          }));
          const summary = summarise(previewed);
          const unexpected = blobs.filter((b) => b.error !== null && !b.expectedFailure);
          const shown = opts.failuresOnly ? blobs.filter((b) => b.error !== null) : blobs;
          ctx.out.result(
            {
              blobs: shown,
              summary: {
                ...summary,
                expectedFailures: summary.failed - unexpected.length,
                unexpectedFailures: unexpected.length,
              },
            },
            () =>
              [
                ...shown.map((b) =>
                  b.excluded
                    ? `${b.path}  excluded`
                    : b.error
                      ? `${b.path}  ${b.expectedFailure ? "fails as expected (search.expected_failures)" : "FAILED (unexpected)"}: ${b.error}`
                      : `${b.path}  app ${b.app}, section ${b.section}, format ${b.format}  ${b.url}`,
                ),
                `${summary.blobs} blobs: ${summary.indexed} indexed, ${summary.excluded} excluded, ${summary.failed} failed (${summary.failed - unexpected.length} expected, ${unexpected.length} unexpected)`,
              ].join("\n"),
          );
          return unexpected.length > 0 ? "check-failed" : "ok";
        }),
      );
  },
};
