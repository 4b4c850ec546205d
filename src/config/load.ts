// Loads config/<env>/vars.yml, validates it against the schema and reports errors as
// "<file>: <key>: <what was expected>" so a pipeline log points at the exact line to fix.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { repoRoot } from "./repo-root.js";
import { configSchema, type Config } from "./schema.js";

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly { key: string; expected: string }[],
  ) {
    super(problems.map((p) => `${file}: ${p.key}: ${p.expected}`).join("\n"));
    this.name = "ConfigError";
  }
}

/** The repository root (src/config/repo-root.ts). */

export type ConfigSource = "--vars-file" | "--env" | "VARS_FILE" | "DEPLOY_ENV" | "default";

export interface ConfigLocation {
  env: string;
  file: string;
  /** What chose the file: a flag, an environment variable, or the default (dev). */
  source?: ConfigSource;
  /** Sentences naming every setting that was overridden by another (e.g. VARS_FILE over DEPLOY_ENV). */
  overrides?: string[];
}

/** Command-line choices, which beat the environment variables. */
export interface ConfigFlags {
  env?: string;
  varsFile?: string;
}

function checkEnvName(name: string, key: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) {
    throw new ConfigError(key, [
      { key, expected: `expected a lowercase environment name such as dev or prod, got ${JSON.stringify(name)}` },
    ]);
  }
  return name;
}

/**
 * Which vars.yml to read, most specific first: --vars-file, --env, VARS_FILE, DEPLOY_ENV, then dev. Whenever a
 * choice hides another one that was also given, `overrides` says so, so the CLI can print it.
 */
export function resolveConfigLocation(env: NodeJS.ProcessEnv = process.env, flags: ConfigFlags = {}): ConfigLocation {
  const deployEnvVar = env.DEPLOY_ENV?.trim() || undefined;
  const varsFileVar = env.VARS_FILE?.trim() || undefined;
  const flagEnv = flags.env?.trim() || undefined;
  const flagFile = flags.varsFile?.trim() || undefined;
  const overrides: string[] = [];
  const envName = checkEnvName(flagEnv ?? deployEnvVar ?? "dev", flagEnv ? "--env" : "DEPLOY_ENV");
  const byEnv = path.join(repoRoot, "config", envName, "vars.yml");
  // A file that is config/<env>/vars.yml anyway hides nothing: no note then.
  const differs = (file: string) => path.resolve(file) !== byEnv;
  if (flagFile) {
    if (flagEnv && differs(flagFile))
      overrides.push(`--vars-file ${flagFile} is read; --env ${flagEnv} only names the environment`);
    if (varsFileVar && path.resolve(varsFileVar) !== path.resolve(flagFile))
      overrides.push(`--vars-file overrides VARS_FILE=${varsFileVar}`);
    return { env: envName, file: path.resolve(flagFile), source: "--vars-file", overrides };
  }
  if (flagEnv) {
    if (varsFileVar && differs(varsFileVar)) overrides.push(`--env ${flagEnv} overrides VARS_FILE=${varsFileVar}`);
    if (deployEnvVar && deployEnvVar !== flagEnv)
      overrides.push(`--env ${flagEnv} overrides DEPLOY_ENV=${deployEnvVar}`);
    return { env: envName, file: byEnv, source: "--env", overrides };
  }
  if (varsFileVar) {
    if (deployEnvVar)
      overrides.push(`VARS_FILE=${varsFileVar} is read; DEPLOY_ENV=${deployEnvVar} only names the environment`);
    return { env: envName, file: path.resolve(varsFileVar), source: "VARS_FILE", overrides };
  }
  return { env: envName, file: byEnv, source: deployEnvVar ? "DEPLOY_ENV" : "default", overrides };
}

/** Pure: YAML text -> validated config, or a ConfigError naming `file`. */
export function parseConfig(text: string, file: string): Config {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      file,
      doc.errors.map((e) => ({ key: "(yaml)", expected: e.message.split("\n")[0] ?? e.message })),
    );
  }
  const raw: unknown = doc.toJS() ?? {};
  const result = configSchema.safeParse(raw);
  if (!result.success) throw new ConfigError(file, describeIssues(result.error.issues));
  return result.data;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): { key: string; expected: string }[] {
  return issues.map((issue) => ({
    key: issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)",
    expected: issue.message,
  }));
}

/** Reads and validates the environment's vars.yml. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  flags: ConfigFlags = {},
): Config & { location: ConfigLocation } {
  const location = resolveConfigLocation(env, flags);
  const display = path.relative(process.cwd(), location.file) || location.file;
  let text: string;
  try {
    text = readFileSync(location.file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(display, [
      {
        key: "(file)",
        expected:
          code === "ENOENT" ? `not found (DEPLOY_ENV=${location.env}; set VARS_FILE to use another file)` : String(err),
      },
    ]);
  }
  return { ...parseConfig(text, display), location };
}
