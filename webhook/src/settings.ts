// App settings of the receiver, validated once at the edge (zod over process.env). The names are the contract
// with the infrastructure stack (stacks/webhook/app-settings.ts); an error names the variable and what was expected.
import { z } from "zod";
import {
  DEFAULT_MAX_DEQUEUE_COUNT,
  DEFAULT_VISIBILITY_TIMEOUT,
  HOST_SETTING_PREFIX,
  timeSpanMs,
} from "./queue/host-settings.js";
import { isLoopback } from "../../shared/loopback.js";
import { DEFAULT_STORAGE_LIMITS, type StorageLimits } from "./storage-limits.js";

/** The connection name of the queue trigger and the sender: WEBHOOK_QUEUE__queueServiceUri (identity) in Azure. */
export const QUEUE_CONNECTION = "WEBHOOK_QUEUE";
const DEFAULT_QUEUE_NAME = "webhook-deliveries";
const DEFAULT_RETENTION_DAYS = 7;

export class SettingsError extends Error {
  constructor(readonly problems: readonly { variable: string; expected: string }[]) {
    super(`Invalid webhook receiver settings:\n${problems.map((p) => `  ${p.variable}: ${p.expected}`).join("\n")}`);
    this.name = "SettingsError";
  }
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** An absolute URL; plain http only for loopback hosts. Trailing slashes are dropped. */
const serviceUrl = optionalText.pipe(
  z
    .string()
    .refine((v) => URL.canParse(v), "expected an absolute URL such as https://host/path")
    .refine(
      (v) => new URL(v).protocol === "https:" || (new URL(v).protocol === "http:" && isLoopback(v)),
      "expected https:// (plain http only for a loopback host)",
    )
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
);

const flag = optionalText.pipe(
  z
    .enum(["true", "false", "1", "0"], { message: 'expected "true" or "false"' })
    .transform((v) => v === "true" || v === "1")
    .optional(),
);

const envSchema = z.object({
  PROCESS_API_BASE_URL: serviceUrl,
  PROCESS_API_APP_ID_URI: optionalText.pipe(
    z
      .string()
      .regex(/^(api:\/\/|https:\/\/)\S+$/, "expected an application ID URI such as api://process-cases")
      .optional(),
  ),
  PROJECT_LOOKUP_BASE_URL: serviceUrl,
  PROJECT_LOOKUP_APP_ID_URI: optionalText.pipe(
    z
      .string()
      .regex(/^(api:\/\/|https:\/\/)\S+$/, "expected an application ID URI such as api://project-lookup")
      .optional(),
  ),
  IDEMPOTENCY_STORE: optionalText.pipe(
    z.enum(["memory", "table"], { message: 'expected "memory" or "table"' }).optional(),
  ),
  IDEMPOTENCY_TABLE_NAME: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]{2,62}$/, "expected a table name: a letter, then 2-62 letters or digits")
      .default("webhookdeliveries"),
  ),
  IDEMPOTENCY_TABLE_ENDPOINT: serviceUrl,
  IDEMPOTENCY_TABLE_CONNECTION_STRING: optionalText,
  WEBHOOK_PROVIDER_NAME: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, "expected the lowercase provider name")
      .optional(),
  ),
  WEBHOOK_IDENTITY_URL: serviceUrl,
  WEBHOOK_AUDIENCE: optionalText.pipe(z.string().default("provider-v2-webhooks")),
  WEBHOOK_REQUIRED_SCOPE: optionalText.pipe(z.string().default("provider-v2-webhooks-access")),
  WEBHOOK_SCOPE_CLAIM: optionalText.pipe(z.string().default("scope")),
  WEBHOOK_VALIDATE_JWT: flag,
  DELIVERY_PROCESSING: optionalText.pipe(
    z.enum(["queue", "inline"], { message: 'expected "queue" or "inline"' }).optional(),
  ),
  [`${QUEUE_CONNECTION}__queueServiceUri`]: serviceUrl,
  [QUEUE_CONNECTION]: optionalText,
  WEBHOOK_QUEUE_NAME: optionalText.pipe(
    z
      .string()
      .regex(
        /^(?!.*--)[a-z0-9][a-z0-9-]{1,55}[a-z0-9]$/,
        "expected a queue name: 3-57 lowercase letters, digits and single hyphens (the poison queue adds -poison)",
      )
      .default(DEFAULT_QUEUE_NAME),
  ),
  [`${HOST_SETTING_PREFIX}maxDequeueCount`]: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: "expected a whole number of attempts" })
      .int("expected a whole number of attempts")
      .min(1, "expected at least 1")
      .max(100, "expected at most 100")
      .default(DEFAULT_MAX_DEQUEUE_COUNT),
  ),
  [`${HOST_SETTING_PREFIX}visibilityTimeout`]: optionalText.pipe(
    z
      .string()
      .refine((v) => timeSpanMs(v) !== undefined, 'expected a time span "hh:mm:ss", e.g. 00:00:30')
      .default(DEFAULT_VISIBILITY_TIMEOUT),
  ),
  IDEMPOTENCY_RETENTION_DAYS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: "expected a number of days" })
      .int("expected a whole number of days")
      .min(1, "expected at least 1 day (senders retry for up to about 3 days)")
      .max(365, "expected at most 365 days")
      .default(DEFAULT_RETENTION_DAYS),
  ),
  WEBHOOK_REQUIRE_TENANT_ORIGIN: flag,
  // The storage clients' bounds (storage-limits.ts says why the defaults): the acknowledgement waits on them.
  WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: "expected a number of milliseconds" })
      .int("expected a whole number of milliseconds")
      .min(100, "expected at least 100 ms")
      .max(30_000, "expected at most 30000 ms (the acknowledgement waits for it)")
      .default(DEFAULT_STORAGE_LIMITS.requestTimeoutMs),
  ),
  WEBHOOK_STORAGE_MAX_RETRIES: optionalText.pipe(
    z.coerce
      .number<string | undefined>({ message: "expected a whole number of retries" })
      .int("expected a whole number of retries")
      .min(0, "expected 0 or more")
      .max(5, "expected at most 5 (the acknowledgement waits for them)")
      .default(DEFAULT_STORAGE_LIMITS.maxRetries),
  ),
  APPLICATIONINSIGHTS_CONNECTION_STRING: optionalText,
  // Set by App Service / Functions in Azure; used only to refuse local-only defaults there.
  WEBSITE_INSTANCE_ID: optionalText,
});

