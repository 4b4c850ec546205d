// What `npm run synth` says it did: the environment and config file it synthesized, the stacks it wrote, and a
// clear line when it replaced another environment's output in the same directory (a prod synth after a dev one
// would otherwise silently overwrite what a reviewer or terraform was about to read). Pure; main.ts does the I/O.

/** Recorded in <outdir>/synth-environment.json by every synth. */
export interface SynthRecord {
  environment: string;
  configFile: string;
}

export const SYNTH_RECORD_FILE = "synth-environment.json";

export function synthReport(opts: {
  current: SynthRecord;
  previous: SynthRecord | undefined;
  outdir: string;
  stackDirs: string[];
}): string[] {
  const { current, previous, outdir } = opts;
  const lines = [
    `synth: environment ${current.environment} (${current.configFile})`,
    ...opts.stackDirs.map((dir) => `  wrote ${dir}`),
  ];
  if (previous && previous.environment !== current.environment)
    lines.push(
      `note: this replaced the ${previous.environment} synth in ${outdir} (from ${previous.configFile}); set CDKTF_OUTDIR=${outdir}-${current.environment} to keep each environment's output apart`,
    );
  return lines;
}
