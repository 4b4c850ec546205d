// The retrieved text a hit carries, whatever its shape: what `docs-index query` shows under a hit and what
// bench:answers searches for the expected fact. Pure.
import { describe, expect, it } from "vitest";
import { hitText } from "../../../../src/search/query/search-docs/hit-text.js";

describe("hitText", () => {
  it("takes the snippet and leaves the metadata out", () => {
    const hit = {
      title: "Refunds",
      url: "https://d/x",
      key: "k",
      app: "payments",
      snippet: "Refunds settle in 5 days.",
    };
    expect(hitText(hit)).toBe("Refunds settle in 5 days.");
  });
  it("ends a passage with the passage, not with a stray word from the hit's source field", () => {
    const hit = { snippet: "Create a charge with `POST /v1/charges`.", anchor: "create", source: "page" };
    expect(hitText(hit)).toBe("Create a charge with `POST /v1/charges`.");
    expect(hitText({ ...hit, source: "markdown twin" })).not.toContain("twin");
  });
  it("takes passages as strings or objects with text, in order", () => {
    expect(hitText({ title: "t", passages: ["one", { heading: "Setup", text: "two" }] })).toBe("one\n\nSetup\n\ntwo");
    expect(hitText({ title: "t", url: "u", anchor: "#setup", snippet: " " })).toBe("");
  });
});
