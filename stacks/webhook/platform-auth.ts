// App Service authentication (Easy Auth, authsettingsV2) on the function app: every request must carry an Entra
// token for the function's app registration, issued to one of the allowed identities (API Management's managed
// identity). The platform answers 401 before the receiver runs, so the receiver's code does not change.
// The gateway gets that token with <authentication-managed-identity resource="..."/> (stacks/policies/policy.ts).

export interface PlatformAuthProps {
  tenantId: string;
  /** Application (client) id of the function app's Entra app registration. */
  clientId: string;
  /** Token audiences accepted: the App ID URI the gateway requests, and the client id. */
  allowedAudiences: string[];
  /** Object ids of the identities admitted (API Management's managed identity; a token at synth time). */
  allowedPrincipalIds: string[];
}

/**
 * The issuer Easy Auth validates. The v2.0 form of the sts.windows.net issuer is what the portal configures;
 * UNCONFIRMED against a live app that it admits the v1 tokens managed identities get for an app registration
 * whose accessTokenAcceptedVersion is unset. Change it here if the first delivery answers 401.
 */
export const openIdIssuer = (tenantId: string) => `https://sts.windows.net/${tenantId}/v2.0`;

/** The authsettingsV2 body (Microsoft.Web/sites/config "authsettingsV2"). */
export function authSettingsV2Body(props: PlatformAuthProps): Record<string, unknown> {
  return {
    properties: {
      platform: { enabled: true },
      globalValidation: { requireAuthentication: true, unauthenticatedClientAction: "Return401" },
      httpSettings: { requireHttps: true },
      identityProviders: {
        azureActiveDirectory: {
          enabled: true,
          registration: { clientId: props.clientId, openIdIssuer: openIdIssuer(props.tenantId) },
          validation: {
            allowedAudiences: props.allowedAudiences,
            defaultAuthorizationPolicy: { allowedPrincipals: { identities: props.allowedPrincipalIds } },
          },
        },
      },
      // No browser sign-in: no token store, no login flow.
      login: { tokenStore: { enabled: false } },
    },
  };
}
