// The entry the process API's auth configuration needs for this app (spec A, downstream calls). It cannot be
// deployed from here; the stack outputs it and the docs say where to paste it, so the downstream 403
// "missing app role assignment" is avoided by a documented step.
import type { StackConfig } from "../config/stack-config.js";

/** Must be user_impersonation for the pre-authorisation to work (spec A). */
const AUTHORIZED_APP_SCOPES = ["user_impersonation"] as const;

export interface AuthorizedAppEntry {
  project_id: string;
  app_roles: string[];
  scopes: string[];
}

export function authorizedAppEntry(config: Pick<StackConfig, "webhook_app">): AuthorizedAppEntry {
  return {
    project_id: config.webhook_app.project_id,
    app_roles: [...config.webhook_app.app_roles],
    scopes: [...AUTHORIZED_APP_SCOPES],
  };
}
