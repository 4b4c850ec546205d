// Builds the stacks (three, and docs-mcp where the hosted MCP server is on) from a validated config. Used by main.ts,
// the tests and the benchmark.
import { App } from "cdktf";
import type { Config } from "../src/config/schema.js";
import { requireStackConfig } from "./config/stack-config.js";
import { DocsMcpStack } from "./docs-mcp-stack.js";
import { docsMcpStackProps } from "./docs-mcp/props.js";
import { DocsSearchStack } from "./docs-search-stack.js";
import { DocsStorageStack } from "./docs-storage-stack.js";
import { readOpenApiV1 } from "./webhook/openapi.js";
import { docsSearchStackProps, docsStorageStackProps } from "./props.js";
import { webhookStackProps } from "./webhook/props.js";
import { WebhookStack } from "./webhook-stack.js";

/** Stack ids in deployment order. */
export const STACK_IDS = ["docs-storage", "docs-search", "webhook"] as const;
/** Deployed after them, only where its configuration turns it on (mcp.hosted.enabled). */
export const OPTIONAL_STACK_IDS = ["docs-mcp"] as const;

export interface BuildOptions {
  /** The vars.yml the config came from (named in errors). */
  file: string;
  /** The OpenAPI v1 JSON; default: read contracts/webhook/openapi/openapi.v1.json. */
  openApiJson?: string;
  /** An App to build into (tests pass Testing.app()); default a new App writing to outdir. */
  app?: App;
  outdir?: string;
}

export interface BuiltStacks {
  app: App;
  storage: DocsStorageStack;
  search: DocsSearchStack;
  webhook: WebhookStack;
  /** The hosted MCP server, where mcp.hosted.enabled. */
  mcp?: DocsMcpStack;
}

export function buildStacks(raw: Config, options: BuildOptions): BuiltStacks {
  const config = requireStackConfig(raw, options.file);
  const openApiJson = options.openApiJson ?? readOpenApiV1();
  const app = options.app ?? new App({ outdir: options.outdir ?? "cdktf.out", skipValidation: false });
  // Config -> typed props here; the stacks and their constructs see only their props.
  const storage = new DocsStorageStack(app, "docs-storage", docsStorageStackProps(config));
  const search = new DocsSearchStack(app, "docs-search", docsSearchStackProps(config));
  // The search identity's role assignment targets the docs account: deploy storage first.
  search.addDependency(storage);
  const webhook = new WebhookStack(app, "webhook", webhookStackProps(config, openApiJson));
  const mcpProps = docsMcpStackProps(config);
  const mcp = mcpProps ? new DocsMcpStack(app, "docs-mcp", mcpProps) : undefined;
  // Its identity's role assignments target the search service and the docs container.
  mcp?.addDependency(search);
  return { app, storage, search, webhook, ...(mcp ? { mcp } : {}) };
}
