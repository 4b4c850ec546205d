// Rule (in `all`, not `recommended`): in a versioned service, every model, enum, union and interface says when it
// arrived with @added(Versions.vN).
// Why: the platform's contracts mark types with @added(Versions.v1) so that a later version can add or remove them
// explicitly; a type without it silently belongs to every version. Not in `recommended` because leaving it out
// changes no v1 output: a convention for the next version, not a defect.
import {
  createRule,
  paramMessage,
  type Enum,
  type Interface,
  type Model,
  type Namespace,
  type Union,
} from "@typespec/compiler";
import { ruleUrl } from "../platform-names.js";
import { isUserType } from "../type-utils.js";

/** The versions enum of the nearest enclosing @versioned namespace, if any. */
function versionsOf(ns: Namespace | undefined): { ns: Namespace; versions: unknown } | undefined {
  for (let current = ns; current; current = current.namespace) {
    const versioned = current.decorators.find((d) => d.decorator.name === "$versioned");
    if (versioned) return { ns: current, versions: versioned.args[0]?.value };
  }
  return undefined;
}

export const versionedTypesAddedRule = createRule({
  name: "versioned-types-added",
  severity: "warning",
  url: ruleUrl("versioned-types-added"),
  description: "In a versioned service, models, enums, unions and interfaces carry @added(Versions.vN).",
  messages: {
    default: paramMessage`${"kind"} '${"name"}' in versioned service '${"service"}' has no @added. Mark when it arrived, e.g. \`@added(Versions.v1)\`.`,
  },
  create(context) {
    function check(type: Model | Enum | Union | Interface) {
      if (!type.name || !type.namespace) return;
      if (type.kind !== "Enum" && type.kind !== "Union" && !isUserType(type)) return;
      if ((type.kind === "Enum" || type.kind === "Union") && !isUserType(type.namespace)) return;
      const service = versionsOf(type.namespace);
      if (!service || service.versions === type) return;
      if (type.decorators.some((d) => d.decorator.name === "$added")) return;
      if (type.kind === "Model" && type.templateMapper) return; // instances of a user template
      context.reportDiagnostic({
        target: type,
        format: { kind: type.kind.toLowerCase(), name: type.name, service: service.ns.name },
      });
    }
    return { model: check, enum: check, union: check, interface: check };
  },
});
