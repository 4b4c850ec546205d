// docs-index preview <folder>: what the blob indexer makes of each file of a local copy of $web (the folder is
// the container root), with the indexer definition of --definitions and the account from the config. Offline.
// The use case is previewFiles (src/search/ops/preview.ts); here the listing of the folder and the view.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { indexerDefinitionView } from "../../../search/definitions/definition-views.js";
import { previewFiles, type PreviewFile } from "../../../search/ops/preview.js";
import { CliError, checked } from "../../exit-codes.js";
import { parsePreview, previewCommandLine, type PreviewFlags } from "../arguments/preview.js";
import type { CommandModule } from "../command.js";
import { readRawDefinitionsOrUsage } from "../common/coverage.js";
import { previewNote, previewResult } from "../views/preview.js";
import { showResult } from "../views/result.js";

/** Every file under `root`, its path relative to it (`/`-separated) and its modification time. */
async function listFiles(root: string): Promise<PreviewFile[]> {
  const files: PreviewFile[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(root, full).split(path.sep).join("/");
    files.push({ path: rel, lastModified: (await stat(full)).mtime });
  }
  return files;
}

export const previewCommand: CommandModule = {
  register(program, run) {
    previewCommandLine(program.command("preview")).action(
      run(async (ctx, folder: string, flags: PreviewFlags) => {
        const { search } = ctx.config;
        const args = parsePreview(folder, flags, search.storage_account_resource_id);
        const root = path.resolve(args.folder);
        const info = await stat(root).catch(() => undefined);
        if (!info?.isDirectory()) throw new CliError(`${args.folder} is not a folder`, "usage");
        const def = indexerDefinitionView(readRawDefinitionsOrUsage(args.definitions).indexer);
        ctx.out.note(previewNote(args.folder, search.container, args.accountName));
        const outcome = previewFiles(await listFiles(root), {
          accountName: args.accountName,
          container: search.container,
          docsUrl: search.docs_url,
          fieldMappings: def.fieldMappings,
          configuration: def.configuration,
          expectedFailures: search.expected_failures,
          failuresOnly: args.failuresOnly,
        });
        showResult(ctx.out, previewResult(outcome.report));
        return checked(outcome.passed);
      }),
    );
  },
};
