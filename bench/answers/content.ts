// The content of the answer benchmark's documentation site: a fictional cloud storage and queue service
// ("Nimbus") written as a real developer documentation set is: guides, one short page per configuration option
// (named after the camelCase option, as API references do), error pages named after snake_case codes, webhook
// events named after dotted event types, CLI commands, platform limits and a long changelog. Written for the
// benchmark (no third-party text); the questions in questions.yml were chosen from these pages before querying.

export interface Section {
  heading: string;
  /** Paragraphs; a string starting with "```" is a code block, "- " a list item per line, "|" a table. */
  blocks: string[];
}

export interface PageContent {
  /** The page's path in the site, without extension (app/section/name). */
  path: string;
  title: string;
  description: string;
  intro: string;
  sections: Section[];
}

export interface Option {
  name: string;
  type: string;
  defaultValue: string;
  purpose: string;
  details: string;
  example: string;
  related: string[];
}

export const OPTIONS: Option[] = [
  {
    name: "maxNetworkRetries",
    type: "number",
    defaultValue: "2",
    purpose: "How often the client sends a request again after a network error, a 5xx answer or a 429.",
    details:
      "By default the client retries a failed request 2 times, so a call is sent at most three times. Retries wait with exponential backoff starting at 500 ms and capped at 8 seconds, with full jitter. Requests that are not idempotent (a POST without an idempotency key) are never retried.",
    example: "const client = new NimbusClient({ maxNetworkRetries: 5 });",
    related: ["requestTimeoutMs", "circuitBreakerThreshold", "idempotencyKeyPrefix"],
  },
  {
    name: "requestTimeoutMs",
    type: "number (milliseconds)",
    defaultValue: "80000",
    purpose: "How long the client waits for a complete response before it aborts the request.",
    details:
      "The default is 80 seconds for the whole request, including reading the body. A request aborted by the timeout counts as a network error and is retried under maxNetworkRetries. Uploads use this value per part, not for the whole file.",
    example: "const client = new NimbusClient({ requestTimeoutMs: 15_000 });",
    related: ["maxNetworkRetries", "keepAlive"],
  },
  {
    name: "keepAlive",
    type: "boolean",
    defaultValue: "true",
    purpose: "Reuses TCP and TLS connections between requests.",
    details:
      "Connections idle for more than 15 seconds are closed by the service; the client closes its side after 10 seconds so it never writes into a connection the service has already dropped.",
    example: "const client = new NimbusClient({ keepAlive: false });",
    related: ["maxSockets", "dnsCacheTtlSec"],
  },
  {
    name: "proxyUrl",
    type: "string (URL)",
    defaultValue: "none",
    purpose: "An HTTP or HTTPS proxy that every request goes through.",
    details:
      "Set it when your network only reaches the internet through a corporate proxy. The HTTPS_PROXY environment variable is read only when proxyUrl is not set; NO_PROXY is honoured in both cases. Proxy credentials go in the URL (http://user:password@proxy:3128).",
    example: 'const client = new NimbusClient({ proxyUrl: "http://proxy.internal:3128" });',
    related: ["endpointOverride", "keepAlive"],
  },
  {
    name: "userAgentSuffix",
    type: "string",
    defaultValue: "none",
    purpose: "Text appended to the User-Agent header of every request.",
    details:
      "Use it to tell your applications apart in the access logs. It may hold letters, digits, dots, dashes and slashes, up to 64 characters.",
    example: 'const client = new NimbusClient({ userAgentSuffix: "billing-worker/1.4" });',
    related: ["telemetryEnabled", "logLevel"],
  },
  {
    name: "apiVersion",
    type: "string (date)",
    defaultValue: "2026-01-15",
    purpose: "Pins the REST API version the client speaks.",
    details:
      "The value is sent in the Nimbus-Version header. A client built for one version keeps working when the service adds a version; pin it explicitly in production so an SDK upgrade does not change behaviour by itself.",
    example: 'const client = new NimbusClient({ apiVersion: "2025-06-01" });',
    related: ["strictSerialization"],
  },
  {
    name: "telemetryEnabled",
    type: "boolean",
    defaultValue: "true",
    purpose: "Sends anonymous latency and error-rate metrics about the SDK's own requests.",
    details:
      "No object names, keys or payloads are sent, only timings and status codes. Set NIMBUS_TELEMETRY=0 to turn it off without changing code; the option wins over the variable when both are set.",
    example: "const client = new NimbusClient({ telemetryEnabled: false });",
    related: ["logLevel", "userAgentSuffix"],
  },
  {
    name: "logLevel",
    type: '"error" | "warn" | "info" | "debug"',
    defaultValue: '"warn"',
    purpose: "How much the client writes to its logger.",
    details:
      "At debug level every request line and response status is logged, with the headers listed in redactHeaders replaced by [redacted]. Bodies are never logged.",
    example: 'const client = new NimbusClient({ logLevel: "debug" });',
    related: ["redactHeaders", "telemetryEnabled"],
  },
  {
    name: "redactHeaders",
    type: "string[]",
    defaultValue: '["authorization", "x-nimbus-key"]',
    purpose: "Header names whose values are hidden in debug logs.",
    details:
      "Names are matched case-insensitively. The defaults are always redacted; names you add extend the list rather than replacing it.",
    example: 'const client = new NimbusClient({ redactHeaders: ["x-tenant"] });',
    related: ["logLevel"],
  },
  {
    name: "idempotencyKeyPrefix",
    type: "string",
    defaultValue: "none",
    purpose: "A prefix for the idempotency keys the client generates for POST requests.",
    details:
      "The client sends an Idempotency-Key header on every POST so that retries cannot create a second object. The service remembers a key for 24 hours; a different body under the same key is rejected with conflict_in_progress.",
    example: 'const client = new NimbusClient({ idempotencyKeyPrefix: "orders-" });',
    related: ["maxNetworkRetries"],
  },
  {
    name: "autoPaginate",
    type: "boolean",
    defaultValue: "false",
    purpose: "Lets list methods follow nextPageToken and return every page as one async iterator.",
    details:
      "Without it, a list call returns one page (pageSize items, 50 by default) and a nextPageToken. With it, the iterator fetches further pages as you read and stops after maxPages pages (100 by default) to protect you from runaway loops.",
    example: "for await (const object of client.objects.list({ bucket, autoPaginate: true })) console.log(object.key);",
    related: ["pageSize"],
  },
  {
    name: "pageSize",
    type: "number",
    defaultValue: "50",
    purpose: "How many items a list call asks for per page.",
    details: "The service accepts at most 1000 items per page; larger values are clamped without an error.",
    example: "await client.queues.list({ pageSize: 200 });",
    related: ["autoPaginate"],
  },
  {
    name: "region",
    type: "string",
    defaultValue: '"us-east"',
    purpose: "The region whose endpoint the client talks to.",
    details:
      "Buckets live in one region. Calling a bucket through another region's endpoint fails with region_mismatch, whose message names the bucket's region.",
    example: 'const client = new NimbusClient({ region: "eu-central" });',
    related: ["endpointOverride"],
  },
  {
    name: "endpointOverride",
    type: "string (URL)",
    defaultValue: "none",
    purpose: "Sends every request to this base URL instead of the region's endpoint.",
    details:
      "Use it for the local emulator (http://localhost:7480) or a private endpoint. TLS certificates are still verified unless the URL uses http.",
    example: 'const client = new NimbusClient({ endpointOverride: "http://localhost:7480" });',
    related: ["region", "proxyUrl"],
  },
  {
    name: "credentialProvider",
    type: "function",
    defaultValue: "the default chain",
    purpose: "Where the client gets its access token.",
    details:
      "The default chain tries, in order: the NIMBUS_TOKEN variable, a workload identity token file, the CLI's stored login, and the instance metadata endpoint.",
    example: "const client = new NimbusClient({ credentialProvider: async () => vault.read('nimbus-token') });",
    related: ["tokenRefreshWindowSec"],
  },
  {
    name: "tokenRefreshWindowSec",
    type: "number (seconds)",
    defaultValue: "300",
    purpose: "When the client gets a new access token before the current one expires.",
    details:
      "The client refreshes the access token when fewer than 300 seconds of its lifetime remain, in the background, so requests never wait for a refresh unless the token has already expired.",
    example: "const client = new NimbusClient({ tokenRefreshWindowSec: 600 });",
    related: ["credentialProvider", "clockSkewToleranceSec"],
  },
  {
    name: "multipartThresholdBytes",
    type: "number (bytes)",
    defaultValue: "8388608",
    purpose: "Uploads larger than this are sent as a multipart upload.",
    details:
      "Files above 8 MiB are split into parts of 8 MiB, uploaded in parallel (multipartConcurrency) and joined by the service. A multipart upload has at most 10,000 parts, so very large files get larger parts automatically.",
    example: "const client = new NimbusClient({ multipartThresholdBytes: 64 * 1024 * 1024 });",
    related: ["multipartConcurrency", "checksumAlgorithm"],
  },
  {
    name: "multipartConcurrency",
    type: "number",
    defaultValue: "4",
    purpose: "How many parts of one multipart upload are sent at the same time.",
    details: "Raising it helps on fast links; each part in flight holds one part's size in memory.",
    example: "const client = new NimbusClient({ multipartConcurrency: 16 });",
    related: ["multipartThresholdBytes", "maxSockets"],
  },
  {
    name: "checksumAlgorithm",
    type: '"crc32c" | "sha256" | "none"',
    defaultValue: '"crc32c"',
    purpose: "The checksum sent with each upload and checked by the service.",
    details: "A mismatch fails the upload with checksum_mismatch and nothing is stored.",
    example: 'const client = new NimbusClient({ checksumAlgorithm: "sha256" });',
    related: ["downloadValidation"],
  },
  {
    name: "downloadValidation",
    type: "boolean",
    defaultValue: "true",
    purpose: "Checks the checksum of every downloaded object against the one stored with it.",
    details: "Range downloads are not validated, because the stored checksum covers the whole object.",
    example: "const client = new NimbusClient({ downloadValidation: false });",
    related: ["checksumAlgorithm"],
  },
  {
    name: "clockSkewToleranceSec",
    type: "number (seconds)",
    defaultValue: "300",
    purpose: "How far the local clock may differ from the service's before signed URLs are refused.",
    details: "The client reads the service's Date header and corrects its own signatures when the skew is larger.",
    example: "const client = new NimbusClient({ clockSkewToleranceSec: 60 });",
    related: ["tokenRefreshWindowSec"],
  },
  {
    name: "retryOnConflict",
    type: "boolean",
    defaultValue: "false",
    purpose: "Retries a request that failed with conflict_in_progress.",
    details:
      "Only safe for operations you know to be idempotent; the retry waits for the Retry-After the service sent.",
    example: "const client = new NimbusClient({ retryOnConflict: true });",
    related: ["maxNetworkRetries"],
  },
  {
    name: "circuitBreakerThreshold",
    type: "number",
    defaultValue: "5",
    purpose: "Stops sending requests to a host that keeps failing.",
    details:
      "After 5 consecutive failures to one host the circuit opens: calls fail at once with circuit_open for a 30-second cooldown, then one trial request decides whether it closes again.",
    example: "const client = new NimbusClient({ circuitBreakerThreshold: 10 });",
    related: ["maxNetworkRetries", "requestTimeoutMs"],
  },
  {
    name: "dnsCacheTtlSec",
    type: "number (seconds)",
    defaultValue: "60",
    purpose: "How long resolved addresses of the service's endpoints are cached.",
    details: "Lower it only if you fail over between private endpoints by changing DNS.",
    example: "const client = new NimbusClient({ dnsCacheTtlSec: 10 });",
    related: ["keepAlive"],
  },
  {
    name: "maxSockets",
    type: "number",
    defaultValue: "50",
    purpose: "The largest number of open connections per host.",
    details: "Requests beyond it wait in a queue inside the client; the wait counts towards requestTimeoutMs.",
    example: "const client = new NimbusClient({ maxSockets: 200 });",
    related: ["keepAlive", "multipartConcurrency"],
  },
  {
    name: "compressRequests",
    type: "boolean",
    defaultValue: "false",
    purpose: "Compresses request bodies with gzip.",
    details: "Only JSON bodies larger than 1 KiB are compressed; uploads of object data are sent as they are.",
    example: "const client = new NimbusClient({ compressRequests: true });",
    related: ["strictSerialization"],
  },
  {
    name: "strictSerialization",
    type: "boolean",
    defaultValue: "false",
    purpose: "Fails on response fields the SDK does not know.",
    details: "Useful in tests to notice a newer API version; leave it off in production.",
    example: "const client = new NimbusClient({ strictSerialization: true });",
    related: ["apiVersion"],
  },
  {
    name: "webhookToleranceSec",
    type: "number (seconds)",
    defaultValue: "300",
    purpose: "How old a webhook's signed timestamp may be when you verify it.",
    details:
      "verifyWebhook rejects deliveries whose timestamp is older than 300 seconds, which stops an attacker from replaying a captured delivery later.",
    example: "nimbus.verifyWebhook(body, headers, secret, { webhookToleranceSec: 600 });",
    related: ["deadLetterAfterAttempts"],
  },
  {
    name: "deadLetterAfterAttempts",
    type: "number",
    defaultValue: "10",
    purpose: "When a queue message that keeps failing is moved to the queue's dead-letter queue.",
    details:
      "A message is dead-lettered after 10 failed receive attempts (a receive whose visibility timeout ran out without a delete). The dead-letter queue keeps it for 14 days.",
    example: 'await client.queues.create({ name: "orders", deadLetterAfterAttempts: 5 });',
    related: ["visibilityTimeoutSec", "webhookToleranceSec"],
  },
  {
    name: "visibilityTimeoutSec",
    type: "number (seconds)",
    defaultValue: "30",
    purpose: "How long a received message stays hidden from other consumers.",
    details: "Extend it with message.extend() while you are still working on a message; the largest value is 12 hours.",
    example: 'await client.queues.create({ name: "orders", visibilityTimeoutSec: 120 });',
    related: ["deadLetterAfterAttempts"],
  },
];

