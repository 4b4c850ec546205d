// Linter rule event-topic-shape: Topic<T> takes an event (extends BaseEvent) and X-Event-Type is the event name.
import { describe, it } from "vitest";
import { eventTopicShapeRule } from "../../src/rules/event-topic-shape.js";
import { LIB, service, useRuleTester } from "../support/rules.js";

const tester = useRuleTester();
const events = (body: string) => service(body, "@useAuth(SubscriptionKeyAuth)");

describe("event-topic-shape", () => {
  it("accepts Topic<T> over an Event<Name> model", async () => {
    await tester(eventTopicShapeRule)
      .expect(
        events(`model OrderPlaced is Event<"OrderPlaced"> { orderId: string; }
        interface Orders extends Topic<OrderPlaced> {}`),
      )
      .toBeValid();
  });

  it("reports Topic<T> over a model that is not an event", async () => {
    await tester(eventTopicShapeRule)
      .expect(events(`interface WidgetTopic extends Topic<Widget> {}`))
      .toEmitDiagnostics({
        code: `${LIB}/event-topic-shape`,
        message:
          /Interface 'WidgetTopic' publishes 'Widget' through Topic<>, but 'Widget' does not extend Platform\.BaseEvent\. .*model Widget is Event<"Widget">/,
      });
  });

  it("reports a hand-written event whose X-Event-Type is not fixed", async () => {
    await tester(eventTopicShapeRule)
      .expect(
        events(`@resource("OrderShipped") model OrderShipped extends BaseEvent {
          @key @visibility(Lifecycle.Create, Lifecycle.Read) eventId: string;
          @header("X-Event-Type") eventType: string;
        }`),
      )
      .toEmitDiagnostics({
        code: `${LIB}/event-topic-shape`,
        message:
          /Event 'OrderShipped' declares X-Event-Type as string; it must be fixed to the event name "OrderShipped"/,
      });
  });

  it("reports an event without the X-Event-Type header", async () => {
    await tester(eventTopicShapeRule)
      .expect(
        events(`@resource("OrderShipped") model OrderShipped extends BaseEvent {
          @key @visibility(Lifecycle.Create, Lifecycle.Read) eventId: string;
        }`),
      )
      .toEmitDiagnostics({
        code: `${LIB}/event-topic-shape`,
        message: /Event 'OrderShipped' has no X-Event-Type header/,
      });
  });

  it("reports an event model that publishes under another event's name (a copied Event<...>)", async () => {
    await tester(eventTopicShapeRule)
      .expect(events(`model OrderShipped is Event<"OrderPlaced"> { orderId: string; }`))
      .toEmitDiagnostics({
        code: `${LIB}/event-topic-shape`,
        message:
          /Event model 'OrderShipped' publishes as "OrderPlaced" \(POST \/OrderPlaced, X-Event-Type: OrderPlaced\)/,
      });
  });
});