export interface Settings {
  processApi: { baseUrl: string; appIdUri: string } | undefined;
  projectLookup: { baseUrl: string; appIdUri: string | undefined } | undefined;
  idempotency:
    | { kind: "memory" }
    | { kind: "table"; tableName: string; endpoint: string; connectionString?: undefined }
    | { kind: "table"; tableName: string; connectionString: string; endpoint?: undefined };
  providerName: string | undefined;
  jwt:
    | { validate: false }
    | { validate: true; identityUrl: string; audience: string; requiredScope: string; scopeClaim: string };
  /** Queued processing (the default wherever a queue is configured) or inline (local only). */
  processing:
    | { kind: "inline" }
    | {
        kind: "queue";
        queueName: string;
        target: { queueServiceUri: string } | { connectionString: string };
        maxDequeueCount: number;
        visibilityTimeoutMs: number;
      };
  /** Days an idempotency record is kept after its last update. */
  retentionDays: number;
  /** Per-request timeout and retries of the table and queue clients. */
  storage: StorageLimits;
  /** Warn when a delivery lacks x-forward-tenant-origin (default: in Azure, behind the gateway). */
  requireTenantOrigin: boolean;
  /** True when running in Azure (App Service sets WEBSITE_INSTANCE_ID). */
  inAzure: boolean;
}

/**
 * Reads the connection string's TableEndpoint (or the Azurite default): the loopback check, and what the operations CLI
 * names.
 */
export function tableEndpointOf(connectionString: string): string | undefined {
  if (connectionString.trim() === "UseDevelopmentStorage=true") return "http://127.0.0.1:10002/devstoreaccount1";
  const m = /(?:^|;)\s*TableEndpoint\s*=\s*([^;]+)/i.exec(connectionString);
  return m?.[1]?.trim();
}