export interface ErrorCode {
  code: string;
  status: number;
  meaning: string;
  fix: string;
}

export const ERRORS: ErrorCode[] = [
  {
    code: "rate_limited",
    status: 429,
    meaning: "You sent more requests than your plan allows per second for this bucket or queue.",
    fix: "Wait the number of seconds in the Retry-After header before sending again; the SDK does this for you when maxNetworkRetries is above 0. Spreading keys over more prefixes raises the limit.",
  },
  {
    code: "quota_exceeded",
    status: 403,
    meaning: "The account has used its storage or request quota for the billing period.",
    fix: "Raise the quota in the console under Billing, or wait for the next period; quota resets at 00:00 UTC on the first day of the month.",
  },
  {
    code: "bucket_not_empty",
    status: 409,
    meaning: "A bucket can only be deleted when it holds no objects and no object versions.",
    fix: "Delete every object version first, or run nimbus buckets delete --force, which empties the bucket before deleting it.",
  },
  {
    code: "precondition_failed",
    status: 412,
    meaning: "An If-Match or If-None-Match condition did not hold: the object changed since you read it.",
    fix: "Read the object again, apply your change to the new version and send it with the new ETag.",
  },
  {
    code: "invalid_signature",
    status: 401,
    meaning: "The request's signature does not match what the service computed.",
    fix: "Check the clock of the signing machine and that the secret has not been rotated; see clockSkewToleranceSec.",
  },
  {
    code: "object_locked",
    status: 423,
    meaning: "The object is under a retention lock and cannot be overwritten or deleted until the lock expires.",
    fix: "Wait for the retention date shown in the error's details; a compliance lock cannot be shortened, not even by an administrator.",
  },
  {
    code: "payload_too_large",
    status: 413,
    meaning: "A single PUT carried more data than the service accepts in one request.",
    fix: "One request can upload at most 5 GiB. Use a multipart upload for anything larger; the SDK switches automatically above multipartThresholdBytes.",
  },
  {
    code: "region_mismatch",
    status: 400,
    meaning: "The bucket lives in another region than the endpoint you called.",
    fix: "Create the client with the bucket's region (the error message names it) or use a client per region.",
  },
  {
    code: "token_expired",
    status: 401,
    meaning: "The access token's lifetime has ended.",
    fix: "The SDK refreshes tokens before they expire; this error usually means the machine was suspended or its clock is wrong.",
  },
  {
    code: "conflict_in_progress",
    status: 409,
    meaning: "Another request with the same idempotency key is still running, or it carried a different body.",
    fix: "Wait and retry with the same body, or use a new idempotency key for a different request.",
  },
];

