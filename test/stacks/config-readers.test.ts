// The stacks and their constructs take typed Props, not the config: only the entry points and the config -> props
// mappings read it (the constructs' own tests, test/stacks/constructs/, use them on their own, as in the CDK examples).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../src/config/repo-root.js";

/** The files allowed to read the config: the entry points and the config -> props mappings. */
const MAPPERS = [
  "app.ts",
  "config/stack-config.ts",
  "main.ts",
  "props.ts",
  "webhook/props.ts",
  "webhook/authorized-app.ts",
  "docs-mcp/props.ts",
  // `npm run policies:render`: an entry point like main.ts, rendering the policy from the dev config.
  "webhook/render-policies.ts",
];

describe("constructs and stacks", () => {
  it("never see the config: only app.ts and the props mappings import it", () => {
    const files = readdirSync(path.join(repoRoot, "stacks"), { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.startsWith("policies/"),
    );
    const readers = files.filter((f) =>
      /from "(\.\.?\/)+(config\/stack-config\.js|src\/config\/schema\.js)"|StackConfig/.test(
        readFileSync(path.join(repoRoot, "stacks", f), "utf8"),
      ),
    );
    expect(readers.sort()).toEqual(MAPPERS.filter((f) => readers.includes(f)).sort());
    // The check sees the mappings (so it would see a construct or a stack that read the config too).
    expect(readers).toEqual(expect.arrayContaining(["props.ts", "webhook/props.ts", "docs-mcp/props.ts"]));
  });
});
