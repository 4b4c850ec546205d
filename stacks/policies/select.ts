// Chooses the webhook API's gateway policy from vars.yml: api_policy_type "" -> the standard corporate
// identity-provider policy, the provider's lowercase name -> the provider policy, anything else -> a
// ConfigError naming the file, the key and the allowed values (the schema says the same; this mirrors it at
// synth time so a hand-built config cannot slip through).
import { policyTypeProblem, type ApimConfig, type ProviderConfig } from "../../src/config/api-schema.js";
import { ConfigError } from "../../src/config/load.js";
import type { PolicyInput } from "./policy.js";

export interface PolicySelectionInput {
  file: string;
  api_policy_type: string;
  app_name: string;
  provider: ProviderConfig;
  apim: ApimConfig;
  azure: { tenant_id: string };
}

/** Where the gateway sends the call and how it authenticates there. */
export interface PolicyBackend {
  /** The API Management backend's name (set-backend-service backend-id). */
  backendId: string;
  /** The function app registration's App ID URI or client id (authentication-managed-identity resource). */
  backendResource: string;
}

/** Default audience of the standard corporate policy. */
const defaultCorporateAudience = (appName: string) => `api://exp-${appName}`;

/** The file name of a policy type's rendered copy ("" has no name of its own). */
export const policyTypeLabel = (type: string) => (type === "" ? "standard" : type);

export function selectPolicy(c: PolicySelectionInput, backend: PolicyBackend): PolicyInput {
  const problem = policyTypeProblem(c.api_policy_type, c.provider.name);
  if (problem) throw new ConfigError(c.file, [{ key: "api_policy_type", expected: problem }]);
  if (c.api_policy_type === "") {
    return {
      type: "standard",
      tenantId: c.azure.tenant_id,
      audience: c.apim.corporate_audience ?? defaultCorporateAudience(c.app_name),
      clientAppIds: [...c.apim.corporate_client_app_ids],
      ...(c.apim.corporate_required_role ? { requiredRole: c.apim.corporate_required_role } : {}),
      ...backend,
    };
  }
  return {
    type: "provider",
    providerName: c.provider.name,
    identityUrl: c.provider.identity_url,
    audience: c.provider.audience,
    requiredScope: c.provider.required_scope,
    scopeClaim: c.provider.scope_claim,
    ...backend,
  };
}
