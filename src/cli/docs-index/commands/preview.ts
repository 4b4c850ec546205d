// docs-index preview <folder>: emulates the indexer over a local copy of the container (the folder is the
// container root), with the indexer definition from search-definitions/docs-indexer.json. Offline.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { CliError, ExitCode } from "../../exit-codes.js";
import type { CommandModule } from "../program.js";
import { readIndexerDefinition } from "../../../search/ops/io/definitions.js";
import { accountNameFromUrl, previewBlob, summarise, type PreviewBlob } from "../../../search/ops/preview.js";

export const previewCommand: CommandModule = {
  register(program, run) {
    program
      .command("preview")
      .argument("<folder>", "a local copy of the container; the folder is the container root")
      .requiredOption(
        "--account-url <url>",
        "the storage account's blob endpoint, e.g. https://<account>.blob.core.windows.net",
      )
      .option("--failures-only", "list only the blobs that fail (the summary still counts all)")
      .description(
        "Show what the indexer makes of each blob: id, app, repo, section, format, content type, public URL or the mapping error",
      )
      .addHelpText(
        "after",
        "\nExit codes: 0 every indexed blob mapped or failed only as expected (search.expected_failures), 1 an unexpected mapping failure, 2 usage error (missing folder, bad URL).",
      )
      .action(
        run(async (ctx, folder: string, opts: { accountUrl: string; failuresOnly?: boolean }) => {
          const { search } = ctx.config;
          let accountName: string;
          try {
            accountName = accountNameFromUrl(opts.accountUrl);
          } catch (err) {
            throw new CliError((err as Error).message, ExitCode.Usage);
          }
          const root = path.resolve(folder);
          const info = await stat(root).catch(() => undefined);
          if (!info?.isDirectory()) throw new CliError(`${folder} is not a folder`, ExitCode.Usage);
          const def = readIndexerDefinition();
          const options = {
            accountName,
            container: search.container,
            docsUrl: search.docs_url,
            fieldMappings: def.fieldMappings,
            configuration: def.configuration,
          };

          const blobs: PreviewBlob[] = [];
          for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
            if (!entry.isFile()) continue;
            const full = path.join(entry.parentPath, entry.name);
            const rel = path.relative(root, full).split(path.sep).join("/");
            blobs.push(previewBlob(rel, (await stat(full)).mtime, options));
          }
          blobs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
          const summary = summarise(blobs);
          const unexpected = blobs.filter(
            (b) => b.error !== null && !(b.path.indexOf("/") < 0 && search.expected_failures.includes(b.path)),
          );
          const shown = opts.failuresOnly ? blobs.filter((b) => b.error !== null) : blobs;
          ctx.out.result({ blobs: shown, summary }, () =>
            [
              ...shown.map((b) =>
                b.excluded
                  ? `${b.path}  excluded`
                  : b.error
                    ? `${b.path}  FAILED: ${b.error}`
                    : `${b.path}  app ${b.app}, section ${b.section}, format ${b.format}  ${b.url}`,
              ),
              `${summary.blobs} blobs: ${summary.indexed} indexed, ${summary.excluded} excluded, ${summary.failed} failed (${unexpected.length} unexpected)`,
            ].join("\n"),
          );
          return unexpected.length > 0 ? ExitCode.CheckFailed : ExitCode.Ok;
        }),
      );
  },
};
