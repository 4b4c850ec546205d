// The blue/green scheme from the CLI: the port over the SDK clients (with the docs container when it can be
// read, so a rebuild classifies the documents it drops) and the rebuild's settings from the config and the
// command line (the options deploy and migrate-to-alias share: ../arguments/bluegreen.ts). Core:
// src/search/bluegreen/.
import { systemClock, type BlueGreenPort } from "../../../search/bluegreen/ports.js";

import { observe, type RebuildOptions, type RebuildSettings } from "../../../search/bluegreen/rebuild.js";

import { inferPhase } from "../../../search/bluegreen/progress-state.js";

import { resolveServingIndex } from "../../../search/io/alias-resolve.js";

import type { Definitions } from "../../../search/definitions/definitions.js";

import { indexerDefinitionView } from "../../../search/definitions/definition-views.js";

import type { CliContext } from "../../context.js";

import { managementPort } from "./definitions.js";

import { phaseText } from "../../../search/views/phase-text.js";
import type { IndexNames } from "../../../search/bluegreen/index-names.js";
import { progressLine } from "../../../search/views/progress-text.js";

/** The blue/green options as commander hands them (../arguments/bluegreen.ts; `pollInterval`: the wait options'). */
export interface BlueGreenCliOptions {
  tolerance: number;
  propagationWait: number;
  crawlTimeout: number;
  pollInterval: number;
}

export async function blueGreenPort(ctx: CliContext): Promise<BlueGreenPort> {
  const [{ indexClient, indexerClient }, management, { createBlueGreenPort }] = await Promise.all([
    ctx.search(),
    managementPort(ctx),
    import("../../../search/io/bluegreen-port.js"),
  ]);
  const container = async () => (await ctx.blobService()).getContainerClient(ctx.config.search.container);
  const port = createBlueGreenPort({ indexClient, indexerClient, management, container });
  return {
    ...port,
    // The container listing classifies the documents a rebuild drops; without read access they are only counted.
    blobs: async () => {
      try {
        return await port.blobs!();
      } catch (err) {
        ctx.out.warn(
          `the container ${ctx.config.search.container} could not be listed (${(err as Error).message.split("\n")[0]}): dropped documents are counted, not classified`,
        );
        return undefined;
      }
    },
  };
}

/** A blue/green build is about to start: the command's deadline grows by the crawl's and the swap's waits. */
export function allowBuildTime(ctx: CliContext, opts: BlueGreenCliOptions): void {
  ctx.extendDeadline(opts.crawlTimeout * 1000 + opts.propagationWait * 1000 + 60_000);
}

/** The blue/green build's settings from the config and the command line (what to resume is the use case's). */
export function rebuildSettings(
  ctx: CliContext,
  files: Definitions,
  opts: BlueGreenCliOptions,
  relevance?: RebuildOptions["relevance"],
): RebuildSettings {
  return {
    ...(relevance ? { relevance } : {}),
    classify: {
      container: ctx.config.search.container,
      expectedFailures: ctx.config.search.expected_failures,
      excludedExtensions: indexerDefinitionView(files.indexer).excludedExtensions,
    },
    clock: systemClock,
    progress: (event) => ctx.out.progress(progressLine(event)),
    tolerance: opts.tolerance / 100,
    propagationMs: opts.propagationWait * 1000,
    crawlTimeoutMs: opts.crawlTimeout * 1000,
    pollMs: opts.pollInterval * 1000,
  };
}

export async function indexNames(ctx: CliContext, opts: { phase?: boolean } = {}): Promise<IndexNames> {
  const name = ctx.config.search.index_name;
  const { indexClient } = await ctx.search();
  const r = await resolveServingIndex(indexClient, name);
  const names: IndexNames = {
    name,
    serving: r.kind === "missing" ? null : r.index,
    alias: r.kind === "alias",
  };
  if (opts.phase) {
    const phase = inferPhase(await observe(await blueGreenPort(ctx), name, ctx.config.search.indexer_name));
    names.phase = phase.phase;
    names.description = phaseText(name, phase);
  }
  return names;
}
