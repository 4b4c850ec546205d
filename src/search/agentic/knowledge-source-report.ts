// What status and snapshot say about the knowledge source: its synchronization status, the index it names, and
// whether that is the index the alias serves now. Pure: the shell reads the service and passes the results in.
import type { JsonObject } from "../definitions/json.js";
import { checkKnowledgeSourceTarget, namedIndex, type ServingIndex } from "./index-target.js";

export interface KnowledgeSourceReport {
  name: string;
  found: boolean;
  /** `getKnowledgeSourceStatus`: creating, active or deleting. */
  synchronizationStatus: string | null;
  /** The index the knowledge source names (a generation, or the alias where that is allowed). */
  index: string | null;
  /** The index the configured name serves now. */
  servingIndex: string | null;
  /** True when the knowledge source reads the serving generation. */
  current: boolean;
  /** Why not, in words, with what to do. */
  problem: string | null;
}

export function buildKnowledgeSourceReport(input: {
  name: string;
  definition: JsonObject | undefined;
  synchronizationStatus: string | null;
  serving: ServingIndex | null;
}): KnowledgeSourceReport {
  const { name, definition, serving } = input;
  const base = { name, synchronizationStatus: input.synchronizationStatus, servingIndex: serving?.serving ?? null };
  if (!definition)
    return {
      ...base,
      found: false,
      index: null,
      current: false,
      problem: `knowledge source ${name} does not exist, but search.agentic_retrieval is true: run \`docs-index deploy\``,
    };
  const index = namedIndex(definition);
  if (!serving)
    return {
      ...base,
      found: true,
      index,
      current: false,
      problem: `the index the knowledge source should name is missing`,
    };
  const verdict = checkKnowledgeSourceTarget(definition, serving);
  return { ...base, found: true, index, current: verdict.ok, problem: verdict.ok ? null : verdict.reason };
}
