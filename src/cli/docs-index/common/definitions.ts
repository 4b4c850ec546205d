// The definition files and the management port, for plan and deploy (one reader of search-definitions/,
// honouring --definitions).
import {
  DefinitionError,
  DEFAULT_DEFINITIONS_DIR,
  loadDefinitions,
  type Definitions,
} from "../../../search/definitions/definitions.js";
import { loadKnowledgeDefinitions } from "../../../search/definitions/knowledge-definitions.js";
import { isLoopback } from "../../../search/service/endpoint.js";
import type { SearchManagementPort } from "../../../search/service/management-port.js";
import type { CliContext } from "../../context.js";
import { CliError, ExitCode } from "../../exit-codes.js";

export const DEFINITIONS_OPTION_HELP =
  "directory holding docs-index.json, docs-datasource.json, docs-indexer.json (and docs-knowledge-source.json, docs-knowledge-base.json with agentic retrieval on)";

export async function managementPort(ctx: CliContext): Promise<SearchManagementPort> {
  const [{ indexClient, indexerClient }, { createSearchManagementPort }] = await Promise.all([
    ctx.search(),
    import("../../../search/io/management-port.js"),
  ]);
  return createSearchManagementPort({
    indexClient,
    indexerClient,
    apiVersion: ctx.config.search.api_version,
    allowInsecureConnection: isLoopback(ctx.endpoint),
  });
}

export function loadDefinitionsOrUsage(ctx: CliContext, dir: string | undefined): Definitions {
  try {
    const from = dir ?? DEFAULT_DEFINITIONS_DIR;
    // The knowledge source and base join only where the environment has agentic retrieval on.
    return { ...loadDefinitions(ctx.config.search, from), ...loadKnowledgeDefinitions(ctx.config.search, from) };
  } catch (err) {
    if (err instanceof DefinitionError) throw new CliError(err.message, ExitCode.Usage);
    throw err;
  }
}
