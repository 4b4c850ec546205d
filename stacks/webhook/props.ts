// Maps the validated config to the webhook stack's typed props (called by stacks/app.ts). The stack and its
// constructs never see the config: what each one needs is spelled out in its Props.
import { renderPolicy } from "../policies/policy.js";
import { selectPolicy } from "../policies/select.js";
import type { StackConfig } from "../config/stack-config.js";
import type { FunctionAppStackProps } from "../function-app-stack.js";
import { flexAppProps, functionAppStackPlacement } from "../props.js";
import type { ReceiverSettingsProps } from "./app-settings.js";
import type { WebhookQueueOptions } from "./queues.js";
import { authorizedAppEntry, type AuthorizedAppEntry } from "./authorized-app.js";
import { apiPath, backendName } from "./gateway.js";

export interface WebhookStackProps extends FunctionAppStackProps {
  readonly receiver: ReceiverSettingsProps;
  /** The delivery queue's name and host settings (stacks/webhook/queues.ts); default its defaults. */
  readonly deliveryQueue?: WebhookQueueOptions;
  /** The function app registration Easy Auth validates, and the audience the gateway requests. */
  readonly gatewayAuth: { clientId: string; audience: string };
  readonly apim: { name: string; resourceGroupName: string };
  readonly api: { path: string; backendName: string; openApiJson: string; policyXml: string };
  readonly authorizedApp: AuthorizedAppEntry;
}

export function webhookStackProps(config: StackConfig, openApiJson: string): WebhookStackProps {
  const w = config.webhook_app;
  const p = config.provider;
  const audience = w.gateway_auth.app_id_uri ?? w.gateway_auth.client_id;
  const backend = backendName(config.app_name);
  return {
    ...functionAppStackPlacement(config),
    functionApp: { ...flexAppProps(w), storageBlobSoftDeleteDays: w.storage_blob_soft_delete_days },
    receiver: {
      processApi: { baseUrl: w.process_api_base_url, appIdUri: w.process_api_app_id_uri },
      projectLookup: { baseUrl: w.project_lookup_base_url, appIdUri: w.project_lookup_app_id_uri },
      idempotencyTable: w.idempotency_table,
      provider: {
        name: p.name,
        identityUrl: p.identity_url,
        audience: p.audience,
        requiredScope: p.required_scope,
        scopeClaim: p.scope_claim,
      },
    },
    gatewayAuth: { clientId: w.gateway_auth.client_id, audience },
    apim: { name: config.apim.name, resourceGroupName: config.apim.resource_group },
    api: {
      path: apiPath(config.app_name),
      backendName: backend,
      openApiJson,
      policyXml: renderPolicy(selectPolicy(config, { backendId: backend, backendResource: audience })),
    },
    authorizedApp: authorizedAppEntry(config),
  };
}
