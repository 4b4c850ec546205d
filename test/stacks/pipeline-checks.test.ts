// Both pipeline templates scan the synthesized stacks with Checkov right after synth (failing on findings) and
// validate every stack without a backend before the first plan.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STACK_IDS } from "../../stacks/app.js";
import { repoRoot } from "../../src/config/repo-root.js";

const TEMPLATES = [".github/workflows/deploy.yml", "pipelines/azure-pipelines.yml"];

for (const file of TEMPLATES) {
  describe(file, () => {
    const lines = readFileSync(path.join(repoRoot, file), "utf8")
      .split("\n")
      .map((l) => l.trim());
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));

    it("runs Checkov with the repo's .checkov.yaml on cdktf.out after synth, without soft-fail", () => {
      const synth = at(/npm run synth\b/);
      const checkov = at(/^checkov --config-file \.checkov\.yaml -d cdktf\.out$/);
      expect(synth).toBeGreaterThanOrEqual(0);
      expect(checkov).toBeGreaterThan(synth);
      expect(lines.join("\n")).not.toMatch(/soft-fail/);
      expect(lines.join("\n")).toMatch(/pip install .*"checkov==3\.3\.13"/);
    });

    it("re-runs the per-environment checks unskipped for prod", () => {
      expect(lines.join("\n")).toMatch(
        /checkov -d \. --framework terraform_json .*--check CKV_AZURE_225,CKV_AZURE_209/,
      );
    });

    it("validates every stack without a backend before the first plan (docs-mcp where it is synthesized)", () => {
      const loop = at(
        /^for stack in (docs-storage docs-search webhook) \$\(test -d "?\S*stacks\/docs-mcp"? && echo docs-mcp\); do$/,
      );
      expect(loop).toBeGreaterThanOrEqual(0);
      expect(lines[loop]).toContain(STACK_IDS.join(" "));
      expect(lines[loop + 1]).toMatch(/^terraform -chdir="\S*stacks\/\$stack" init -backend=false -input=false$/);
      expect(lines[loop + 2]).toMatch(/^terraform -chdir="\S*stacks\/\$stack" validate$/);
      expect(loop).toBeLessThan(at(/ plan -input=false -out=tfplan$/));
    });
  });
}