export interface EventType {
  type: string;
  when: string;
  fields: string[];
  note: string;
}

export const EVENTS: EventType[] = [
  {
    type: "object.created",
    when: "an object is written (a PUT, a completed multipart upload or a copy).",
    fields: ["bucket", "key", "size", "etag", "version_id"],
    note: "Overwriting an object sends object.created again with the new version_id.",
  },
  {
    type: "object.deleted",
    when: "an object or one of its versions is deleted.",
    fields: ["bucket", "key", "version_id", "delete_marker"],
    note: "Expiry by a lifecycle rule sends it too, with reason set to lifecycle.",
  },
  {
    type: "queue.message.dead_lettered",
    when: "a message is moved to the dead-letter queue after too many failed receive attempts.",
    fields: ["queue", "message_id", "original_queue", "attempts", "last_error"],
    note: "The payload carries original_queue and the number of attempts, not the message body.",
  },
  {
    type: "bucket.policy.updated",
    when: "a bucket's access policy is replaced.",
    fields: ["bucket", "actor", "previous_policy_hash"],
    note: "actor is the principal that made the change.",
  },
  {
    type: "billing.invoice.finalized",
    when: "a monthly invoice is closed and can be paid.",
    fields: ["invoice_id", "amount_due", "currency", "due_date"],
    note: "amount_due is in the smallest unit of the currency.",
  },
];

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  details: string;
  flags: string[];
}

