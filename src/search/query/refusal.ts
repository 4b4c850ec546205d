// The one error of the query rules: a request they refuse (section inclusion, path prefix, no search terms, an
// unknown app, a budget too small, a reference that names no page), with what to use instead. The MCP tools
// answer it as a tool error a model can act on; the CLI as a usage error (src/cli/outcome-exit.ts, by name). Pure.

/** A request that the rules refuse; `instead` says what to use. Tools report it as a tool error. */
export class SearchDocsRefusal extends Error {
  constructor(
    readonly parameter: string,
    reason: string,
    readonly instead: string,
  ) {
    super(`${parameter} refused: ${reason}. Instead: ${instead}`);
    this.name = "SearchDocsRefusal";
  }
}
