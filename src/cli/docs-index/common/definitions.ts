// The definition files and the management port, for plan and deploy (one reader of search-definitions/,
// honouring --definitions).
import {
  DefinitionError,
  DEFAULT_DEFINITIONS_DIR,
  loadDefinitions,
  type Definitions,
} from "../../../search/definitions/definitions.js";
import { isLoopback } from "../../../search/service/endpoint.js";
import type { SearchManagementPort } from "../../../search/service/management-port.js";
import type { CliContext } from "../../context.js";
import { CliError, ExitCode } from "../../exit-codes.js";

export const DEFINITIONS_OPTION_HELP = "directory holding docs-index.json, docs-datasource.json, docs-indexer.json";

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
    return loadDefinitions(ctx.config.search, dir ?? DEFAULT_DEFINITIONS_DIR);
  } catch (err) {
    if (err instanceof DefinitionError) throw new CliError(err.message, ExitCode.Usage);
    throw err;
  }
}
