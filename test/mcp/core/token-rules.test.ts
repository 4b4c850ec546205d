// The rules an Entra ID access token must meet after its signature checks (src/mcp/core/token-rules.ts): the
// tenant, an allowed client application (azp / appid), an access token's shape (not an ID token), and the scope
// for users or the app role for applications.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { accessVerdict, clientApplication, tokenKind } from "../../../src/mcp/core/token-rules.js";
import { VSCODE_CLIENT_ID } from "../../../src/config/mcp.js";

const TENANT = "00000000-0000-0000-0000-0000000000a1";
const CLI = "04b07795-8ddb-461a-bbee-02f9e1bf7b46";
const rules = {
  tenantId: TENANT,
  scope: "api://docs/user_impersonation",
  requiredRole: "Docs.Search",
  allowedClientIds: [CLI],
};
const user = { tid: TENANT, azp: VSCODE_CLIENT_ID, oid: "u1", sub: "pairwise", scp: "user_impersonation" };
const app = { tid: TENANT, azp: CLI, oid: "sp1", sub: "sp1", roles: ["Docs.Search"] };

describe("access token rules", () => {
  it("admits a user's delegated token with the scope and an application's app-only token with the role", () => {
    expect(accessVerdict(user, rules)).toEqual({
      ok: true,
      caller: { kind: "user", id: `${TENANT}/u1`, clientId: VSCODE_CLIENT_ID },
    });
    expect(accessVerdict(app, rules)).toMatchObject({ ok: true, caller: { kind: "app", id: `${TENANT}/sp1` } });
    expect(accessVerdict({ ...app, idtyp: "app", sub: "other" }, rules).ok).toBe(true);
  });

  it("refuses a client application not in the list: azp for v2.0 tokens, appid for v1.0 ones", () => {
    const other = "99999999-0000-0000-0000-000000000000";
    expect(accessVerdict({ ...user, azp: other, acct: 1, idp: "https://sts.windows.net/guest/" }, rules)).toEqual({
      ok: false,
      status: 401,
      reason: `client application ${other} is not allowed (allowed_client_ids)`,
    });
    const v1 = { ...user, azp: undefined, iss: `https://sts.windows.net/${TENANT}/` };
    expect(accessVerdict({ ...v1, appid: CLI }, rules).ok).toBe(true);
    expect(accessVerdict({ ...v1, appid: other }, rules)).toMatchObject({ ok: false, status: 401 });
    // A v1.0 token's azp is not its client application.
    expect(clientApplication({ ...v1, azp: CLI, appid: other })).toBe(other);
    expect(accessVerdict({ ...user, azp: VSCODE_CLIENT_ID.toUpperCase() }, rules).ok).toBe(true);
  });

  it("refuses ID-token shapes: a user's roles without scp, no client application, idtyp user without scp", () => {
    const idToken = { tid: TENANT, oid: "u1", sub: "pairwise", roles: ["Docs.Search"], nonce: "n" };
    expect(accessVerdict(idToken, rules)).toMatchObject({ ok: false, status: 401, reason: /^not an access token/ });
    expect(accessVerdict({ ...idToken, azp: VSCODE_CLIENT_ID }, rules)).toMatchObject({
      ok: false,
      status: 401,
      reason: 'not an access token: no "scp" and not an app-only token',
    });
    expect(tokenKind({ ...user, scp: undefined, idtyp: "user", roles: ["Docs.Search"] })).toBeUndefined();
    expect(tokenKind({ ...app, idtyp: "app", scp: "user_impersonation" })).toBeUndefined();
    expect(tokenKind({ ...app, idtyp: "device" })).toBeUndefined();
  });

  it("takes a user's permission from scp only, and an application's from roles only", () => {
    // A user assigned the app role still needs the delegated scope.
    expect(accessVerdict({ ...user, scp: "openid", roles: ["Docs.Search"] }, rules)).toMatchObject({
      ok: false,
      status: 403,
      missing: "scope",
    });
    expect(accessVerdict({ ...user, scp: "openid user_impersonation" }, rules).ok).toBe(true);
    expect(accessVerdict({ ...user, scp: "api://docs/user_impersonation" }, rules).ok).toBe(false);
    expect(accessVerdict({ ...app, roles: ["Other"] }, rules)).toMatchObject({ status: 403, missing: "role" });
    expect(accessVerdict({ ...app, roles: undefined, idtyp: "app" }, rules)).toMatchObject({ status: 403 });
    expect(accessVerdict({ ...app, roles: "Docs.Search", idtyp: "app" }, rules)).toMatchObject({ status: 403 });
    expect(accessVerdict(app, { ...rules, requiredRole: undefined })).toMatchObject({ status: 403 });
  });

  it("refuses another tenant or no tenant, and names the caller by tenant and object id (sub without oid)", () => {
    expect(accessVerdict({ ...user, tid: "99999999-0000-0000-0000-000000000000" }, rules)).toMatchObject({
      status: 401,
      reason: /^issued in tenant 99999999-/,
    });
    expect(accessVerdict({ ...user, tid: undefined }, rules)).toMatchObject({ status: 401 });
    expect(accessVerdict({ ...user, oid: undefined }, rules)).toMatchObject({
      ok: true,
      caller: { id: `${TENANT}/pairwise` },
    });
    expect(accessVerdict({ ...user, oid: undefined, sub: undefined }, rules)).toMatchObject({ status: 401 });
  });

  it("never throws on any claims, and admits only the tenant's tokens from an allowed client with the permission", () => {
    const value = fc.oneof(
      fc.constantFrom(TENANT, VSCODE_CLIENT_ID, CLI, "user_impersonation", "Docs.Search", "app", "user", "u1"),
      fc.constantFrom(`https://sts.windows.net/${TENANT}/`, ["Docs.Search"], [1, null], "", null, 0, {}),
      fc.string({ maxLength: 12 }),
      fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
    );
    const claims = fc.dictionary(
      fc.constantFrom("tid", "azp", "appid", "iss", "scp", "roles", "idtyp", "oid", "sub"),
      value,
    );
    fc.assert(
      fc.property(claims, (c) => {
        const verdict = accessVerdict(c, rules);
        if (!verdict.ok) return;
        expect(c.tid).toBe(TENANT);
        expect([VSCODE_CLIENT_ID, CLI]).toContain(clientApplication(c));
        if (verdict.caller.kind === "user") expect(String(c.scp).split(" ")).toContain("user_impersonation");
        else expect(c.roles).toContain("Docs.Search");
      }),
      { numRuns: 2000 },
    );
  });
});
