// Naming the target: every command says, before acting, which environment, endpoint and objects it acts on,
// and which setting overrode which (stderr, also with --json, so logs show it and stdout stays clean).
import type { CliContext } from "../../context.js";

export type ObjectKind = "index" | "datasource" | "indexer" | "container" | "knowledgeSource" | "knowledgeBase";

/** "environment dev (config/dev/vars.yml), search http://… (from SEARCH_ENDPOINT)". */
export function describeTarget(ctx: CliContext, opts: { storage?: boolean; search?: boolean } = {}): string {
  const t = ctx.target;
  const parts = [`environment ${t.environment} (${t.configFile})`];
  if (opts.search ?? true) parts.push(`search ${t.endpoint} (from ${t.endpointSource})`);
  if (opts.storage) parts.push(`storage ${t.blobEndpoint} (from ${t.blobSource})`);
  return parts.join(", ");
}

function objectNames(ctx: CliContext, kinds: readonly ObjectKind[]): string {
  const s = ctx.config.search;
  const names: Record<ObjectKind, string> = {
    index: `index ${s.index_name}`,
    datasource: `datasource ${s.datasource_name}`,
    indexer: `indexer ${s.indexer_name}`,
    container: `container ${s.container}`,
    knowledgeSource: `knowledge source ${s.knowledge_source_name}`,
    knowledgeBase: `knowledge base ${s.knowledge_base_name}`,
  };
  return kinds.map((k) => names[k]).join(", ");
}

/** The objects a deploy (or plan) acts on: the knowledge source and base too where agentic retrieval is on. */
export function deployedKinds(ctx: CliContext): ObjectKind[] {
  return [
    "index",
    "datasource",
    "indexer",
    ...(ctx.config.search.agentic_retrieval ? (["knowledgeSource", "knowledgeBase"] as const) : []),
  ];
}

/** Prints `<verb>: <target>; <objects>` and every override, once, before the command acts. */
export function announceTarget(
  ctx: CliContext,
  verb: string,
  kinds: readonly ObjectKind[],
  opts: { storage?: boolean; search?: boolean } = {},
): void {
  for (const override of ctx.target.overrides) ctx.out.note(`note: ${override}`);
  ctx.out.note(`${verb}: ${describeTarget(ctx, opts)}${kinds.length ? `; ${objectNames(ctx, kinds)}` : ""}`);
}
