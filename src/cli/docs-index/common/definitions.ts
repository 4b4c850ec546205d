// The definition files and the management port, for plan and deploy (one reader of search-definitions/,
// honouring --definitions).
import {
  DEFAULT_DEFINITIONS_DIR,
  DEPLOY_ORDER,
  KNOWLEDGE_ORDER,
  loadDefinitions,
  parseDefinition,
  readDefinitionText,
  type DefinitionKind,
  type Definitions,
} from "../../../search/definitions/definitions.js";
import { schemaProblems } from "../../../search/definitions/schema-problems.js";
import {
  definitionRuleFindings,
  findingText,
  type RuleFinding,
} from "../../../search/definitions/rules/check-definitions.js";
import type { SavedPlan } from "../../../search/saved-plans/saved-plan.js";
import { definitionSchema } from "../../../search/io/definition-schema.js";
import {
  loadKnowledgeDefinitions,
  readKnowledgeDefinitionText,
} from "../../../search/definitions/knowledge-definitions.js";
import { isLoopback } from "../../../../shared/loopback.js";
import type { SearchManagementPort } from "../../../search/service/management-port.js";
import type { CliContext } from "../../context.js";
import { CliError } from "../../exit-codes.js";

export async function managementPort(ctx: CliContext): Promise<SearchManagementPort> {
  const [{ indexClient, indexerClient }, { createSearchManagementPort }] = await Promise.all([
    ctx.search(),
    import("../../../search/io/management-http.js"),
  ]);
  return createSearchManagementPort({
    indexClient,
    indexerClient,
    apiVersion: ctx.config.search.api_version,
    allowInsecureConnection: isLoopback(ctx.endpoint),
  });
}

/**
 * Each file's findings against the service's JSON Schema, `<file>: <where>: <what>`, before anything else is
 * checked: a misspelt attribute would otherwise surface as "leaves searchable to the service's defaults", or not
 * at all (an unknown indexer key plans as a removal and is dropped by the service).
 */
function definitionSchemaProblems(dir: string, agenticRetrieval = false): string[] {
  const schema = definitionSchema();
  const files = [
    ...DEPLOY_ORDER.map((kind) => ({ kind, ...readDefinitionText(kind, dir) })),
    ...(agenticRetrieval ? KNOWLEDGE_ORDER.map((kind) => ({ kind, ...readKnowledgeDefinitionText(kind, dir) })) : []),
  ];
  return files.flatMap(({ kind, file, text }) => {
    const document = parseDefinition(text, file);
    return schemaProblems(document, schema.validate(kind, document), schema.vocabulary).map((p) => `${file}: ${p}`);
  });
}

export function loadDefinitionsOrUsage(ctx: CliContext, dir: string | undefined): Definitions {
  const from = dir ?? DEFAULT_DEFINITIONS_DIR;
  const problems = definitionSchemaProblems(from, ctx.config.search.agentic_retrieval);
  if (problems.length > 0)
    throw new CliError(
      problems.join("\n"),
      "usage",
      "The definitions must match the service's schema (api-version 2026-04-01, schemas/azure-search/): the service answers 400 to an unknown property or a value of the wrong type.",
    );
  // The knowledge source and base join only where the environment has agentic retrieval on. A DefinitionError
  // is a usage error (src/cli/outcome-exit.ts).
  const definitions = {
    ...loadDefinitions(ctx.config.search, from),
    ...loadKnowledgeDefinitions(ctx.config.search, from),
  };
  refuseRuleFindings(definitionRuleFindings(definitions), (f) => `${definitionFile(f.kind, from)}: ${findingText(f)}`);
  return definitions;
}

/** The file a kind of definition is read from, named as a DefinitionError names it. */
function definitionFile(kind: DefinitionKind, dir: string): string {
  return kind === "index" || kind === "datasource" || kind === "indexer"
    ? readDefinitionText(kind, dir).file
    : readKnowledgeDefinitionText(kind, dir).file;
}

/**
 * A saved plan's definitions against the same rules (`show <file>`, `deploy <file>`): a plan made before a rule
 * existed is refused as the files would be, naming the plan's file and the path inside it.
 */
export function refuseSavedPlanBreakingRules(saved: SavedPlan, file: string): void {
  refuseRuleFindings(
    definitionRuleFindings(saved.definitions),
    (f) => `${file}: definitions.${f.kind}.${findingText(f)}`,
  );
}

/**
 * The definitions break a rule of the service: a usage error (exit 2) before anything is read or written, one line
 * per violation, and the rules broken with the page that documents each.
 */
function refuseRuleFindings(findings: RuleFinding[], line: (f: RuleFinding) => string): void {
  if (findings.length === 0) return;
  const rules = new Map(findings.map((f) => [f.rule, f.source]));
  throw new CliError(
    findings.map(line).join("\n"),
    "usage",
    `The service answers 400 to such a definition; nothing was read or written. Rules broken, with their sources (all rules: docs/search-deploy.md): ${[
      ...rules,
    ]
      .map(([id, source]) => `${id} (${source})`)
      .join(", ")}`,
  );
}
