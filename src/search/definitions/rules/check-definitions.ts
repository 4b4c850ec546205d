// Every definition checked against the service's documented rules before any read of the service: the rule tables
// of this folder run over the definitions of one environment, and each violation comes back with the object it is
// in, the rule and the rule's source. Also the line a person reads:
//   search-definitions/docs-index.json: scoringProfiles[0] (docs-default).text.weights.titel: no field "titel";
//   expected a searchable text field: app, content, description, tags, title (did you mean "title"?)
// Used by plan, deploy and show (src/cli/docs-index/common/definitions.ts) and by the local stand-in, which answers
// the same definitions with the service's 400. Pure.
import type { DefinitionKind, Definitions } from "../definitions.js";
import type { JsonObject } from "../json.js";
import { ANALYSIS_RULES } from "./analysis-rules.js";
import { FIELD_RULES } from "./field-rules.js";
import { INDEXER_RULES, type IndexerSubject } from "./indexer-rules.js";
import { KNOWLEDGE_BASE_RULES, KNOWLEDGE_SOURCE_RULES, type KnowledgeSubject } from "./knowledge-rules.js";
import type { Rule, Violation } from "./rule.js";
import { SCORING_RULES } from "./scoring-rules.js";
import { SEMANTIC_RULES } from "./semantic-rules.js";

export interface RuleFinding extends Violation {
  kind: DefinitionKind;
  /** The rule's id (`scoring-weight-field`). */
  rule: string;
  /** The page that documents the rule. */
  source: string;
}

const INDEX_RULES: readonly Rule<JsonObject>[] = [
  ...FIELD_RULES,
  ...ANALYSIS_RULES,
  ...SCORING_RULES,
  ...SEMANTIC_RULES,
];

/** Every rule, by the kind of definition it reads (the docs' table lists these). */
export const DEFINITION_RULES: readonly { kind: DefinitionKind; id: string; source: string }[] = [
  ...INDEX_RULES.map((r) => ({ kind: "index" as const, id: r.id, source: r.source })),
  ...INDEXER_RULES.map((r) => ({ kind: "indexer" as const, id: r.id, source: r.source })),
  ...KNOWLEDGE_SOURCE_RULES.map((r) => ({ kind: "knowledgeSource" as const, id: r.id, source: r.source })),
  ...KNOWLEDGE_BASE_RULES.map((r) => ({ kind: "knowledgeBase" as const, id: r.id, source: r.source })),
];

function run<S>(kind: DefinitionKind, rules: readonly Rule<S>[], subject: S): RuleFinding[] {
  return rules.flatMap((r) => r.check(subject).map((v) => ({ ...v, kind, rule: r.id, source: r.source })));
}

/** An index definition (REST shape) against the index rules. */
export function indexRuleFindings(index: JsonObject): RuleFinding[] {
  return run("index", INDEX_RULES, index);
}

/** An indexer against the index it fills (and, when known, the datasource it reads). */
export function indexerRuleFindings(subject: IndexerSubject): RuleFinding[] {
  return run("indexer", INDEXER_RULES, subject);
}

/** The definitions of one environment, as filled for it: the violations of every rule, in deploy order. */
export function definitionRuleFindings(definitions: Definitions): RuleFinding[] {
  const { index, datasource, indexer, knowledgeSource, knowledgeBase } = definitions;
  const knowledge: KnowledgeSubject | undefined =
    knowledgeSource && knowledgeBase ? { knowledgeSource, knowledgeBase, index } : undefined;
  return [
    ...indexRuleFindings(index),
    ...indexerRuleFindings({ indexer, index, datasource }),
    ...(knowledge ? run("knowledgeSource", KNOWLEDGE_SOURCE_RULES, knowledge) : []),
    ...(knowledge ? run("knowledgeBase", KNOWLEDGE_BASE_RULES, knowledge) : []),
  ];
}

/** `<path>: <problem>; expected <expected> (did you mean "<name>"?)`, without the file. */
export function findingText(f: Violation): string {
  return `${f.path}: ${f.problem}; expected ${f.expected}${f.suggestion ? ` (did you mean "${f.suggestion}"?)` : ""}`;
}
