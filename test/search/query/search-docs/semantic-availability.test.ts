// Which refusals of a semantic query fall back to keyword (src/search/query/search-docs/semantic-availability.ts).
import { describe, expect, it } from "vitest";
import { semanticUnavailableReason } from "../../../../src/search/query/search-docs/semantic-availability.js";

describe("semantic availability", () => {
  const refusal = (statusCode: number, code: string, message: string) =>
    Object.assign(new Error(message), { statusCode, code });
  it("falls back only when the service says semantic ranking is unavailable", () => {
    const off = refusal(
      400,
      "FeatureNotSupportedInService",
      "Semantic search is not enabled for this service.\r\nParameter name: queryType",
    );
    expect(semanticUnavailableReason(off)).toMatch(/^the semantic ranker is not enabled .*Parameter name: queryType$/);
    const unknown = refusal(
      400,
      "InvalidRequestParameter",
      "Unknown semantic configuration 'default'.\r\nParameter name: semanticConfiguration",
    );
    expect(semanticUnavailableReason(unknown)).toMatch(/^the index has no such semantic configuration/);
    const detail = Object.assign(refusal(400, "FeatureNotSupportedInService", "x"), {
      response: { parsedBody: { error: { details: [{ code: "SemanticQueriesNotAvailable" }] } } },
    });
    expect(semanticUnavailableReason(detail)).toBeDefined();
  });
  it("does not fall back on any other failure", () => {
    expect(
      semanticUnavailableReason(
        refusal(400, "InvalidRequestParameter", "Invalid expression.\r\nParameter name: $filter"),
      ),
    ).toBeUndefined();
    expect(semanticUnavailableReason(refusal(400, "", "Semantic query too long"))).toBeUndefined();
    expect(
      semanticUnavailableReason(refusal(503, "ServiceUnavailable", "Semantic search is not available")),
    ).toBeUndefined();
    expect(semanticUnavailableReason(new Error("ECONNREFUSED"))).toBeUndefined();
  });
});
