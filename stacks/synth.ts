// What `npm run synth` does, as a function the entry (stacks/main.ts) and the tests call: reads
// config/<DEPLOY_ENV>/vars.yml (or VARS_FILE), builds the docs-storage, docs-search and webhook stacks, writes
// <CDKTF_OUTDIR or cdktf.out>/stacks/<id>/cdk.tf.json (plus versions.tf with the required Terraform version) and
// reports what it wrote.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CommandStreams } from "../src/cli/command-streams.js";
import type { OutcomeKind } from "../src/cli/exit-codes.js";
import { ConfigError, loadConfig } from "../src/config/load.js";
import { SYNTH_RECORD_FILE, synthReport, type SynthRecord } from "./synth-report.js";
import { MissingOpenApiError, readOpenApiV1 } from "./webhook/openapi.js";

/**
 * Synthesizes the stacks for the environment `env` names. A bad configuration or a missing OpenAPI file is
 * reported on stderr as "synth failed: …" and comes back as "usage" (nothing written); anything else throws.
 */
export async function runSynth(env: NodeJS.ProcessEnv, streams: CommandStreams): Promise<OutcomeKind> {
  try {
    const config = loadConfig(env);
    const file = path.relative(process.cwd(), config.location.file) || config.location.file;
    // WEBHOOK_OPENAPI_FILE points at another OpenAPI v1 file (tests, or a contract built elsewhere).
    const openApiJson = readOpenApiV1(env.WEBHOOK_OPENAPI_FILE?.trim() || undefined);
    // CDKTF and the provider classes load only once the configuration is known to be good (a bad vars.yml is
    // reported in a fraction of a second). The esbuild bundle `npm run synth` runs loads them up front anyway.
    const { buildStacks } = await import("./app.js");
    const { writeVersionFiles } = await import("./versions.js");
    const { app } = buildStacks(config, { file, openApiJson, outdir: env.CDKTF_OUTDIR ?? "cdktf.out" });
    const recordFile = path.join(app.outdir, SYNTH_RECORD_FILE);
    const previous = readRecord(recordFile);
    app.synth();
    // required_version (stacks/versions.ts says why it is not in cdk.tf.json).
    const versionFiles = writeVersionFiles(app.outdir);
    const current: SynthRecord = { environment: config.location.env, configFile: file };
    writeFileSync(recordFile, `${JSON.stringify(current, null, 2)}\n`);
    // stdout: the CDKTF CLI (`npm run cdktf -- synth`) would label stderr lines `[ERROR]`; it prints its own summary.
    streams.stdout.write(
      `${synthReport({
        current,
        previous,
        outdir: shown(app.outdir),
        stackDirs: versionFiles.map((f) => shown(path.dirname(f))),
      }).join("\n")}\n`,
    );
    return "ok";
  } catch (err) {
    if (err instanceof ConfigError || err instanceof MissingOpenApiError) {
      streams.stderr.write(`synth failed: ${err.message}\n`);
      return "usage";
    }
    throw err;
  }
}

/** A path as the report shows it: relative to the working directory when inside it, else absolute. */
function shown(p: string): string {
  const relative = path.relative(process.cwd(), p);
  return relative && !relative.startsWith("..") ? relative : path.resolve(p);
}

function readRecord(file: string): SynthRecord | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SynthRecord;
  } catch {
    return undefined;
  }
}
