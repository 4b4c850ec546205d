import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/config/load.js";
import { openIdConfigUrl, renderPolicy, type ProviderPolicyInput } from "../../../stacks/policies/policy.js";
import { selectPolicy, type PolicySelectionInput } from "../../../stacks/policies/select.js";
import { escapeXml } from "../../../stacks/policies/xml.js";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["set-header", "audience", "claim", "application-id"].includes(name),
});
const parse = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml).policies;
};

const provider: ProviderPolicyInput = {
  type: "provider",
  providerName: "casepro",
  identityUrl: "https://identity.casepro.example.com",
  audience: "provider-v2-webhooks",
  requiredScope: "provider-v2-webhooks-access",
  scopeClaim: "scope",
  backendId: "exp-webhooks-function",
  backendResource: "api://func-exp-webhooks",
};
const backend = { backendId: "exp-webhooks-function", backendResource: "api://func-exp-webhooks" };
const CLIENT_APP = "44444444-4444-4444-4444-444444444444";

const selection: PolicySelectionInput = {
  file: "config/x/vars.yml",
  api_policy_type: "casepro",
  app_name: "webhooks",
  provider: {
    name: "casepro",
    identity_url: "https://identity.casepro.example.com",
    audience: "provider-v2-webhooks",
    required_scope: "provider-v2-webhooks-access",
    scope_claim: "scope",
  },
  apim: { name: "apim", resource_group: "rg", corporate_client_app_ids: [CLIENT_APP] },
  azure: { tenant_id: "11111111-1111-1111-1111-111111111111" },
};

describe("provider policy", () => {
  const p = parse(renderPolicy(provider));
  const jwt = p.inbound["validate-jwt"];

  it("validates the provider JWT from the Authorization bearer header with a 401 on failure", () => {
    expect(jwt).toMatchObject({
      "@header-name": "Authorization",
      "@require-scheme": "Bearer",
      "@failed-validation-httpcode": "401",
      "@require-signed-tokens": "true",
    });
  });

  it("discovers signing keys through OIDC at {identity_url}/.well-known/openid-configuration", () => {
    expect(jwt["openid-config"]["@url"]).toBe("https://identity.casepro.example.com/.well-known/openid-configuration");
    expect(openIdConfigUrl("https://id.example.com/")).toBe("https://id.example.com/.well-known/openid-configuration");
  });

  it("requires the audience and the scope (space-separated claim values)", () => {
    expect(jwt.audiences.audience).toEqual(["provider-v2-webhooks"]);
    // The parser trims attribute values, so the single-space separator is checked on the raw attribute too.
    expect(jwt["required-claims"].claim).toEqual([
      { "@name": "scope", "@match": "any", "@separator": expect.any(String), value: "provider-v2-webhooks-access" },
    ]);
    expect(renderPolicy(provider)).toMatch(/<claim name="scope" match="any" separator=" ">/);
  });

  it("uses the configured scope claim name", () => {
    const scp = parse(renderPolicy({ ...provider, scopeClaim: "scp" }));
    expect(scp.inbound["validate-jwt"]["required-claims"].claim[0]["@name"]).toBe("scp");
  });

  it("sets x-forward-tenant-origin: corp on the backend request and routes to the function backend", () => {
    expect(p.inbound["set-header"]).toEqual([
      { "@name": "x-forward-tenant-origin", "@exists-action": "override", value: "corp" },
    ]);
    expect(p.inbound["set-backend-service"]["@backend-id"]).toBe("exp-webhooks-function");
  });

  it("answers a failed validation with 401 and ErrorSource, ErrorReason and ErrorMessage headers", () => {
    const when = p["on-error"].choose.when;
    expect(when["@condition"]).toBe('@(context.LastError.Source == "validate-jwt")');
    const response = when["return-response"];
    expect(response["set-status"]).toMatchObject({ "@code": "401" });
    const headers = Object.fromEntries(response["set-header"].map((h: any) => [h["@name"], h.value]));
    expect(headers).toMatchObject({
      ErrorSource: "@(context.LastError.Source)",
      ErrorReason: "@(context.LastError.Reason)",
      ErrorMessage: "@(context.LastError.Message)",
    });
  });

  it("authenticates the gateway to the function with its managed identity, replacing the caller's token", () => {
    expect(p.inbound["authentication-managed-identity"]).toEqual({ "@resource": "api://func-exp-webhooks" });
    const xml = renderPolicy(provider);
    expect(xml.indexOf("</validate-jwt>")).toBeLessThan(xml.indexOf("<authentication-managed-identity"));
    expect(xml.indexOf("<authentication-managed-identity")).toBeLessThan(xml.indexOf("<set-backend-service"));
  });

  it("keeps <base /> in every section", () => {
    for (const section of ["inbound", "backend", "outbound", "on-error"]) expect(p[section]).toHaveProperty("base");
  });
});

