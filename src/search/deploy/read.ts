// The one read of a deploy (and of `plan`): the alias and the index names, then the index the configured name
// designates (the generation behind the alias, or the concrete index), the datasource and the indexer, each GET
// once, and the indexer's status (where a rebuild stands). Everything after it (the plan, the checks of a saved
// plan, the ETags of every write, the blue/green rebuild's starting point) comes from this read.
import { kindsIn, type DefinitionKind, type Definitions } from "../definitions/definitions.js";
import type { LiveDefinitions } from "../plan/plan.js";
import type { AliasRecord, BlueGreenPort } from "../bluegreen/ports.js";
import { inferPhase, observationOf, type Observation, type Phase } from "../bluegreen/progress-state.js";

export interface ServiceRead {
  /** The configured index name (docs-index): an alias after migrate-to-alias, a concrete index before. */
  name: string;
  /** The alias by that name, with its ETag; undefined before the migration. */
  alias: AliasRecord | undefined;
  observation: Observation;
  phase: Phase;
  /** Behind the alias (phase idle or building): the generation the alias serves; writes in place go there. */
  generation: string | undefined;
  /** The live objects by their service names (the index by its generation's name behind the alias). */
  live: LiveDefinitions;
}

export async function readService(port: BlueGreenPort, files: Definitions): Promise<ServiceRead> {
  const name = String(files.index.name);
  const [alias, indexNames] = await Promise.all([port.getAlias(name), port.listIndexNames()]);
  const names: Record<DefinitionKind, string> = {
    index: alias?.index ?? name,
    datasource: String(files.datasource.name),
    indexer: String(files.indexer.name),
    knowledgeSource: String(files.knowledgeSource?.name),
    knowledgeBase: String(files.knowledgeBase?.name),
  };
  // One after the other, in deploy order (a test races another client against a given read); the knowledge
  // objects only where the environment has agentic retrieval on.
  const live: LiveDefinitions = {};
  for (const kind of kindsIn(files)) {
    const object = await port.management.get(kind, names[kind]);
    if (object) live[kind] = object;
  }
  const indexerStatus = live.indexer ? await port.indexerStatus(names.indexer) : undefined;
  const observation = observationOf({ name, alias, indexNames, indexer: live.indexer, indexerStatus });
  const phase = inferPhase(observation);
  const generation =
    alias && (phase.phase === "idle" || phase.phase === "building") && phase.live !== undefined
      ? phase.live
      : undefined;
  return { name, alias, observation, phase, generation, live };
}
