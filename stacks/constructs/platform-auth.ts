// App Service authentication (Easy Auth, authsettingsV2) on the function app: every request must carry an Entra
// token for the function's app registration, issued to one of the allowed identities (API Management's managed
// identity). The platform answers 401 before the receiver runs, so the receiver's code does not change.
// The hosted MCP server (stacks/docs-mcp/) uses the same body with client applications instead of principals.
// The gateway gets that token with <authentication-managed-identity resource="..."/> (stacks/policies/policy.ts).

export interface PlatformAuthProps {
  tenantId: string;
  /** Application (client) id of the function app's Entra app registration. */
  clientId: string;
  /** Token audiences accepted: the App ID URI the gateway requests, and the client id. */
  allowedAudiences: string[];
  /** Object ids of the identities admitted (API Management's managed identity; a token at synth time). */
  allowedPrincipalIds?: string[];
  /** Client applications admitted (the `appid`/`azp` of the token), e.g. VS Code's client id. */
  allowedApplications?: string[];
  /** The issuer to validate; default openIdIssuer(tenantId). */
  openIdIssuer?: string;
  /**
   * Secretless sign-in: the app setting naming the user-assigned identity whose federated credential on the
   * registration stands in for a client secret (Microsoft: OVERRIDE_USE_MI_FIC_ASSERTION_CLIENTID).
   */
  clientSecretSettingName?: string;
  /** Where unauthenticated browsers would be sent; set for an app whose 401 challenge clients follow. */
  redirectToProvider?: "azureactivedirectory";
}

/**
 * The issuer Easy Auth validates. The v2.0 form of the sts.windows.net issuer is what the portal configures;
 * UNCONFIRMED against a live app that it admits the v1 tokens managed identities get for an app registration
 * whose accessTokenAcceptedVersion is unset. Change it here if the first delivery answers 401.
 */
const openIdIssuer = (tenantId: string) => `https://sts.windows.net/${tenantId}/v2.0`;

/** The authsettingsV2 body (Microsoft.Web/sites/config "authsettingsV2"). */
export function authSettingsV2Body(props: PlatformAuthProps): Record<string, unknown> {
  return {
    properties: {
      platform: { enabled: true },
      globalValidation: {
        requireAuthentication: true,
        unauthenticatedClientAction: "Return401",
        ...(props.redirectToProvider ? { redirectToProvider: props.redirectToProvider } : {}),
      },
      httpSettings: { requireHttps: true },
      identityProviders: {
        azureActiveDirectory: {
          enabled: true,
          registration: {
            clientId: props.clientId,
            openIdIssuer: props.openIdIssuer ?? openIdIssuer(props.tenantId),
            ...(props.clientSecretSettingName ? { clientSecretSettingName: props.clientSecretSettingName } : {}),
          },
          validation: {
            allowedAudiences: props.allowedAudiences,
            defaultAuthorizationPolicy: {
              ...(props.allowedPrincipalIds ? { allowedPrincipals: { identities: props.allowedPrincipalIds } } : {}),
              ...(props.allowedApplications ? { allowedApplications: props.allowedApplications } : {}),
            },
          },
        },
      },
      // No browser sign-in: no token store, no login flow.
      login: { tokenStore: { enabled: false } },
    },
  };
}
