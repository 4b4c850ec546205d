// "Did you mean": a swap of two adjacent letters is one edit (optimal string alignment), so `titel` finds `title`.
import { describe, expect, it } from "vitest";
import { closestName } from "../../src/text/closest-name.js";
import { osaDistance } from "../../src/text/osa-distance.js";

describe("osaDistance", () => {
  it.each([
    ["title", "title", 0],
    ["titel", "title", 1],
    ["ab", "ba", 1],
    ["", "abc", 3],
    ["abc", "", 3],
    ["kitten", "sitting", 3],
    ["docs_identifierz", "docs_identifiers", 1],
    ["serchable", "searchable", 1],
    ["ca", "abc", 3],
  ])("%s → %s is %i", (a, b, d) => {
    expect(osaDistance(a, b)).toBe(d);
    expect(osaDistance(b, a)).toBe(d);
  });
});

describe("closestName", () => {
  const fields = ["id", "title", "description", "content", "tags", "app"];
  it("finds a name with two adjacent letters swapped", () => {
    expect(closestName("titel", fields)).toBe("title");
    expect(closestName("cotnent", fields)).toBe("content");
  });
  it("is case-insensitive and keeps the known spelling", () => {
    expect(closestName("Shedule", ["schedule"])).toBe("schedule");
  });
  it("suggests nothing for a name that is not near any", () => {
    expect(closestName("region", fields)).toBeUndefined();
    expect(closestName("x", [])).toBeUndefined();
  });
  it("finds Edm.Int64 for Edm.Integer64", () => {
    expect(closestName("Edm.Integer64", ["Edm.String", "Edm.Int32", "Edm.Int64", "Edm.Double"])).toBe("Edm.Int64");
  });
});
