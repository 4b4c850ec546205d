// Rule: server-owned properties of a resource (keys, timestamps, ETags) carry read visibility.
// Why: `@visibility(Lifecycle.Read)` is what drops them from the {Name}Create / {Name}Update bodies
// and marks them readOnly in the description; without it clients are told to send them.
import { SERVER_OWNED_PROPERTY_PATTERN, ruleUrl } from "../platform-names.js";
import {
  createRule,
  getLifecycleVisibilityEnum,
  getVisibilityForClass,
  isKey,
  paramMessage,
  type ModelProperty,
  type Program,
} from "@typespec/compiler";
import { derivesFromPlatformModel, isResourceModel, isUserType } from "../type-utils.js";

function isReadOnly(program: Program, property: ModelProperty): boolean {
  const lifecycle = getLifecycleVisibilityEnum(program);
  const visible = [...getVisibilityForClass(program, property, lifecycle)].map((m) => m.name);
  return visible.includes("Read") && !visible.includes("Create") && !visible.includes("Update");
}

export const serverOwnedReadVisibilityRule = createRule({
  name: "server-owned-read-visibility",
  severity: "warning",
  url: ruleUrl("server-owned-read-visibility"),
  description: "Keys and server-managed timestamps of resources are marked @visibility(Lifecycle.Read).",
  messages: {
    default: paramMessage`Property '${"property"}' of resource '${"model"}' is server-owned (${"why"}) but writable. Add \`@visibility(Lifecycle.Read)\` so create and update bodies exclude it.`,
  },
  create(context) {
    return {
      model(model) {
        if (!isUserType(model) || !isResourceModel(model)) return;
        // Events are resources too, but their key (eventId) is supplied by the caller.
        if (derivesFromPlatformModel(model, "BaseEvent")) return;
        for (const property of model.properties.values()) {
          const key = isKey(context.program, property);
          const timestamp = SERVER_OWNED_PROPERTY_PATTERN.test(property.name);
          if (!key && !timestamp) continue;
          if (isReadOnly(context.program, property)) continue;
          context.reportDiagnostic({
            target: property,
            format: { property: property.name, model: model.name, why: key ? "resource key" : "server timestamp" },
          });
        }
      },
    };
  },
});
