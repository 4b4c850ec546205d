// Rule: every service is versioned.
// Why: the build emits one OpenAPI description per version (openapi.v1.json for v1); an unversioned
// service has no stable file name and no way to add a version without breaking clients.
import { ruleUrl } from "../platform-names.js";
import { createRule, isService, paramMessage } from "@typespec/compiler";
import { isUserType } from "../type-utils.js";

export const versionedServiceRule = createRule({
  name: "versioned-service",
  severity: "warning",
  url: ruleUrl("versioned-service"),
  description: "Service namespaces declare @versioned(Versions) with an enum of versions.",
  messages: {
    default: paramMessage`Service namespace '${"ns"}' is not versioned. Add \`@versioned(Versions)\` and \`enum Versions { v1 }\` (import "@typespec/versioning"; using TypeSpec.Versioning;), and mark types with @added(Versions.v1) as they arrive.`,
  },
  create(context) {
    return {
      namespace(ns) {
        if (!isUserType(ns) || !isService(context.program, ns)) return;
        if (ns.decorators.some((d) => d.decorator.name === "$versioned")) return;
        context.reportDiagnostic({ target: ns, format: { ns: ns.name } });
      },
    };
  },
});
