// Renders the webhook API's gateway policy (here, beside the API it belongs to, so stacks/policies/ never imports
// stacks/webhook/) for every api_policy_type from the dev config into
// stacks/policies/rendered/<type>.xml ("" is written as standard.xml), so reviewers can diff policy changes.
// `npm run policies:render` rewrites them; test/stacks/policies/rendered.test.ts fails when a committed copy is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../../src/config/load.js";
import { allowedPolicyTypes } from "../../src/config/api-schema.js";
import { renderPolicy } from "../policies/policy.js";
import { policyTypeLabel, selectPolicy } from "../policies/select.js";
import { requireStackConfig } from "../config/stack-config.js";
import { backendName } from "./gateway.js";
import { repoRoot } from "../../src/config/repo-root.js";

export const RENDERED_DIR = path.join(repoRoot, "stacks", "policies", "rendered");

/** file name -> XML, one per allowed api_policy_type of the dev config. */
export function renderAllPolicies(): Map<string, string> {
  const file = "config/dev/vars.yml";
  const config = requireStackConfig(loadConfig({ VARS_FILE: path.join(repoRoot, file) }), file);
  const backend = {
    backendId: backendName(config.app_name),
    backendResource: config.webhook_app.gateway_auth.app_id_uri ?? config.webhook_app.gateway_auth.client_id,
  };
  const out = new Map<string, string>();
  for (const type of allowedPolicyTypes(config.provider.name)) {
    out.set(`${policyTypeLabel(type)}.xml`, renderPolicy(selectPolicy({ ...config, api_policy_type: type }, backend)));
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const [name, xml] of renderAllPolicies()) {
    writeFileSync(path.join(RENDERED_DIR, name), xml);
    process.stdout.write(`wrote ${path.relative(process.cwd(), path.join(RENDERED_DIR, name))}\n`);
  }
}
