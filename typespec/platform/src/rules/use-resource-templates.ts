// Rule: resource operations use the Resource* templates; no hand-written routes.
// An operation counts as a resource operation when it returns or takes a @resource model. Any other
// operation must at least be built on a Platform primitive (ReadOperation, ActionOperation, ...), which
// brings the platform's default error union.
// Why: the templates fix the route shape (/{collection}/{key}), the default success and the error
// union, so every API behaves the same; a hand-written @route drifts from that shape.
import { PRIMITIVE_TEMPLATES, RESOURCE_TEMPLATES, ruleUrl } from "../platform-names.js";
import { createRule, getTypeName, paramMessage, type Model, type Operation, type Type } from "@typespec/compiler";
import { getOperationVerb } from "@typespec/http";
import { isResourceModel, isUserType, platformTemplateOf } from "../type-utils.js";

const SUGGESTION: Record<string, string> = {
  get: "ResourceRead / ResourceList / ResourceReadAction",
  post: "ResourceCreate / ResourceAction / ResourceCollectionAction",
  put: "ResourceCreateOrReplace",
  patch: "ResourcePartialUpdate",
  delete: "ResourceDelete",
};

/** Finds a @resource model in a type (through arrays, unions, and body/properties of response models). */
function findResource(type: Type, depth = 0): Model | undefined {
  if (depth > 3) return undefined;
  switch (type.kind) {
    case "Model":
      if (isResourceModel(type)) return type as Model;
      if (type.indexer) return findResource(type.indexer.value, depth + 1);
      for (const prop of type.properties.values()) {
        const found = findResource(prop.type, depth + 1);
        if (found) return found;
      }
      return undefined;
    case "Union":
      for (const variant of type.variants.values()) {
        const found = findResource(variant.type, depth + 1);
        if (found) return found;
      }
      return undefined;
    default:
      return undefined;
  }
}

const PRIMITIVE_FOR_VERB: Record<string, string> = {
  get: "ReadOperation",
  post: "ActionOperation",
  put: "UpdateOperation",
  patch: "UpdateOperation",
  delete: "DeleteOperation",
};

function hasOwnRoute(op: Operation): boolean {
  return op.decorators.some((d) => d.decorator.name === "$route");
}

export const useResourceTemplatesRule = createRule({
  name: "use-resource-templates",
  severity: "warning",
  url: ruleUrl("use-resource-templates"),
  description:
    "Resource operations use the Platform Resource* templates (no hand-written routes); other operations are built on the Platform primitives.",
  messages: {
    default: paramMessage`Operation '${"op"}' hand-writes a route for resource '${"resource"}'. Remove @route and declare it with a template, e.g. \`${"op"} is Platform.${"template"}<${"resource"}>;\` (candidates: ${"candidates"}).`,
    noTemplate: paramMessage`Operation '${"op"}' is hand-written. Build it on a Platform primitive so it gets the platform's route conventions and error union, e.g. \`@route("…") op ${"op"} is Platform.${"primitive"}<…>;\` (ReadOperation, ActionOperation, CreateOperation, UpdateOperation, DeleteOperation).`,
    routeOnTemplate: paramMessage`Operation '${"op"}' uses Platform.${"template"} but also sets @route. Remove @route: the template derives the route from the resource's @resource name and @key.`,
  },
  create(context) {
    return {
      operation(op) {
        if (!isUserType(op)) return;
        const template = platformTemplateOf(op);
        if (template && RESOURCE_TEMPLATES.has(template)) {
          if (hasOwnRoute(op))
            context.reportDiagnostic({ target: op, messageId: "routeOnTemplate", format: { op: op.name, template } });
          return;
        }
        const resource =
          findResource(op.returnType) ??
          [...op.parameters.properties.values()].map((p) => findResource(p.type)).find((m) => m !== undefined);
        if (!resource) {
          if (template && PRIMITIVE_TEMPLATES.has(template)) return;
          if (template) return; // built on another Platform template
          const verb = getOperationVerb(context.program, op) ?? "get";
          context.reportDiagnostic({
            target: op,
            messageId: "noTemplate",
            format: { op: op.name, primitive: PRIMITIVE_FOR_VERB[verb] ?? "ReadOperation" },
          });
          return;
        }
        const verb = getOperationVerb(context.program, op) ?? "get";
        const candidates = SUGGESTION[verb] ?? SUGGESTION.get!;
        context.reportDiagnostic({
          target: op,
          messageId: "default",
          format: { op: op.name, resource: getTypeName(resource), template: candidates.split(" / ")[0]!, candidates },
        });
      },
    };
  },
});
