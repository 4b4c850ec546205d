// What every docs-index command gets: the validated config, the target it acts on (environment, endpoint and
// where each came from), an output writer, the service options (timeouts, retries, deadline) and lazily built
// SDK clients. The SDKs are imported on first use only, so commands that call no service start fast.
// Credentials: DefaultAzureCredential everywhere; SEARCH_ADMIN_KEY and DOCS_STORAGE_CONNECTION_STRING exist
// only for the local stand-in and Azurite, and are refused for any non-loopback endpoint.
import path from "node:path";
import type { BlobServiceClient } from "@azure/storage-blob";
import { loadConfig, type ConfigFlags, type ConfigLocation } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { resolveSearchEndpoint } from "../config/search.js";
import { isLoopback } from "../../shared/loopback.js";
import type { SearchAuth, SearchClients } from "../search/io/clients.js";
import { origin, type ServiceOptions } from "../search/io/service-options.js";
import { ARM_ENDPOINT } from "../search/io/arm-endpoint.js";
import { CliError } from "./exit-codes.js";
import type { Output } from "./output.js";

/** What a command acts on, and where each part came from (printed before acting). */
interface Target {
  environment: string;
  configFile: string;
  endpoint: string;
  /** `SEARCH_ENDPOINT` or the vars.yml file. */
  endpointSource: string;
  /** The docs storage account's blob endpoint and its source. */
  blobEndpoint: string;
  blobSource: string;
  /** Sentences naming each environment variable or flag that overrode another setting. */
  overrides: string[];
}

export interface CliContext {
  config: Config & { location: ConfigLocation };
  target: Target;
  /** The search endpoint in use (shorthand for target.endpoint). */
  endpoint: string;
  out: Output;
  env: NodeJS.ProcessEnv;
  service: ServiceOptions;
  /** Where confirmations are read from (a TTY or not), and where their prompt is written. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  promptTo: NodeJS.WritableStream;
  search(): Promise<SearchClients>;
  blobService(): Promise<BlobServiceClient>;
  /** `url (from source)` for a request URL, for messages about waits and failures. */
  describeUrl(url: string): string;
  /** The origin of the request most recently started (what a passed deadline was waiting for), if any. */
  lastRequested(): string | undefined;
  /** Moves the command's deadline to at least `ms` from now (waiting commands, by their --timeout). */
  extendDeadline(ms: number): void;
}

export function searchAuth(endpoint: string, env: NodeJS.ProcessEnv): SearchAuth {
  const key = env.SEARCH_ADMIN_KEY;
  if (key) {
    if (!isLoopback(endpoint)) {
      throw new CliError(
        `SEARCH_ADMIN_KEY is set but ${endpoint} is not a local endpoint`,
        "usage",
        "Admin keys are for the local stand-in only; unset SEARCH_ADMIN_KEY and sign in (az login, managed identity or workload identity).",
      );
    }
    return { kind: "admin-key", key };
  }
  if (new URL(endpoint).protocol === "http:") {
    // Tokens are never sent over plain http; an http endpoint is the local stand-in, which takes an admin key.
    throw new CliError(
      `${endpoint} is a plain-http (local) endpoint and SEARCH_ADMIN_KEY is not set`,
      "usage",
      "Start the local environment with `npm run local -- --keep` and run the `export …` lines it prints, or use an https endpoint with your Azure identity.",
    );
  }
  return { kind: "identity" };
}

function blobTarget(config: Config, env: NodeJS.ProcessEnv, configFile: string) {
  const connectionString = env.DOCS_STORAGE_CONNECTION_STRING;
  if (connectionString) {
    const blobEndpoint = /BlobEndpoint=([^;]+)/i.exec(connectionString)?.[1];
    if (!blobEndpoint || !isLoopback(blobEndpoint)) {
      throw new CliError(
        "DOCS_STORAGE_CONNECTION_STRING is for Azurite only (its BlobEndpoint must be a loopback address)",
        "usage",
        "Unset it to use the storage account from vars.yml with your Azure identity.",
      );
    }
    return { url: blobEndpoint.replace(/\/+$/, ""), source: "DOCS_STORAGE_CONNECTION_STRING", connectionString };
  }
  const account = config.search.storage_account_resource_id.split("/").at(-1);
  return {
    url: `https://${account}.blob.core.windows.net`,
    source: `${configFile} (search.storage_account_resource_id)`,
  };
}

export function createContext(
  out: Output,
  env: NodeJS.ProcessEnv,
  flags: ConfigFlags,
  service: ServiceOptions,
  stdin: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  promptTo: NodeJS.WritableStream = process.stderr,
): CliContext {
  const config = loadConfig(env, flags);
  const configFile = path.relative(process.cwd(), config.location.file) || config.location.file;
  const endpoint = resolveSearchEndpoint(config.search, env, configFile);
  if (!URL.canParse(endpoint.url))
    throw new CliError(`SEARCH_ENDPOINT is not a URL: ${JSON.stringify(endpoint.url)}`, "usage");
  const blob = blobTarget(config, env, configFile);
  const target: Target = {
    environment: config.location.env,
    configFile,
    endpoint: endpoint.url.replace(/\/+$/, ""),
    endpointSource: endpoint.source,
    blobEndpoint: blob.url,
    blobSource: blob.source,
    overrides: [...(config.location.overrides ?? []), ...(endpoint.override ? [endpoint.override] : [])],
  };
  const describeUrl = (url: string) => {
    const o = origin(url);
    const source =
      o === origin(target.endpoint)
        ? target.endpointSource
        : o === origin(target.blobEndpoint)
          ? target.blobSource
          : o === origin(ARM_ENDPOINT)
            ? `Azure Resource Manager, for search.storage_account_resource_id in ${configFile}`
            : undefined;
    return source ? `${o} (from ${source})` : o;
  };
  // One notice per endpoint: a slow search service does not hide a storage account that then never answers.
  const slowNoticeShown = new Set<string>();
  let lastRequested: string | undefined;
  const serviceWithNotice: ServiceOptions = {
    ...service,
    onAttempt: (url) => {
      lastRequested = url;
      service.onAttempt?.(url);
    },
    onSlow:
      service.onSlow ??
      ((url) => {
        if (slowNoticeShown.has(url)) return;
        slowNoticeShown.add(url);
        out.note(`waiting for ${describeUrl(url)} ...`);
      }),
  };
  let search: Promise<SearchClients> | undefined;
  let blobService: Promise<BlobServiceClient> | undefined;
  return {
    config,
    target,
    endpoint: target.endpoint,
    out,
    env,
    service: serviceWithNotice,
    stdin,
    promptTo,
    describeUrl,
    lastRequested: () => lastRequested,
    extendDeadline: () => {},
    search: () =>
      (search ??= (async () => {
        const auth = searchAuth(target.endpoint, env);
        const { createSearchClients } = await import("../search/io/clients.js");
        return createSearchClients(target.endpoint, auth, config.search.api_version, serviceWithNotice);
      })()),
    blobService: () =>
      (blobService ??= (async () => {
        const { createBlobService } = await import("../search/io/clients.js");
        return createBlobService(
          "connectionString" in blob ? { connectionString: blob.connectionString! } : { accountUrl: blob.url },
          serviceWithNotice,
        );
      })()),
  };
}
