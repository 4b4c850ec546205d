// docs-index preview <folder>: what the blob indexer makes of each file of a local copy of $web (the folder is
// the container root), with the indexer definition of --definitions and the account from the config. Offline.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { CliError, exitCodeHelp } from "../../exit-codes.js";
import type { CommandModule } from "../command.js";
import { DEFAULT_DEFINITIONS_DIR } from "../../../search/definitions/definitions.js";
import { indexerDefinitionView } from "../../../search/definitions/definition-views.js";
import { accountNameFromUrl, previewFiles, type PreviewFile } from "../../../search/ops/preview.js";
import { formatPreview } from "../../../search/views/preview-text.js";
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

          const files: PreviewFile[] = [];
          for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
            if (!entry.isFile()) continue;
            const full = path.join(entry.parentPath, entry.name);
            const rel = path.relative(root, full).split(path.sep).join("/");
            files.push({ path: rel, lastModified: (await stat(full)).mtime });
          }
          const { report, unexpected } = previewFiles(files, {
            ...options,
            expectedFailures: search.expected_failures,
            failuresOnly: opts.failuresOnly,
          });
          ctx.out.result(report, () => formatPreview(report));
          return unexpected.length > 0 ? "check-failed" : "ok";
        }),
      );
  },
};
