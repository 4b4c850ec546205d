// The search keys of vars.yml (area C): where the service and the docs storage live, and object names.
import { z } from "zod";
import { DEFAULT_SEARCH_API_VERSION } from "./api-version.js";

const url = (what: string) =>
  z
    .string({ error: `expected ${what} (a URL)` })
    .refine((v) => URL.canParse(v), { message: `expected ${what} (a URL)` });

const objectName = (fallback: string) =>
  z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,127}$/, { message: "expected a lowercase name of letters, digits and dashes" })
    .default(fallback);

const armResourceId = z
  .string({ error: "expected an ARM resource id" })
  .regex(
    /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/Microsoft\.Storage\/storageAccounts\/[a-z0-9]{3,24}$/i,
    {
      message:
        "expected a storage account resource id: /subscriptions/<id>/resourceGroups/<rg>/providers/Microsoft.Storage/storageAccounts/<name>",
    },
  );

export const searchConfigSchema = z.strictObject({
  /** The search service endpoint, e.g. https://<service>.search.windows.net. */
  endpoint: url("the search service endpoint"),
  /** The docs storage account's resource id; the datasource connects with the search service's managed identity. */
  storage_account_resource_id: armResourceId,
  /** Public base URL of the documentation site ({docs_url}/{app}/{rest}). */
  docs_url: url("the public documentation base URL"),
  /** The blob container the static site is published to. */
  container: z.string().default("$web"),
  index_name: objectName("docs-index"),
  datasource_name: objectName("docs-datasource"),
  indexer_name: objectName("docs-indexer"),
  /**
   * Agentic retrieval for this environment: the knowledge source over the index and the knowledge base listing it
   * (search-definitions/docs-knowledge-*.json). false: nothing about them is planned, deployed or checked.
   */
  agentic_retrieval: z.boolean({ error: "expected true or false" }).default(false),
  knowledge_source_name: objectName("docs-knowledge-source"),
  knowledge_base_name: objectName("docs-knowledge-base"),
  /** Data-plane REST API version sent by the CLI (the SDK's default unless overridden). */
  api_version: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(-preview)?$/, { message: "expected an api-version such as 2026-04-01" })
    .default(DEFAULT_SEARCH_API_VERSION),
  /** Blobs that fail on every run by design (spec, errors C.2): root pages with no path token 5. */
  expected_failures: z.array(z.string()).default(["index.html", "404.html"]),
});

export type SearchConfig = z.infer<typeof searchConfigSchema>;

export interface ResolvedEndpoint {
  url: string;
  /** Where the URL came from: `SEARCH_ENDPOINT` or the vars.yml file (as displayed). */
  source: string;
  /** Set when SEARCH_ENDPOINT hides the config's endpoint: a sentence to print before acting. */
  override?: string;
}

/** The search endpoint in use: SEARCH_ENDPOINT (local use) beats search.endpoint of the config, and says so. */
export function resolveSearchEndpoint(
  search: Pick<SearchConfig, "endpoint">,
  env: NodeJS.ProcessEnv,
  configFile: string,
): ResolvedEndpoint {
  const fromEnv = env.SEARCH_ENDPOINT?.trim();
  if (!fromEnv) return { url: search.endpoint, source: configFile };
  return {
    url: fromEnv,
    source: "SEARCH_ENDPOINT",
    ...(fromEnv !== search.endpoint
      ? { override: `SEARCH_ENDPOINT=${fromEnv} overrides search.endpoint ${search.endpoint} of ${configFile}` }
      : {}),
  };
}
