// Keeping the knowledge source on the generation that serves (agentic retrieval). The knowledge source names a
// concrete index unless an alias may stand in it (KNOWLEDGE_SOURCE_MAY_NAME_ALIAS, UNCONFIRMED): then a swap of
// the alias leaves it on the old generation, and pruning that generation would break retrieval. So the rebuild
// repoints it in the swap step and reads it back (verified before any prune), the migration moves it off the
// concrete index before deleting that, and prune refuses a generation any knowledge source still names.
import type { Definitions } from "../definitions/definitions.js";
import type { JsonObject } from "../definitions/json.js";
import { namedIndex, sourcesNaming, withSearchIndexName } from "../agentic/index-target.js";
import { forGeneration } from "./generations.js";
import type { BlueGreenPort } from "./ports.js";
import { guardedWrite, guardOf } from "../service/guarded-write.js";

/** The knowledge source could not be moved to the serving generation (or did not read back as moved). */
export class KnowledgeSourceRepointError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KnowledgeSourceRepointError";
  }
}

/** A prune would delete a generation a knowledge source still names: refused, nothing deleted. */
export class GenerationInUseError extends Error {
  constructor(readonly inUse: { generation: string; sources: string[] }[]) {
    super(
      `not pruning: ${inUse.map((u) => `${u.generation} is still named by knowledge source ${u.sources.join(", ")}`).join("; ")}. ` +
        `Deleting it would break agentic retrieval through that knowledge source: repoint or delete it first (\`docs-index deploy\` repoints this environment's own knowledge source to the serving generation), then prune.`,
    );
    this.name = "GenerationInUseError";
  }
}

/**
 * Where the knowledge source points after a repoint: `written` when it was written (and read back), else it already
 * did.
 */
export interface KnowledgeSourcePoint {
  knowledgeSource: string;
  index: string;
  written: boolean;
}

/**
 * Writes the knowledge source naming `indexName` (the reviewed definition otherwise), conditional on the ETag just
 * read (create-only when it does not exist), then reads it back. Returns where it points, for the step's detail;
 * undefined when the environment has no knowledge source.
 */
export async function pointKnowledgeSourceAt(
  port: BlueGreenPort,
  files: Definitions,
  indexName: string,
): Promise<KnowledgeSourcePoint | undefined> {
  if (!files.knowledgeSource) return undefined;
  const name = String(files.knowledgeSource.name);
  const live = await port.management.get("knowledgeSource", name);
  if (live && namedIndex(live.definition) === indexName)
    return { knowledgeSource: name, index: indexName, written: false };
  const definition = withSearchIndexName(files.knowledgeSource, indexName);
  await guardedWrite(port.management, "knowledgeSource", name, definition, guardOf(live));
  const check = await port.management.get("knowledgeSource", name);
  const now = check ? namedIndex(check.definition) : null;
  if (now !== indexName)
    throw new KnowledgeSourceRepointError(
      `knowledge source ${name} was written to name ${indexName} but reads back ${now ?? "(missing)"}; agentic retrieval reads the old index until it is repointed (run \`docs-index deploy\`)`,
    );
  return { knowledgeSource: name, index: indexName, written: true };
}

/** After the alias serves `generation`: the knowledge source names what the facts say it should (verified). */
export async function repointKnowledgeSource(
  port: BlueGreenPort,
  files: Definitions,
  generation: string,
  mayNameAlias?: boolean,
): Promise<KnowledgeSourcePoint | undefined> {
  if (!files.knowledgeSource) return undefined;
  const wanted = namedIndex(forGeneration(files, generation, mayNameAlias).knowledgeSource as JsonObject);
  return pointKnowledgeSourceAt(port, files, wanted ?? generation);
}

/**
 * Refuses (GenerationInUseError) when any knowledge source on the service names one of `generations`; `except`:
 * a source the caller repoints before deleting (a rebuild's own, in its swap step).
 */
export async function assertGenerationsUnused(
  port: BlueGreenPort,
  generations: readonly string[],
  except?: string,
): Promise<void> {
  if (generations.length === 0 || !port.knowledgeSources) return;
  const sources = (await port.knowledgeSources()).filter((s) => s.name !== except);
  const inUse = generations
    .map((generation) => ({ generation, sources: sourcesNaming(sources, generation) }))
    .filter((u) => u.sources.length > 0);
  if (inUse.length > 0) throw new GenerationInUseError(inUse);
}
