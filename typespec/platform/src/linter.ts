// The linter of @platform/typespec: one rule per file under rules/, each enforcing one item of the
// contract review checklist. Enable with `linter: { extends: ["@platform/typespec/recommended"] }`.
import { defineLinter } from "@typespec/compiler";
import { authScopesWithRolesRule } from "./rules/auth-scopes-with-roles.js";
import { keepAuthAndServerErrorsRule } from "./rules/keep-auth-and-server-errors.js";
import { mockServerUsesMockingServerRule } from "./rules/mock-server-uses-mocking-server.js";
import { noDelegationScopesRule } from "./rules/no-delegation-scopes.js";
import { noHandRolledErrorsRule } from "./rules/no-hand-rolled-errors.js";
import { serverOwnedReadVisibilityRule } from "./rules/server-owned-read-visibility.js";
import { useResourceTemplatesRule } from "./rules/use-resource-templates.js";
import { versionedServiceRule } from "./rules/versioned-service.js";
import { LIBRARY_NAME } from "./lib.js";

export const rules = [
  useResourceTemplatesRule,
  noHandRolledErrorsRule,
  keepAuthAndServerErrorsRule,
  authScopesWithRolesRule,
  noDelegationScopesRule,
  serverOwnedReadVisibilityRule,
  mockServerUsesMockingServerRule,
  versionedServiceRule,
] as const;

const every = Object.fromEntries(rules.map((r) => [`${LIBRARY_NAME}/${r.name}`, true] as const));

export const $linter = defineLinter({
  rules: [...rules],
  ruleSets: {
    /** Every rule of this library, including ones added later that are not yet part of the checklist. */
    all: { enable: every },
    /** The contract review checklist; what every platform contract enables. */
    recommended: { enable: every },
  },
});