export const COMMANDS: CliCommand[] = [
  {
    name: "login",
    usage: "nimbus login [--device-code] [--profile <name>]",
    summary: "Signs the CLI in to your account.",
    details:
      "It opens a browser, or prints a device code with --device-code on machines without one. The token is stored in ~/.nimbus/credentials.json with permissions 600; the SDK's default credential chain reads it too.",
    flags: ["--device-code", "--profile <name>"],
  },
  {
    name: "logout",
    usage: "nimbus logout [--all]",
    summary: "Removes the stored token.",
    details: "With --all every profile's token is removed and revoked on the service.",
    flags: ["--all"],
  },
  {
    name: "deploy",
    usage: "nimbus deploy <dir> --bucket <name> [--prune]",
    summary: "Uploads a folder to a bucket, only the files that changed.",
    details: "Files are compared by checksum. --prune deletes objects that no longer exist in the folder.",
    flags: ["--bucket <name>", "--prune", "--dry-run"],
  },
  {
    name: "buckets-create",
    usage: "nimbus buckets create <name> [--region <region>] [--versioning]",
    summary: "Creates a bucket.",
    details: "Bucket names are 3 to 63 characters: lowercase letters, digits and dashes.",
    flags: ["--region <region>", "--versioning"],
  },
  {
    name: "buckets-delete",
    usage: "nimbus buckets delete <name> [--force]",
    summary: "Deletes a bucket.",
    details: "Without --force a bucket that still holds objects is refused with bucket_not_empty.",
    flags: ["--force"],
  },
  {
    name: "queues-purge",
    usage: "nimbus queues purge <queue> [--yes]",
    summary: "Deletes every message in a queue.",
    details: "Messages being processed are deleted too; consumers get message_not_found when they try to delete them.",
    flags: ["--yes"],
  },
  {
    name: "logs-tail",
    usage: "nimbus logs tail [--bucket <name>] [--since <duration>] [--follow]",
    summary: "Prints access logs, and with --follow keeps printing new entries as they arrive.",
    details:
      "--since takes a duration such as 15m or 2h (default 10m). Entries arrive about 5 seconds after the request.",
    flags: ["--bucket <name>", "--since <duration>", "--follow", "--json"],
  },
  {
    name: "config-set",
    usage: "nimbus config set <key> <value> [--profile <name>]",
    summary: "Sets a CLI default such as region or output format.",
    details: "Settings live in ~/.nimbus/config.toml, one table per profile.",
    flags: ["--profile <name>"],
  },
  {
    name: "completion",
    usage: "nimbus completion <bash|zsh|fish|powershell>",
    summary: "Prints a shell completion script.",
    details: 'Add eval "$(nimbus completion bash)" to your shell\'s startup file.',
    flags: [],
  },
];

