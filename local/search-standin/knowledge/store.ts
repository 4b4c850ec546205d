// The stand-in's knowledge sources and knowledge bases, kept beside StandInState (as the aliases and the indexer
// engine keep their own state), so the shared state type stays as it is.
import type { Stored, StandInState } from "../state.js";

export interface KnowledgeStore {
  sources: Map<string, Stored>;
  bases: Map<string, Stored>;
}

const byState = new WeakMap<StandInState, KnowledgeStore>();

export function knowledgeStore(state: StandInState): KnowledgeStore {
  let store = byState.get(state);
  if (!store) {
    store = { sources: new Map(), bases: new Map() };
    byState.set(state, store);
  }
  return store;
}
