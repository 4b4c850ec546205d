// Names the linter rules recognise. Kept in one place so a renamed template or a newly managed
// scope is changed once.

/** The library's TypeSpec namespace. */
export const PLATFORM_NAMESPACE = "Platform";

/** Routed resource templates (their routes come from @resource and @key). */
export const RESOURCE_TEMPLATES = new Set([
  "ResourceRead",
  "ResourceList",
  "ResourceCreate",
  "ResourceCreateOrReplace",
  "ResourcePartialUpdate",
  "ResourceDelete",
  "ResourceAction",
  "ResourceActionAsync",
  "ResourceCollectionAction",
  "ResourceCollectionActionAsync",
  "ResourceReadAction",
  "ResourceCollectionReadAction",
]);

/** Unrouted primitives for operations that are not resource-shaped. */
export const PRIMITIVE_TEMPLATES = new Set([
  "ReadOperation",
  "ActionOperation",
  "CreateOperation",
  "UpdateOperation",
  "DeleteOperation",
]);

/** Security scheme ids of the auth helpers (the model names `Scopes<…>` and `Roles<…>`). */
export const SCOPES_SCHEME_ID = "Scopes";
export const ROLES_SCHEME_ID = "Roles";

/**
 * Delegation scopes the platform manages itself; contracts must not name them in @useAuth.
 * UNCONFIRMED: the spec does not give the name of "the experience-API access scope"; `access_as_user`
 * is assumed here. Change it in this one place once the real name is known.
 */
const EXPERIENCE_API_ACCESS_SCOPE = "access_as_user";
export const PLATFORM_MANAGED_SCOPES: readonly string[] = [
  "user_impersonation",
  "user-groups",
  EXPERIENCE_API_ACCESS_SCOPE,
];

/** Names of properties the server owns besides keys: creation and modification timestamps, ETags. */
export const SERVER_OWNED_PROPERTY_PATTERN =
  /^(created|updated|modified|lastModified|lastUpdated|deleted)(At|On|Date|Time|DateTime|Timestamp)?$|^(etag|eTag)$/;

/** A server entry whose URL or description matches this is treated as a mock server. */
export const MOCK_SERVER_PATTERN = /mock/i;

/** Permission prefixes by auth helper: `Scopes<>` take `Client.*` scopes, `Roles<>` take `App.*` roles. */
export const PERMISSION_PREFIX: Readonly<Record<string, string>> = { Scopes: "Client.", Roles: "App." };
/** A permission name after its prefix: PascalCase words separated by dots, e.g. `Client.Read`, `App.Orders.Write`. */
export const PERMISSION_NAME_PATTERN = /^(Client|App)(\.[A-Z][A-Za-z0-9]*)+$/;

/**
 * Where a project lists the permissions defined in both identity providers: `enum Scopes { `Client.Read` }` and
 * `enum Roles { `App.Read` }` in this namespace. Without them the `permission-registered` rule checks nothing.
 */
export const KNOWN_PERMISSIONS_NAMESPACE = "Platform.KnownPermissions";

/** The header that carries an event's type; fixed to the event name. */
export const EVENT_TYPE_HEADER = "x-event-type";

/**
 * Where each rule is explained: the library README's section of the same name (the `url` of every diagnostic).
 * UNCONFIRMED: the repository's public address is not known here; change it in this one place.
 */
export const RULES_DOC_BASE = "https://github.com/platform/docs-platform-infra/blob/main/typespec/platform/README.md";
export const ruleUrl = (rule: string): string => `${RULES_DOC_BASE}#${rule}`;