/** Hand-written guide and platform pages (the answer pages among them and their neighbours). */
export const GUIDES: PageContent[] = [
  {
    path: "sdk/guides/installation",
    title: "Install the SDK",
    description: "Add the Nimbus SDK to a project and create a client.",
    intro: "The SDK is one package with no native dependencies.",
    sections: [
      {
        heading: "Requirements",
        blocks: [
          "The SDK needs Node.js 20 or later (it uses the built-in fetch and Web Streams). Bun 1.1 and Deno 2 work too but are not part of the test matrix.",
        ],
      },
      { heading: "Install", blocks: ["```sh\nnpm install @nimbus/sdk\n```", "Or with pnpm: pnpm add @nimbus/sdk."] },
      {
        heading: "Create a client",
        blocks: [
          '```ts\nimport { NimbusClient } from "@nimbus/sdk";\n\nconst client = new NimbusClient({ region: "eu-central" });\n```',
          "The client is safe to share; create one per process, not one per request.",
        ],
      },
    ],
  },
  {
    path: "sdk/guides/authentication",
    title: "Authenticate",
    description: "How the SDK finds credentials.",
    intro: "Every request carries an access token in the Authorization header.",
    sections: [
      {
        heading: "The default chain",
        blocks: [
          "- NIMBUS_TOKEN environment variable\n- a workload identity token file (NIMBUS_TOKEN_FILE)\n- the CLI's stored login\n- the instance metadata endpoint",
        ],
      },
      {
        heading: "Service accounts",
        blocks: [
          "Create a service account in the console and grant it a role on the bucket. Its keys can be rotated without downtime: both keys stay valid for 24 hours after a rotation.",
        ],
      },
    ],
  },
  {
    path: "sdk/guides/retries-and-timeouts",
    title: "Retries and timeouts",
    description: "What the client does when a request fails or is slow.",
    intro: "Transient failures are normal in a distributed service; the client absorbs most of them.",
    sections: [
      {
        heading: "What is retried",
        blocks: [
          "Network errors, 5xx answers and 429 are retried; 4xx answers other than 429 are returned at once. See the maxNetworkRetries and requestTimeoutMs options.",
        ],
      },
      {
        heading: "Tuning",
        blocks: [
          "Batch jobs usually raise retries and lower the timeout; interactive paths do the opposite so users see an error quickly.",
        ],
      },
    ],
  },
  {
    path: "sdk/guides/pagination",
    title: "Lists and pages",
    description: "Reading long lists of objects, queues and messages.",
    intro: "List methods return pages.",
    sections: [
      {
        heading: "Page tokens",
        blocks: [
          "Each page carries a nextPageToken; pass it back to get the next page. Tokens expire after one hour.",
          "```ts\nlet page = await client.objects.list({ bucket });\nwhile (page.nextPageToken) page = await client.objects.list({ bucket, pageToken: page.nextPageToken });\n```",
        ],
      },
    ],
  },
  {
    path: "sdk/guides/uploads",
    title: "Upload files",
    description: "Uploading objects from files, buffers and streams.",
    intro: "client.objects.upload takes a path, a Buffer or a readable stream.",
    sections: [
      {
        heading: "Large files",
        blocks: [
          "Large files are uploaded in parts automatically; see multipartThresholdBytes and multipartConcurrency. An interrupted multipart upload can be resumed for 7 days.",
        ],
      },
      { heading: "Metadata", blocks: ["Custom metadata is limited to 2 KiB per object, keys are case-insensitive."] },
    ],
  },
  {
    path: "sdk/guides/testing",
    title: "Test your code",
    description: "Unit and integration tests without touching production data.",
    intro: "Two approaches work well: mock the client in unit tests, and use the emulator in integration tests.",
    sections: [
      {
        heading: "The local emulator",
        blocks: [
          "Run the emulator with docker run -p 7480:7480 nimbus/emulator. It listens on port 7480 and speaks the same API; point the client at it with endpointOverride.",
          '```ts\nconst client = new NimbusClient({ endpointOverride: "http://localhost:7480", credentialProvider: async () => "test" });\n```',
        ],
      },
      { heading: "Mocks", blocks: ["Every method is on an interface, so a test double needs no network."] },
    ],
  },
  {
    path: "sdk/guides/logging",
    title: "Logging",
    description: "Seeing what the client does.",
    intro: "The client logs through a logger you pass in, console by default.",
    sections: [{ heading: "Levels", blocks: ["Set logLevel; headers in redactHeaders are hidden."] }],
  },
  {
    path: "sdk/guides/migrating-to-v3",
    title: "Upgrade from v2 to v3",
    description: "Breaking changes in version 3 of the SDK.",
    intro: "Version 3 renames several options and drops callbacks.",
    sections: [
      {
        heading: "Renamed options",
        blocks: [
          "|v2|v3\n|timeout|requestTimeoutMs\n|retries|maxNetworkRetries\n|proxy|proxyUrl",
          "The option timeout was renamed to requestTimeoutMs and now counts milliseconds instead of seconds.",
        ],
      },
      { heading: "Callbacks", blocks: ["Every method returns a promise; the callback forms are gone."] },
    ],
  },
  {
    path: "webhooks/guides/verifying-signatures",
    title: "Verify deliveries",
    description: "Make sure a webhook delivery was sent by Nimbus and not replayed.",
    intro: "Every delivery is signed with your endpoint's secret.",
    sections: [
      {
        heading: "How deliveries are signed",
        blocks: [
          "The Nimbus-Signature header holds a timestamp and an HMAC-SHA256 of the timestamp and the raw body, keyed with the endpoint's secret. Compute it over the raw bytes, before any JSON parsing.",
          '```ts\nimport { verifyWebhook } from "@nimbus/sdk";\nconst event = verifyWebhook(rawBody, req.headers, process.env.NIMBUS_WEBHOOK_SECRET);\n```',
        ],
      },
      { heading: "Replays", blocks: ["Old timestamps are refused; see webhookToleranceSec."] },
    ],
  },
  {
    path: "webhooks/guides/retries",
    title: "Delivery attempts",
    description: "What happens when your endpoint does not answer with 2xx.",
    intro: "Deliveries that fail are sent again.",
    sections: [
      {
        heading: "Schedule",
        blocks: [
          "A delivery that does not get a 2xx answer within 10 seconds is retried with exponential backoff for up to 3 days (at most 15 attempts). After that the event is marked failed and shown in the console.",
        ],
      },
      { heading: "Order", blocks: ["Deliveries can arrive out of order and more than once: deduplicate by event id."] },
    ],
  },
  {
    path: "webhooks/guides/endpoints",
    title: "Register an endpoint",
    description: "Subscribe a URL to events.",
    intro: "An endpoint is an HTTPS URL and the event types it wants.",
    sections: [
      {
        heading: "Create",
        blocks: ["```sh\nnimbus webhooks create https://example.com/hooks --events object.created\n```"],
      },
      { heading: "Source addresses", blocks: ["Deliveries come from the addresses listed at /webhooks/ips.json."] },
    ],
  },
  {
    path: "platform/limits",
    title: "Quotas and limits",
    description: "Sizes, counts and rates the service enforces.",
    intro: "Most limits can be raised on request; the hard limits below cannot.",
    sections: [
      {
        heading: "Objects",
        blocks: [
          "|limit|value\n|object size|5 TiB\n|single PUT|5 GiB\n|parts per upload|10,000\n|metadata per object|2 KiB",
          "The maximum size of a single object is 5 TiB, reached with a multipart upload.",
        ],
      },
      { heading: "Buckets", blocks: ["An account can hold 1,000 buckets; names are 3 to 63 characters."] },
    ],
  },
  {
    path: "platform/concepts/consistency",
    title: "Consistency model",
    description: "What a read sees after a write.",
    intro: "Object storage used to be eventually consistent; Nimbus is not.",
    sections: [
      {
        heading: "Objects",
        blocks: [
          "Nimbus gives strong read-after-write consistency for every object operation: a read that starts after a successful write returns that write, in every region of the bucket. Listing is consistent too.",
        ],
      },
      { heading: "Queues", blocks: ["Queues deliver at least once; order within a queue is best effort."] },
    ],
  },
  {
    path: "platform/sla",
    title: "Service level agreement",
    description: "Availability commitment and service credits.",
    intro: "The commitment applies to paid plans.",
    sections: [
      {
        heading: "Commitment",
        blocks: [
          "Nimbus commits to 99.95 % monthly availability for storage and queue APIs in every region. Below that you get service credits: 10 % of the monthly fee below 99.95 %, 25 % below 99 %.",
        ],
      },
    ],
  },
  {
    path: "platform/security",
    title: "Security and encryption",
    description: "How data is protected.",
    intro: "Security is shared between Nimbus and you.",
    sections: [
      {
        heading: "Encryption",
        blocks: [
          "Every object is encrypted at rest with AES-256, each with its own data key, wrapped by a key per bucket. Customer-managed keys are available on the Enterprise plan. In transit, TLS 1.2 or later is required.",
        ],
      },
      {
        heading: "Access",
        blocks: ["Bucket policies grant roles to principals; there are no public buckets by default."],
      },
    ],
  },
  {
    path: "platform/regions",
    title: "Regions",
    description: "Where Nimbus runs.",
    intro: "Choose the region closest to your users.",
    sections: [{ heading: "List", blocks: ["- us-east\n- us-west\n- eu-central\n- eu-north\n- ap-south"] }],
  },
  {
    path: "platform/pricing",
    title: "Pricing",
    description: "What storage, requests and transfer cost.",
    intro: "Prices are per month.",
    sections: [
      { heading: "Storage", blocks: ["Standard storage is billed per GiB-month; requests per thousand."] },
      { heading: "Free tier", blocks: ["The free tier includes 5 GiB of storage and 20,000 requests."] },
    ],
  },
];

/** Words for the changelog and recipe pages (the rest of a real site: many pages that mention the same names). */
export const RECIPE_TOPICS = [
  "copy objects between buckets",
  "serve a static website from a bucket",
  "process queue messages in a worker",
  "generate a presigned download link",
  "stream a large download to disk",
  "set a lifecycle rule to expire old versions",
  "move objects to cold storage",
  "tag objects for cost reports",
  "restrict a bucket to one network",
  "rotate service account keys",
  "fan out events to several queues",
  "back up a bucket to another region",
  "resume an interrupted upload",
  "list objects by prefix",
  "set cache headers on objects",
  "replicate a bucket",
  "delete objects in bulk",
  "schedule a queue message for later",
  "read access logs in a data warehouse",
  "sign requests without the SDK",
];
