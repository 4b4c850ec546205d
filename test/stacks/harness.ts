// Builds the stacks from the committed dev config (or a variant) with the fixture OpenAPI document.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Testing, type TerraformStack } from "cdktf";
import { loadConfig } from "../../src/config/load.js";
import type { Config } from "../../src/config/schema.js";
import { mcpConfigSchema } from "../../src/config/mcp.js";
import { buildStacks, type BuiltStacks } from "../../stacks/app.js";
import { repoRoot } from "../../src/config/repo-root.js";

export const DEV_FILE = "config/dev/vars.yml";
export const fixtureOpenApi = readFileSync(
  path.join(repoRoot, "test", "stacks", "fixtures", "openapi.v1.json"),
  "utf8",
);

export function devConfig(): Config {
  const { location: _location, ...config } = loadConfig({ VARS_FILE: path.join(repoRoot, DEV_FILE) });
  return structuredClone(config);
}

export function build(mutate: (c: Config) => void = () => {}, openApiJson = fixtureOpenApi): BuiltStacks {
  const config = devConfig();
  mutate(config);
  return buildStacks(config, { file: DEV_FILE, openApiJson, app: Testing.app() });
}

/** Synthesized Terraform JSON of one stack, parsed. */
export function synth(stack: TerraformStack): any {
  stack.prepareStack();
  return JSON.parse(Testing.synth(stack));
}

/** The only resource of a type (fails loudly when there are several or none). */
export function only(json: any, type: string): any {
  const all = Object.values(json.resource?.[type] ?? {});
  if (all.length !== 1) throw new Error(`expected exactly one ${type}, found ${all.length}`);
  return all[0];
}

export function all(json: any, type: string): any[] {
  return Object.values(json.resource?.[type] ?? {});
}

/** The azapi_resource of an ARM type (and name), exactly one. */
export function azapi(json: any, type: string, name?: string): any {
  const found = Object.values(json.resource?.azapi_resource ?? {}).filter(
    (r: any) => r.type.startsWith(`${type}@`) && (name === undefined || r.name === name),
  );
  if (found.length !== 1) throw new Error(`expected one azapi_resource ${type}, found ${found.length}`);
  return found[0];
}

/**
 * A reference to the resource of a type that `pick` picks (default: the only one), as the synthesized JSON writes
 * it: ${<type>.<key>.<attr>}. Fails loudly unless exactly one matches.
 */
export function refOf(json: any, type: string, attr: string, pick: (r: any) => boolean = () => true): string {
  const keys = Object.keys(json.resource?.[type] ?? {}).filter((k) => pick(json.resource[type][k]));
  if (keys.length !== 1) throw new Error(`expected exactly one ${type}, found ${keys.length}`);
  return `\${${type}.${keys[0]}.${attr}}`;
}

/** A reference to the function app's site (the azapi Microsoft.Web/sites resource). */
export const siteRef = (json: any, attr: string): string =>
  refOf(json, "azapi_resource", attr, (r) => r.type.startsWith("Microsoft.Web/sites@"));

/** A site's app settings as a name -> value map. */
export function settingsOf(site: any): Record<string, string> {
  return Object.fromEntries(site.body.properties.siteConfig.appSettings.map((s: any) => [s.name, s.value]));
}

export const MCP_WORKSPACE =
  "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev/providers/Microsoft.OperationalInsights/workspaces/log-shared-dev";

/** Turns the hosted MCP server on in a dev config (the dev file leaves it off); `extra` overrides mcp.hosted keys. */
export function withHostedMcp(c: Config, extra: Record<string, unknown> = {}): void {
  c.mcp = mcpConfigSchema.parse({
    hosted: {
      enabled: true,
      function_app_name: "func-docs-mcp-dev",
      storage_account: "stdocsmcpdev",
      registration: {
        client_id: "77777777-0000-0000-0000-000000000000",
        app_id_uri: "api://docs-index-mcp-dev",
        allowed_client_ids: ["88888888-0000-0000-0000-000000000000"],
      },
      log_analytics_workspace_id: MCP_WORKSPACE,
      ...extra,
    },
  });
}
