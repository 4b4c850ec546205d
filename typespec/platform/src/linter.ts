// The linter of @platform/typespec: one rule per file under rules/, each enforcing one item of the contract
// review checklist, each with a `url` to its section of the library README. Enable with
// `linter: { extends: ["@platform/typespec/recommended"] }`.
import { defineLinter } from "@typespec/compiler";
import { authScopesWithRolesRule } from "./rules/auth-scopes-with-roles.js";
import { badRequestFieldErrorsRule } from "./rules/bad-request-field-errors.js";
import { eventTopicShapeRule } from "./rules/event-topic-shape.js";
import { keepAuthAndServerErrorsRule } from "./rules/keep-auth-and-server-errors.js";
import { mockServerUsesMockingServerRule } from "./rules/mock-server-uses-mocking-server.js";
import { noDelegationScopesRule } from "./rules/no-delegation-scopes.js";
import { noHandRolledErrorsRule } from "./rules/no-hand-rolled-errors.js";
import { permissionNamingRule } from "./rules/permission-naming.js";
import { permissionRegisteredRule } from "./rules/permission-registered.js";
import { serverOwnedReadVisibilityRule } from "./rules/server-owned-read-visibility.js";
import { useResourceTemplatesRule } from "./rules/use-resource-templates.js";
import { versionedServiceRule } from "./rules/versioned-service.js";
import { versionedTypesAddedRule } from "./rules/versioned-types-added.js";
import { LIBRARY_NAME } from "./lib.js";

export const rules = [
  useResourceTemplatesRule,
  noHandRolledErrorsRule,
  keepAuthAndServerErrorsRule,
  badRequestFieldErrorsRule,
  authScopesWithRolesRule,
  noDelegationScopesRule,
  permissionNamingRule,
  permissionRegisteredRule,
  serverOwnedReadVisibilityRule,
  mockServerUsesMockingServerRule,
  eventTopicShapeRule,
  versionedServiceRule,
  versionedTypesAddedRule,
] as const;

/** The contract review checklist, by rule name: what every platform contract enables. */
export const RECOMMENDED_RULES = [
  "use-resource-templates",
  "no-hand-rolled-errors",
  "keep-auth-and-server-errors",
  "bad-request-field-errors",
  "auth-scopes-with-roles",
  "no-delegation-scopes",
  "permission-naming",
  "permission-registered",
  "server-owned-read-visibility",
  "mock-server-uses-mocking-server",
  "event-topic-shape",
  "versioned-service",
] as const satisfies readonly (typeof rules)[number]["name"][];

const enable = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [`${LIBRARY_NAME}/${name}`, true] as const));

export const $linter = defineLinter({
  rules: [...rules],
  ruleSets: {
    /** Every rule of this library, including conventions beyond the checklist (versioned-types-added). */
    all: { enable: enable(rules.map((r) => r.name)) },
    /** The contract review checklist. */
    recommended: { enable: enable(RECOMMENDED_RULES) },
  },
});