describe("standard corporate policy", () => {
  const p = parse(renderPolicy(selectPolicy({ ...selection, api_policy_type: "" }, backend)));
  const token = p.inbound["validate-azure-ad-token"];

  it("validates the corporate Entra token for api://exp-{app_name} from the configured client apps only", () => {
    expect(p.inbound["validate-jwt"]).toBeUndefined();
    expect(token).toMatchObject({
      "@tenant-id": "11111111-1111-1111-1111-111111111111",
      "@header-name": "Authorization",
      "@failed-validation-httpcode": "401",
    });
    expect(token["client-application-ids"]["application-id"]).toEqual([CLIENT_APP]);
    expect(token.audiences.audience).toEqual(["api://exp-webhooks"]);
    expect(token["required-claims"]).toBeUndefined();
    expect(p.inbound["set-header"]).toBeUndefined();
    expect(p.inbound["authentication-managed-identity"]).toEqual({ "@resource": "api://func-exp-webhooks" });
    expect(p.inbound["set-backend-service"]["@backend-id"]).toBe("exp-webhooks-function");
  });

  it("keeps the documented child order: client-application-ids, audiences, required-claims", () => {
    const xml = renderPolicy(
      selectPolicy(
        { ...selection, api_policy_type: "", apim: { ...selection.apim, corporate_required_role: "Webhooks.Send" } },
        backend,
      ),
    );
    const at = (tag: string) => xml.indexOf(`<${tag}>`);
    expect(at("client-application-ids")).toBeLessThan(at("audiences"));
    expect(at("audiences")).toBeLessThan(at("required-claims"));
    expect(parse(xml).inbound["validate-azure-ad-token"]["required-claims"].claim).toEqual([
      { "@name": "roles", "@match": "any", value: "Webhooks.Send" },
    ]);
  });

  it("answers a failed validation with the 401 headers of the provider policy", () => {
    expect(p["on-error"].choose.when["@condition"]).toBe('@(context.LastError.Source == "validate-azure-ad-token")');
  });

  it("refuses to render without a client application id (the audience alone admits any app in the tenant)", () => {
    expect(() =>
      renderPolicy(
        selectPolicy(
          { ...selection, api_policy_type: "", apim: { ...selection.apim, corporate_client_app_ids: [] } },
          backend,
        ),
      ),
    ).toThrow(/apim\.corporate_client_app_ids: expected at least one/);
  });

  it("takes apim.corporate_audience when set", () => {
    const custom = parse(
      renderPolicy(
        selectPolicy(
          { ...selection, api_policy_type: "", apim: { ...selection.apim, corporate_audience: "api://custom" } },
          backend,
        ),
      ),
    );
    expect(custom.inbound["validate-azure-ad-token"].audiences.audience).toEqual(["api://custom"]);
  });
});

describe("values from the config", () => {
  it("are escaped, so XML metacharacters cannot change the document", () => {
    const tricky = `aud&<x>"'</audience><evil/>`;
    const xml = renderPolicy({ ...provider, audience: tricky });
    expect(xml).toContain(escapeXml(tricky));
    expect(parse(xml).inbound["validate-jwt"].audiences.audience).toEqual([tricky]);
  });

  it("may not be API Management expressions or named values", () => {
    expect(() => renderPolicy({ ...provider, audience: "@(context.Request.Body)" })).toThrow(
      /provider\.audience: must be a literal value/,
    );
    expect(() => renderPolicy({ ...provider, requiredScope: "{{secret}}" })).toThrow(/provider\.required_scope/);
  });
});

describe("selectPolicy", () => {
  it("picks the provider policy for the lowercase provider name", () => {
    expect(selectPolicy(selection, backend)).toMatchObject({
      type: "provider",
      providerName: "casepro",
      backendId: "exp-webhooks-function",
      backendResource: "api://func-exp-webhooks",
    });
  });

  it("fails for anything else, naming the file, the key and the allowed values", () => {
    for (const bad of ["CASEPRO", "okta", " "]) {
      let error: unknown;
      try {
        selectPolicy({ ...selection, api_policy_type: bad }, backend);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toBe(
        `config/x/vars.yml: api_policy_type: expected "" (the standard corporate identity-provider policy) or "casepro" (provider.name: the provider policy), got ${JSON.stringify(bad)}`,
      );
    }
  });
});
