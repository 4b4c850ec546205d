// What the stacks need from vars.yml: every infrastructure and webhook section present. The schema keeps those
// sections optional (the docs-index CLI runs without them); synth requires them here, with the same
// "<file>: <key>: <expected>" errors, and re-checks api_policy_type (the policy choice is made at synth time).
import { ConfigError } from "../../src/config/load.js";
import type { Config } from "../../src/config/schema.js";
import { policyTypeProblem } from "../../src/config/api-schema.js";
import { parseStorageAccountId } from "../../src/config/infra-schema.js";

type Required<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

export type StackConfig = Required<
  Config,
  | "azure"
  | "backend"
  | "docs_storage"
  | "search_service"
  | "app_name"
  | "api_policy_type"
  | "provider"
  | "apim"
  | "webhook_app"
> & {
  /** The file the config came from (named in errors). */
  file: string;
  /** The docs storage account, from search.storage_account_resource_id. */
  docsAccount: { id: string; name: string; resourceGroup: string };
};

const REQUIRED_SECTIONS = [
  "azure",
  "backend",
  "docs_storage",
  "search_service",
  "app_name",
  "api_policy_type",
  "provider",
  "apim",
  "webhook_app",
] as const;

export function requireStackConfig(config: Config, file: string): StackConfig {
  const missing = REQUIRED_SECTIONS.filter((key) => config[key] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      file,
      missing.map((key) => ({
        key,
        expected: "required to synthesize the stacks (see config/dev/vars.yml and docs/infrastructure.md)",
      })),
    );
  }
  const problem = policyTypeProblem(config.api_policy_type, config.provider?.name);
  if (problem) throw new ConfigError(file, [{ key: "api_policy_type", expected: problem }]);
  const account = parseStorageAccountId(config.search.storage_account_resource_id);
  return {
    ...(config as StackConfig),
    file,
    docsAccount: {
      id: config.search.storage_account_resource_id,
      name: account.name,
      resourceGroup: account.resourceGroup,
    },
  };
}
