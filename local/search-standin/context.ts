// What every route module of the stand-in receives: its state and its options. In a module of its own so that
// route modules depend on it, not on the server that registers them (no import cycle).
import type { StandInState } from "./state.js";

export interface StandInOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Required value of the `api-key` header; requests without it get 403. Default "local-admin-key". */
  apiKey?: string;
  /** Blob access for the indexer (the Azurite connection string); set by the local environment. */
  storageConnectionString?: string;
  /** How long an alias re-mapping takes to reach requests (the service: "up to 10 seconds"). Default 0. */
  aliasPropagationMs?: number;
  /**
   * Whether a knowledge source may name an alias; default KNOWLEDGE_SOURCE_MAY_NAME_ALIAS (UNCONFIRMED). Tests set
   * it to exercise the other answer.
   */
  knowledgeSourceMayNameAlias?: boolean;
  /** How long a deleted index's name stays unusable for an alias (UNCONFIRMED, management/alias-rules.ts). */
  indexNameReleaseMs?: number;
}

export interface StandInContext {
  state: StandInState;
  options: Required<Pick<StandInOptions, "apiKey">> & StandInOptions;
}
