// cdktf entry point (`npm run synth`, `npm run cdktf -- synth`): reads config/<DEPLOY_ENV>/vars.yml (or VARS_FILE),
// builds the docs-storage, docs-search and webhook stacks and writes cdktf.out/stacks/<id>/cdk.tf.json (plus
// versions.tf with the required Terraform version).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exitCodeOf } from "../src/cli/exit-codes.js";
import { ConfigError, loadConfig } from "../src/config/load.js";
import { SYNTH_RECORD_FILE, synthReport, type SynthRecord } from "./synth-report.js";
import { MissingOpenApiError, readOpenApiV1 } from "./webhook/openapi.js";

try {
  const config = loadConfig();
  const file = path.relative(process.cwd(), config.location.file) || config.location.file;
  // WEBHOOK_OPENAPI_FILE points at another OpenAPI v1 file (tests, or a contract built elsewhere).
  const openApiJson = readOpenApiV1(process.env.WEBHOOK_OPENAPI_FILE?.trim() || undefined);
  // CDKTF and the provider classes load only once the configuration is known to be good (a bad vars.yml is
  // reported in a fraction of a second). The esbuild bundle `npm run synth` runs loads them up front anyway.
  const { buildStacks } = await import("./app.js");
  const { writeVersionFiles } = await import("./versions.js");
  const { app } = buildStacks(config, { file, openApiJson, outdir: process.env.CDKTF_OUTDIR ?? "cdktf.out" });
  const recordFile = path.join(app.outdir, SYNTH_RECORD_FILE);
  const previous = readRecord(recordFile);
  app.synth();
  // required_version (stacks/versions.ts says why it is not in cdk.tf.json).
  const versionFiles = writeVersionFiles(app.outdir);
  const current: SynthRecord = { environment: config.location.env, configFile: file };
  writeFileSync(recordFile, `${JSON.stringify(current, null, 2)}\n`);
  const shown = (p: string) => {
    const relative = path.relative(process.cwd(), p);
    return relative && !relative.startsWith("..") ? relative : path.resolve(p);
  };
  // stdout: the CDKTF CLI (`npm run cdktf -- synth`) would label stderr lines `[ERROR]`; it prints its own summary.
  process.stdout.write(
    `${synthReport({
      current,
      previous,
      outdir: shown(app.outdir),
      stackDirs: versionFiles.map((f) => shown(path.dirname(f))),
    }).join("\n")}\n`,
  );
} catch (err) {
  if (err instanceof ConfigError || err instanceof MissingOpenApiError) {
    process.stderr.write(`synth failed: ${err.message}\n`);
    process.exit(exitCodeOf("usage"));
  }
  throw err;
}

function readRecord(file: string): SynthRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SynthRecord;
  } catch {
    return undefined;
  }
}
