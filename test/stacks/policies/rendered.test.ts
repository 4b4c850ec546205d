import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { RENDERED_DIR, renderAllPolicies } from "../../../stacks/webhook/render-policies.js";

describe("rendered policy copies (stacks/policies/rendered)", () => {
  const rendered = renderAllPolicies();

  it("has one file per api_policy_type and nothing else", () => {
    expect([...rendered.keys()].sort()).toEqual(["casepro.xml", "standard.xml"]);
    expect(readdirSync(RENDERED_DIR).sort()).toEqual([...rendered.keys()].sort());
  });

  for (const [name, xml] of rendered) {
    it(`${name} is up to date (run npm run policies:render after changing the policy or the dev config)`, () => {
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(readFileSync(path.join(RENDERED_DIR, name), "utf8"), `stale ${name}: run npm run policies:render`).toBe(
        xml,
      );
    });
  }
});
