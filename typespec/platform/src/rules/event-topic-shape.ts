// Rule: event topics are built from events: `Topic<T>` takes a model that extends Platform.BaseEvent (declare it
// with `is Event<"Name">`), and every event fixes its `X-Event-Type` header to its event name.
// Why: subscribers route on X-Event-Type and the topic path is the event name; `Topic<Widget>` compiles (BaseEvent
// is an empty model, so any model fits the constraint) but publishes a resource with no event headers, and an
// `X-Event-Type: string` or a copied `Event<"Other">` lets one topic carry another event's name.
import { createRule, paramMessage, type Interface, type Model, type Type } from "@typespec/compiler";
import { getHeaderFieldName } from "@typespec/http";
import { EVENT_TYPE_HEADER, ruleUrl } from "../platform-names.js";
import { derivesFromPlatformModel, isResourceModel, isUserType } from "../type-utils.js";

function isPlatformTopic(iface: Interface): boolean {
  return iface.name === "Topic" && iface.namespace?.name === "Platform";
}

/** The event name: the collection name given to @resource (Event<Name> passes Name). */
function eventName(model: Model): string | undefined {
  const resource = model.decorators.find((d) => d.decorator.name === "$resource");
  const value = resource?.args[0]?.jsValue;
  return typeof value === "string" ? value : undefined;
}

const describeType = (type: Type): string =>
  type.kind === "String" ? JSON.stringify(type.value) : type.kind === "Scalar" ? type.name : type.kind;

export const eventTopicShapeRule = createRule({
  name: "event-topic-shape",
  severity: "warning",
  url: ruleUrl("event-topic-shape"),
  description:
    'Topic<T> takes a model that extends BaseEvent (`is Event<"Name">`); each event\'s X-Event-Type header is fixed to its event name.',
  messages: {
    notAnEvent: paramMessage`Interface '${"iface"}' publishes '${"model"}' through Topic<>, but '${"model"}' does not extend Platform.BaseEvent. Declare it as an event: \`model ${"model"} is Event<"${"model"}"> { ... }\`.`,
    noHeader: paramMessage`Event '${"model"}' has no X-Event-Type header. Declare it with \`is Event<"${"name"}">\`, which fixes the header to the event name.`,
    notFixed: paramMessage`Event '${"model"}' declares X-Event-Type as ${"actual"}; it must be fixed to the event name "${"name"}". Use \`is Event<"${"name"}">\`.`,
    nameMismatch: paramMessage`Event model '${"model"}' publishes as "${"name"}" (POST /${"name"}, X-Event-Type: ${"name"}). Name the model after its event, or pass its own name: \`model ${"model"} is Event<"${"model"}">\`.`,
  },
  create(context) {
    return {
      interface(iface) {
        if (!isUserType(iface)) return;
        for (const source of iface.sourceInterfaces) {
          if (!isPlatformTopic(source)) continue;
          const arg = source.templateMapper?.args[0];
          if (!arg || !("kind" in arg) || arg.kind !== "Model") continue;
          if (derivesFromPlatformModel(arg, "BaseEvent")) continue;
          context.reportDiagnostic({
            target: iface,
            messageId: "notAnEvent",
            format: { iface: iface.name, model: arg.name },
          });
        }
      },
      model(model) {
        if (!isUserType(model) || !isResourceModel(model) || !derivesFromPlatformModel(model, "BaseEvent")) return;
        const name = eventName(model) ?? model.name;
        const header = [...model.properties.values()].find(
          (p) => getHeaderFieldName(context.program, p)?.toLowerCase() === EVENT_TYPE_HEADER,
        );
        if (!header) {
          context.reportDiagnostic({ target: model, messageId: "noHeader", format: { model: model.name, name } });
        } else if (header.type.kind !== "String" || header.type.value !== name) {
          context.reportDiagnostic({
            target: header,
            messageId: "notFixed",
            format: { model: model.name, name, actual: describeType(header.type) },
          });
        } else if (name !== model.name) {
          context.reportDiagnostic({ target: model, messageId: "nameMismatch", format: { model: model.name, name } });
        }
      },
    };
  },
});
