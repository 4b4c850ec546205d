// What every answer stands on: the dedup decision (from the `format` coverage check, ../dedup-policy.ts) and the
// provenance facts (./provenance-read.ts). The MCP server keeps it and re-reads it when due; the CLI reads it once
// per call (./io/answer-basis-io.ts).
import type { DedupDecision } from "../../dedup/policy.js";
import type { ProvenanceFacts } from "./provenance.js";

export interface AnswerBasis {
  dedup: DedupDecision;
  facts: ProvenanceFacts;
}
