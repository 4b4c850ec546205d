// The whole vars.yml: one section per concern, each schema in its own file.
// The infrastructure and webhook API sections are optional here so the docs-index CLI runs with a search-only
// file; the stacks require them at synth time (stacks/config/stack-config.ts) with the same file/key/expected errors.
import { z } from "zod";
import {
  apimConfigSchema,
  APP_NAME_PATTERN,
  policyTypeProblem,
  providerConfigSchema,
  webhookAppConfigSchema,
} from "./api-schema.js";
import {
  AZURITE_ACCOUNT,
  azureConfigSchema,
  backendConfigSchema,
  docsStorageConfigSchema,
  parseStorageAccountId,
  searchServiceConfigSchema,
} from "./infra-schema.js";
import { mcpConfigSchema } from "./mcp.js";
import { searchConfigSchema } from "./search.js";
import { isLoopbackHost } from "../../shared/loopback.js";

export const configSchema = z
  .strictObject({
    /** Short name of the environment, echoed in resource names and logs. */
    environment: z.string().regex(/^[a-z0-9-]+$/, { message: "expected a lowercase environment name" }),
    search: searchConfigSchema,
    azure: azureConfigSchema.optional(),
    backend: backendConfigSchema.optional(),
    docs_storage: docsStorageConfigSchema.optional(),
    search_service: searchServiceConfigSchema.optional(),
    /** The experience API's name; its gateway path is exp-{app_name}. */
    app_name: z
      .string()
      .regex(APP_NAME_PATTERN, { message: "expected a lowercase app name of letters, digits and dashes" })
      .optional(),
    /** Gateway policy selector: "" = standard corporate policy, provider.name = the provider policy. */
    api_policy_type: z.string({ error: 'expected a string: "" or the lowercase provider name' }).optional(),
    provider: providerConfigSchema.optional(),
    apim: apimConfigSchema.optional(),
    webhook_app: webhookAppConfigSchema.optional(),
    /** `docs-index mcp`: tool limits and, for a non-loopback bind, token validation. */
    mcp: mcpConfigSchema.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.api_policy_type !== undefined) {
      const problem = policyTypeProblem(c.api_policy_type, c.provider?.name);
      if (problem) ctx.addIssue({ code: "custom", path: ["api_policy_type"], message: problem });
      if (c.api_policy_type === "" && c.apim && c.apim.corporate_client_app_ids.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["apim", "corporate_client_app_ids"],
          message:
            'expected at least one client application id with api_policy_type "" (the audience alone admits any app in the tenant)',
        });
      }
    }
    if (c.azure) {
      const storage = safeStorageId(c.search.storage_account_resource_id);
      // A file with an azure: section deploys: Azurite's account name is only for the search-only local file.
      if (storage && storage.name === AZURITE_ACCOUNT) {
        ctx.addIssue({
          code: "custom",
          path: ["search", "storage_account_resource_id"],
          message: `expected an Azure storage account; ${AZURITE_ACCOUNT} is Azurite's local account (config/local/vars.yml is the place for it)`,
        });
      }
      if (storage && storage.subscriptionId.toLowerCase() !== c.azure.subscription_id.toLowerCase()) {
        ctx.addIssue({
          code: "custom",
          path: ["search", "storage_account_resource_id"],
          message: `expected the docs storage account in azure.subscription_id (${c.azure.subscription_id}), got subscription ${storage.subscriptionId}`,
        });
      }
    }
    const ranker = c.search_service?.semantic_ranker;
    if (c.search.agentic_retrieval && ranker === "disabled") {
      ctx.addIssue({
        code: "custom",
        path: ["search", "agentic_retrieval"],
        message: `expected false while search_service.semantic_ranker is "disabled": a searchIndex knowledge source needs the semantic ranker (set semantic_ranker to free or standard, or agentic_retrieval to false)`,
      });
    }
    if (c.search_service && URL.canParse(c.search.endpoint)) {
      const host = new URL(c.search.endpoint).hostname;
      const loopback = isLoopbackHost(host);
      const expected = `${c.search_service.name}.search.windows.net`;
      if (!loopback && host !== expected) {
        ctx.addIssue({
          code: "custom",
          path: ["search", "endpoint"],
          message: `expected https://${expected} (search_service.name), got ${c.search.endpoint}`,
        });
      }
    }
  });

function safeStorageId(id: string) {
  try {
    return parseStorageAccountId(id);
  } catch {
    return undefined;
  }
}

export type Config = z.infer<typeof configSchema>;
