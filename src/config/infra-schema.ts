// The infrastructure keys of vars.yml: where the stacks deploy (azure:), where their state lives (backend:),
// the docs storage account's data-protection settings (docs_storage:) and the search service (search_service:).
// The docs storage account's own name and resource group come from search.storage_account_resource_id, so the
// stacks and the docs-index CLI can never point at different accounts.
import { z } from "zod";

export const uuid = (what: string) =>
  z
    .string({ error: `expected ${what} (a GUID)` })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: `expected ${what} (a GUID)` });

const resourceGroupName = z.string({ error: "expected a resource group name" }).regex(/^[-\w._()]{1,89}[-\w_()]$/, {
  message: "expected a resource group name (letters, digits, - _ . ( ), not ending in .)",
});

/** Azurite's well-known account: valid locally, never an Azure account (anyone could hold that name). */
export const AZURITE_ACCOUNT = "devstoreaccount1";

/** Storage account names: 3-24 lowercase letters and digits (globally unique in Azure). */
export const storageAccountName = z
  .string({ error: "expected a storage account name" })
  .regex(/^[a-z0-9]{3,24}$/, { message: "expected a storage account name: 3-24 lowercase letters and digits" })
  .refine((v) => v !== AZURITE_ACCOUNT, {
    message: `expected an Azure storage account name; ${AZURITE_ACCOUNT} is Azurite's local account`,
  });

export const azureConfigSchema = z.strictObject({
  subscription_id: uuid("the Azure subscription id"),
  tenant_id: uuid("the Entra tenant id"),
  /** Azure region of every resource the stacks create, e.g. westeurope. */
  location: z.string().regex(/^[a-z0-9]+$/, { message: "expected an Azure region name such as westeurope" }),
  /** Existing resource group for the search service and the webhook app (created by the landing zone). */
  resource_group: resourceGroupName,
  tags: z.record(z.string(), z.string()).default({}),
});

export const backendConfigSchema = z.strictObject({
  /** The azurerm remote backend: an existing storage account + container that holds every stack's state. */
  resource_group: resourceGroupName,
  storage_account: storageAccountName,
  container: z
    .string()
    .regex(/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/, { message: "expected a blob container name" })
    .default("tfstate"),
  /** State key of a stack: <key_prefix>/<stack id>.tfstate. */
  key_prefix: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9]$/, {
    message: "expected a key prefix such as docs-platform/dev (no leading or trailing /)",
  }),
  /** Authenticate to the state account with Entra ID instead of account keys. */
  use_azuread_auth: z.boolean().default(true),
});

export const docsStorageConfigSchema = z.strictObject({
  /** Replication of the docs account. */
  replication: z.enum(["LRS", "ZRS", "GRS", "RAGRS", "GZRS", "RAGZRS"]).default("LRS"),
  /** Blob soft-delete retention: the indexer's deletion detection needs it; 7 covers a missed PT24H run. */
  blob_soft_delete_days: z
    .number()
    .int()
    .min(7, { message: "expected at least 7 days (spec limits: blob soft-delete retention)" })
    .max(365)
    .default(7),
  container_soft_delete_days: z.number().int().min(1).max(365).default(7),
  /**
   * Shared-key (account key and SAS) access. Off by default: terraform then talks to the data plane with Entra
   * (provider storage_use_azuread) and publishers upload with `--auth-mode login`. Turn on only if a publishing
   * tool still needs keys.
   */
  shared_key_access: z.boolean().default(false),
  index_document: z.string().min(1).default("index.html"),
  error_404_document: z.string().min(1).default("404.html"),
});

const principalType = z.enum(["User", "Group", "ServicePrincipal"]);

export const searchServiceConfigSchema = z
  .strictObject({
    /** Service name: <name>.search.windows.net. */
    name: z.string().regex(/^[a-z0-9](?!.*--)[a-z0-9-]{0,58}[a-z0-9]$/, {
      message: "expected a search service name: 2-60 lowercase letters, digits and dashes",
    }),
    sku: z.enum(["basic", "standard", "standard2", "standard3", "storage_optimized_l1", "storage_optimized_l2"], {
      error:
        "expected basic, standard, standard2, standard3, storage_optimized_l1 or storage_optimized_l2 (free has no semantic ranker and no replicas)",
    }),
    replicas: z.number().int().min(1).max(12).default(1),
    partitions: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(6), z.literal(12)], {
        error: "expected 1, 2, 3, 4, 6 or 12",
      })
      .default(1),
    /**
     * Semantic ranker plan; the index's semantic configuration and agentic retrieval need it on. `disabled` turns it
     * off (then search.agentic_retrieval must be false).
     */
    semantic_ranker: z
      .enum(["free", "standard", "disabled"], { error: "expected free, standard or disabled" })
      .default("free"),
    /** Object id of the pipeline's service principal: Search Service Contributor + Search Index Data Contributor. */
    deploy_principal_object_id: uuid("the deploy principal's object id"),
    /** Identities that query the index (agents, apps): Search Index Data Reader each. */
    query_identities: z
      .array(
        z.strictObject({
          name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, { message: "expected a short lowercase label" }),
          object_id: uuid("the identity's object id"),
          principal_type: principalType.default("ServicePrincipal"),
        }),
      )
      .default([]),
  })
  .superRefine((s, ctx) => {
    const names = new Set<string>();
    s.query_identities.forEach((q, i) => {
      if (names.has(q.name))
        ctx.addIssue({
          code: "custom",
          path: ["query_identities", i, "name"],
          message: `duplicate label ${JSON.stringify(q.name)}`,
        });
      names.add(q.name);
    });
  });

/** The parts of a storage account resource id. */
export function parseStorageAccountId(id: string): { subscriptionId: string; resourceGroup: string; name: string } {
  const m =
    /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/Microsoft\.Storage\/storageAccounts\/([^/]+)$/i.exec(
      id,
    );
  if (!m) throw new Error(`not a storage account resource id: ${id}`);
  return { subscriptionId: m[1]!, resourceGroup: m[2]!, name: m[3]! };
}
