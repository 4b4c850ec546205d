import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { App } from "cdktf";
import { describe, expect, it } from "vitest";
import { buildStacks, STACK_IDS } from "../../stacks/app.js";
import { AZURERM_PROVIDER_VERSION } from "../../stacks/base-stack.js";
import { TERRAFORM_REQUIRED_VERSION, writeVersionFiles } from "../../stacks/versions.js";
import { build, devConfig, DEV_FILE, fixtureOpenApi, synth } from "./harness.js";
import { repoRoot } from "../../src/config/repo-root.js";

describe("every stack", () => {
  const built = build();
  const stacks = { "docs-storage": built.storage, "docs-search": built.search, webhook: built.webhook };

  for (const id of STACK_IDS) {
    it(`${id}: azurerm remote backend from the config, keyed by stack id, Entra auth`, () => {
      const json = synth(stacks[id]);
      expect(json.terraform.backend).toEqual({
        azurerm: {
          resource_group_name: "rg-tfstate-dev",
          storage_account_name: "sttfstatedocsdev",
          container_name: "tfstate",
          key: `docs-platform/dev/${id}.tfstate`,
          use_azuread_auth: true,
          subscription_id: "00000000-0000-0000-0000-000000000000",
          tenant_id: "11111111-1111-1111-1111-111111111111",
        },
      });
    });

    it(`${id}: pins the azurerm provider and uses Entra for storage data-plane calls`, () => {
      const json = synth(stacks[id]);
      expect(json.terraform.required_providers.azurerm).toEqual({
        source: "azurerm",
        version: AZURERM_PROVIDER_VERSION,
      });
      expect(json.provider.azurerm[0]).toMatchObject({
        subscription_id: "00000000-0000-0000-0000-000000000000",
        tenant_id: "11111111-1111-1111-1111-111111111111",
        storage_use_azuread: true,
      });
    });

    it(`${id}: registers no resource providers and skips storage data-plane calls on create/read (finding 6)`, () => {
      const json = synth(stacks[id]);
      expect(json.provider.azurerm[0]).toMatchObject({
        resource_provider_registrations: "none",
        features: [{ storage: [{ data_plane_available: false }] }],
      });
    });
  }

  it("writes cdktf.out/stacks/<id>/cdk.tf.json with explicit dependencies in the manifest", () => {
    const outdir = mkdtempSync(path.join(tmpdir(), "cdktf-out-"));
    const { app } = buildStacks(devConfig(), { file: DEV_FILE, openApiJson: fixtureOpenApi, app: new App({ outdir }) });
    app.synth();
    expect(readdirSync(path.join(outdir, "stacks")).sort()).toEqual([...STACK_IDS].sort());
    const manifest = JSON.parse(readFileSync(path.join(outdir, "manifest.json"), "utf8"));
    expect(manifest.stacks["docs-search"].dependencies).toEqual(["docs-storage"]);
    expect(manifest.stacks["docs-storage"].dependencies).toEqual([]);
    expect(manifest.stacks.webhook.dependencies).toEqual([]);
    for (const id of STACK_IDS) {
      const json = JSON.parse(readFileSync(path.join(outdir, "stacks", id, "cdk.tf.json"), "utf8"));
      // No implicit local backend with an absolute path, and no cross-stack remote state.
      expect(Object.keys(json.terraform.backend)).toEqual(["azurerm"]);
      expect(json.data?.terraform_remote_state).toBeUndefined();
    }
  });

  it("npm run synth runs compiled JavaScript with plain node, and npx cdktf synth runs npm run synth", () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(pkg.scripts["synth:build"]).toMatch(
      /^esbuild stacks\/main\.ts --bundle .*--outfile=\.build\/synth\/main\.mjs/,
    );
    expect(pkg.scripts.synth).toMatch(
      /^npm run --silent synth:build && node (--[\w-]+=\S+ )*\.build\/synth\/main\.mjs$/,
    );
    expect(pkg.scripts.synth).not.toMatch(/tsx/);
    // Every script that runs the CDKTF CLI turns its telemetry call off (offline it prints ENOTFOUND checkpoint-api).
    const cdktfScripts = Object.values<string>(pkg.scripts).filter((cmd) => /(^|[\s;&|])(npx )?cdktf(\s|$)/.test(cmd));
    expect(cdktfScripts.length).toBeGreaterThan(0);
    for (const cmd of cdktfScripts) expect(cmd).toMatch(/CHECKPOINT_DISABLE=1/);
    const cdktf = JSON.parse(readFileSync(path.join(repoRoot, "cdktf.json"), "utf8"));
    expect(cdktf).toMatchObject({
      language: "typescript",
      app: "npm run --silent synth",
      output: "cdktf.out",
      terraformProviders: [],
    });
  });

  it("pins Terraform with a versions.tf beside each cdk.tf.json (finding 7)", () => {
    const outdir = mkdtempSync(path.join(tmpdir(), "cdktf-out-"));
    const { app } = buildStacks(devConfig(), { file: DEV_FILE, openApiJson: fixtureOpenApi, app: new App({ outdir }) });
    app.synth();
    const written = writeVersionFiles(outdir);
    expect(written.map((f) => path.relative(outdir, f)).sort()).toEqual(
      STACK_IDS.map((id) => path.join("stacks", id, "versions.tf")).sort(),
    );
    for (const file of written) {
      expect(readFileSync(file, "utf8")).toMatch(
        new RegExp(`terraform \\{\\s+required_version = "${TERRAFORM_REQUIRED_VERSION.replace(/[.]/g, "\\.")}"\\s+\\}`),
      );
    }
    expect(TERRAFORM_REQUIRED_VERSION).toBe(">= 1.11.0, < 2.0.0");
    // Not in cdk.tf.json: Checkov's terraform_json parser aborts on a string in the terraform block.
    const json = JSON.parse(readFileSync(path.join(outdir, "stacks", "webhook", "cdk.tf.json"), "utf8"));
    expect(json.terraform.required_version).toBeUndefined();
  });

  it("imports provider classes by deep path only", () => {
    const files = readdirSync(path.join(repoRoot, "stacks"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".ts"),
    );
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const text = readFileSync(path.join(repoRoot, "stacks", f), "utf8");
      expect(text, f).not.toMatch(/from "@cdktf\/provider-azurerm"/);
      for (const m of text.matchAll(/from "(@cdktf\/provider-azurerm[^"]*)"/g))
        expect(m[1], f).toMatch(/^@cdktf\/provider-azurerm\/lib\/[a-z0-9-]+\/index\.js$/);
    }
  });
});
