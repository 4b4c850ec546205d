// The webhook API keys of vars.yml (area A): the experience API's name, the gateway policy selector, the
// provider's identity server, the existing API Management instance and the function app's settings.
import { z } from "zod";
import { storageAccountName, uuid } from "./infra-schema.js";

const httpsUrl = (what: string) =>
  z
    .string({ error: `expected ${what} (an https URL)` })
    .refine((v) => URL.canParse(v) && new URL(v).protocol === "https:", { message: `expected ${what} (an https URL)` })
    .refine((v) => !v.endsWith("/"), { message: `expected ${what} without a trailing /` });

/** Policy values go into gateway XML: refuse APIM expression (@...) and named-value ({{...}}) syntax outright. */
const policySafe = (schema: z.ZodString) =>
  schema.refine((v) => !v.startsWith("@") && !v.includes("{{"), {
    message: "must not start with @ or contain {{ (API Management policy expression syntax)",
  });

export const APP_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,38}[a-z0-9]$/;

export const providerConfigSchema = z.strictObject({
  /** Lowercase provider name, e.g. casepro; the value api_policy_type takes to select the provider policy. */
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, { message: "expected a lowercase provider name such as casepro" }),
  /** The provider's identity server; OIDC discovery at {identity_url}/.well-known/openid-configuration. */
  identity_url: policySafe(httpsUrl("the provider's identity server URL")),
  audience: policySafe(z.string().min(1)).default("provider-v2-webhooks"),
  required_scope: policySafe(z.string().regex(/^\S+$/, { message: "expected one scope (no spaces)" })).default(
    "provider-v2-webhooks-access",
  ),
  /** Claim that carries the scopes (space-separated): scope (RFC 9068) by default, scp for Entra-style tokens. */
  scope_claim: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]+$/, { message: "expected a claim name such as scope or scp" })
    .default("scope"),
});

export const apimConfigSchema = z.strictObject({
  /** The existing API Management instance (not created by these stacks). */
  name: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9-]{0,48}[a-zA-Z0-9]$/, { message: "expected an API Management instance name" }),
  resource_group: z.string().min(1),
  /**
   * Audience the standard corporate policy (api_policy_type "") requires; default api://exp-{app_name}.
   * The corporate identity provider is the Entra tenant azure.tenant_id.
   */
  corporate_audience: policySafe(z.string().min(1)).optional(),
  /**
   * Client application (app) ids of the corporate callers the standard policy admits (validate-azure-ad-token
   * client-application-ids). Required when api_policy_type is "": the audience alone admits every app in the tenant.
   */
  corporate_client_app_ids: z.array(uuid("a client application id")).default([]),
  /** App role the standard policy additionally requires in the token's roles claim (optional). */
  corporate_required_role: policySafe(
    z.string().regex(/^[A-Za-z][A-Za-z0-9._-]*$/, { message: "expected an app role name such as Webhooks.Send" }),
  ).optional(),
});

export const webhookAppConfigSchema = z.strictObject({
  function_app_name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,58}[a-z0-9]$/, {
    message: "expected a function app name: lowercase letters, digits and dashes",
  }),
  /** The function app's own storage: host storage, deployment container and the idempotency table. */
  storage_account: storageAccountName,
  process_api_base_url: httpsUrl("the process API base URL"),
  /** App ID URI of the process API; the receiver asks for <uri>/.default (client credentials). */
  process_api_app_id_uri: z
    .string()
    .regex(/^(api:\/\/|https:\/\/)\S+$/, { message: "expected an App ID URI such as api://process-cases" }),
  project_lookup_base_url: httpsUrl("the project lookup base URL"),
  /** App ID URI of the project lookup API, when it wants an app-only token (<uri>/.default). */
  project_lookup_app_id_uri: z
    .string()
    .regex(/^(api:\/\/|https:\/\/)\S+$/, { message: "expected an App ID URI such as api://sys-casepro" })
    .optional(),
  idempotency_table: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{2,62}$/, { message: "expected a table name: a letter then 2-62 letters or digits" })
    .default("webhookdeliveries"),
  /** The experience API's project id, as the process API's authorized_apps entry names it. */
  project_id: z.string().min(1),
  /** App roles the process API requires of this caller (its @useAuth(Roles<[...]>)). */
  app_roles: z
    .array(z.string().regex(/^[A-Za-z][A-Za-z0-9._-]*$/, { message: "expected an app role name such as App.Write" }))
    .min(1, { message: "expected at least one app role" }),
  maximum_instance_count: z.number().int().min(40).max(1000).default(40),
  instance_memory_mb: z
    .union([z.literal(512), z.literal(2048), z.literal(4096)], { error: "expected 512, 2048 or 4096" })
    .default(2048),
  /**
   * Zone-balanced Flex plan (zone redundancy) and zone-redundant (ZRS) function storage. Costs money: with zone
   * redundancy the platform keeps at least two always-ready instances of the http group warm (billed as
   * always-ready), whatever always_ready_instances says. On in prod, off in dev.
   */
  zone_redundant: z.boolean().default(false),
  /** Always-ready instances of the http function group (billed while idle); default 0. */
  always_ready_instances: z.number().int().min(0).max(1000).default(0),
  /** Blob soft-delete retention on the function's storage (deployment packages). */
  storage_blob_soft_delete_days: z.number().int().min(1).max(365).default(7),
  /**
   * The Entra app registration that represents the function app (App Service authentication): API Management
   * gets a token for it with its managed identity, and the function's platform authentication admits only that
   * identity. Create it once per environment (docs/infrastructure.md); no secret is needed.
   */
  gateway_auth: z.strictObject({
    client_id: uuid("the function app registration's application (client) id"),
    /** The audience API Management requests; default the client id. */
    app_id_uri: z
      .string()
      .regex(/^(api:\/\/|https:\/\/)\S+$/, { message: "expected an App ID URI such as api://func-exp-webhooks" })
      .optional(),
  }),
});

export type ProviderConfig = z.infer<typeof providerConfigSchema>;
export type ApimConfig = z.infer<typeof apimConfigSchema>;

/** The values api_policy_type may take, given the provider name. */
export function allowedPolicyTypes(providerName: string | undefined): string[] {
  return providerName ? ["", providerName] : [""];
}

/** The one message for a bad api_policy_type, used by the schema and again at synth time. */
export function policyTypeProblem(value: unknown, providerName: string | undefined): string | undefined {
  const allowed = allowedPolicyTypes(providerName);
  if (typeof value === "string" && allowed.includes(value)) return undefined;
  const list = allowed
    .map((a) =>
      a === "" ? '"" (the standard corporate identity-provider policy)' : `"${a}" (provider.name: the provider policy)`,
    )
    .join(" or ");
  return `expected ${list}, got ${JSON.stringify(value)}`;
}
