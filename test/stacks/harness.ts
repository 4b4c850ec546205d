// Builds the stacks from the committed dev config (or a variant) with the fixture OpenAPI document.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Testing, type TerraformStack } from "cdktf";
import { loadConfig } from "../../src/config/load.js";
import type { Config } from "../../src/config/schema.js";
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