/**
 * Reads the connection string's QueueEndpoint (or the Azurite default): the loopback check, and what the operations CLI
 * names.
 */
export function queueEndpointOf(connectionString: string): string | undefined {
  if (connectionString.trim() === "UseDevelopmentStorage=true") return "http://127.0.0.1:10001/devstoreaccount1";
  const m = /(?:^|;)\s*QueueEndpoint\s*=\s*([^;]+)/i.exec(connectionString);
  return m?.[1]?.trim();
}

/** The environment after the schema: every variable typed, defaults filled. */
type Env = z.infer<typeof envSchema>;

/** A setting that contradicts another one, or the place it runs; collected so that one error names them all. */
type Problems = { variable: string; expected: string }[];

/** Pure: environment -> validated settings, or a SettingsError naming every bad variable. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new SettingsError(
      parsed.error.issues.map((i) => ({ variable: String(i.path[0] ?? "(environment)"), expected: i.message })),
    );
  }
  const e = parsed.data;
  const problems: Problems = [];
  const inAzure = e.WEBSITE_INSTANCE_ID !== undefined;
  const processApi = processApiOf(e, inAzure, problems);
  const idempotency = idempotencyOf(e, inAzure, problems);
  const jwt = jwtOf(e, problems);
  const processing = processingOf(e, inAzure, problems);
  if (problems.length > 0) throw new SettingsError(problems);

  return {
    processApi,
    projectLookup: e.PROJECT_LOOKUP_BASE_URL
      ? { baseUrl: e.PROJECT_LOOKUP_BASE_URL, appIdUri: e.PROJECT_LOOKUP_APP_ID_URI }
      : undefined,
    idempotency,
    providerName: e.WEBHOOK_PROVIDER_NAME,
    jwt,
    processing,
    retentionDays: e.IDEMPOTENCY_RETENTION_DAYS,
    storage: { requestTimeoutMs: e.WEBHOOK_STORAGE_REQUEST_TIMEOUT_MS, maxRetries: e.WEBHOOK_STORAGE_MAX_RETRIES },
    requireTenantOrigin: e.WEBHOOK_REQUIRE_TENANT_ORIGIN ?? inAzure,
    inAzure,
  };
}

/** The process API: its base URL needs its app ID URI (the token scope), and in Azure it is required. */
function processApiOf(e: Env, inAzure: boolean, problems: Problems): Settings["processApi"] {
  if (e.PROCESS_API_BASE_URL && !e.PROCESS_API_APP_ID_URI) {
    problems.push({
      variable: "PROCESS_API_APP_ID_URI",
      expected: "required when PROCESS_API_BASE_URL is set (the token scope is <app id URI>/.default)",
    });
  }
  if (inAzure && !e.PROCESS_API_BASE_URL) {
    problems.push({
      variable: "PROCESS_API_BASE_URL",
      expected: "required in Azure (without it the receiver only logs the create-case request)",
    });
  }
  return e.PROCESS_API_BASE_URL && e.PROCESS_API_APP_ID_URI
    ? { baseUrl: e.PROCESS_API_BASE_URL, appIdUri: e.PROCESS_API_APP_ID_URI }
    : undefined;
}

/** The idempotency store: a table wherever one is configured (a connection string only for Azurite), memory
 * otherwise, never memory in Azure. */
