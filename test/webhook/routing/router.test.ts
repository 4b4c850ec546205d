import { describe, expect, it } from "vitest";
import { eventHandlers } from "../../../webhook/src/routing/event-handlers.js";
import { EventRouter, type EventHandler } from "../../../webhook/src/routing/registry.js";

const handler = (object: string, event: string): EventHandler => ({ object, event, handle: async () => {} });

describe("event router", () => {
  it("resolves (Object, Event) case-insensitively", () => {
    const h = handler("Project", "Created");
    const router = new EventRouter([h, handler("Note", "Deleted")]);
    expect(router.resolve("project", "CREATED")).toBe(h);
    expect(router.resolve(" Project ", "Created")).toBe(h);
  });

  it("returns undefined for kinds without a handler or without Object/Event", () => {
    const router = new EventRouter([handler("Project", "Created")]);
    expect(router.resolve("Project", "Deleted")).toBeUndefined();
    expect(router.resolve("Invoice", "Created")).toBeUndefined();
    expect(router.resolve(undefined, "Created")).toBeUndefined();
    expect(router.resolve("Project", undefined)).toBeUndefined();
  });

  it("refuses two handlers for one kind, whatever the letter case", () => {
    expect(() => new EventRouter([handler("Project", "Created"), handler("PROJECT", "created")])).toThrow(
      /two handlers/,
    );
  });

  it("registers the shipped handlers, Project/Created among them", () => {
    expect(new EventRouter(eventHandlers).kinds).toContain("Project/Created");
  });
});