function idempotencyOf(e: Env, inAzure: boolean, problems: Problems): Settings["idempotency"] {
  const storeKind =
    e.IDEMPOTENCY_STORE ?? (e.IDEMPOTENCY_TABLE_ENDPOINT || e.IDEMPOTENCY_TABLE_CONNECTION_STRING ? "table" : "memory");
  if (storeKind === "memory") {
    if (inAzure)
      problems.push({
        variable: "IDEMPOTENCY_STORE",
        expected: '"table" in Azure (a memory store does not survive restarts or span instances)',
      });
    return { kind: "memory" };
  }
  const connectionString = e.IDEMPOTENCY_TABLE_CONNECTION_STRING;
  if (connectionString) {
    const endpoint = tableEndpointOf(connectionString);
    if (endpoint && isLoopback(endpoint))
      return { kind: "table", tableName: e.IDEMPOTENCY_TABLE_NAME, connectionString };
    problems.push({
      variable: "IDEMPOTENCY_TABLE_CONNECTION_STRING",
      expected:
        "for Azurite only (its TableEndpoint must be a loopback address); in Azure set IDEMPOTENCY_TABLE_ENDPOINT (identity-based)",
    });
  } else if (e.IDEMPOTENCY_TABLE_ENDPOINT) {
    return { kind: "table", tableName: e.IDEMPOTENCY_TABLE_NAME, endpoint: e.IDEMPOTENCY_TABLE_ENDPOINT };
  } else {
    problems.push({
      variable: "IDEMPOTENCY_TABLE_ENDPOINT",
      expected:
        "required when IDEMPOTENCY_STORE=table (https://<account>.table.core.windows.net), or IDEMPOTENCY_TABLE_CONNECTION_STRING for Azurite",
    });
  }
  return { kind: "memory" };
}

/** JWT validation (off unless WEBHOOK_VALIDATE_JWT): on, it needs the identity server for OIDC discovery. */
function jwtOf(e: Env, problems: Problems): Settings["jwt"] {
  if (!(e.WEBHOOK_VALIDATE_JWT ?? false)) return { validate: false };
  if (!e.WEBHOOK_IDENTITY_URL) {
    problems.push({
      variable: "WEBHOOK_IDENTITY_URL",
      expected: "required when WEBHOOK_VALIDATE_JWT=true (the provider's identity server, for OIDC discovery)",
    });
    return { validate: false };
  }
  return {
    validate: true,
    identityUrl: e.WEBHOOK_IDENTITY_URL,
    audience: e.WEBHOOK_AUDIENCE,
    requiredScope: e.WEBHOOK_REQUIRED_SCOPE,
    scopeClaim: e.WEBHOOK_SCOPE_CLAIM,
  };
}

/** Queued processing wherever a queue is configured (a connection string only for Azurite), inline otherwise,
 * never inline in Azure. */
function processingOf(e: Env, inAzure: boolean, problems: Problems): Settings["processing"] {
  const queueUri = e[`${QUEUE_CONNECTION}__queueServiceUri`];
  const queueConnection = e[QUEUE_CONNECTION];
  const processingKind = e.DELIVERY_PROCESSING ?? (queueUri || queueConnection ? "queue" : "inline");
  if (processingKind === "inline") {
    if (inAzure)
      problems.push({
        variable: "DELIVERY_PROCESSING",
        expected: `"queue" in Azure (inline processing makes the provider wait and loses events when downstream is down); set ${QUEUE_CONNECTION}__queueServiceUri`,
      });
    return { kind: "inline" };
  }
  const common = {
    kind: "queue" as const,
    queueName: e.WEBHOOK_QUEUE_NAME,
    maxDequeueCount: e[`${HOST_SETTING_PREFIX}maxDequeueCount`],
    visibilityTimeoutMs: timeSpanMs(e[`${HOST_SETTING_PREFIX}visibilityTimeout`])!,
  };
  if (queueConnection) {
    const endpoint = queueEndpointOf(queueConnection);
    if (endpoint && isLoopback(endpoint)) return { ...common, target: { connectionString: queueConnection } };
    problems.push({
      variable: QUEUE_CONNECTION,
      expected: `for Azurite only (its QueueEndpoint must be a loopback address); in Azure set ${QUEUE_CONNECTION}__queueServiceUri (identity-based)`,
    });
  } else if (queueUri) return { ...common, target: { queueServiceUri: queueUri } };
  else
    problems.push({
      variable: `${QUEUE_CONNECTION}__queueServiceUri`,
      expected: `required when DELIVERY_PROCESSING=queue (https://<account>.queue.core.windows.net), or ${QUEUE_CONNECTION} (a connection string) for Azurite`,
    });
  return { kind: "inline" };
}
