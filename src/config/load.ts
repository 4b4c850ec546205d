// Loads config/<env>/vars.yml, validates it against the schema and reports errors as
// "<file>: <key>: <what was expected>" so a pipeline log points at the exact line to fix.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
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

/** The repository root (this file lives in src/config/). */
export const repoRoot = path.resolve(import.meta.dirname, "..", "..");

export interface ConfigLocation {
  env: string;
  file: string;
}

/** Which vars.yml to read: VARS_FILE wins, else config/<DEPLOY_ENV or dev>/vars.yml. */
export function resolveConfigLocation(env: NodeJS.ProcessEnv = process.env): ConfigLocation {
  const deployEnv = env.DEPLOY_ENV?.trim() || "dev";
  if (!/^[a-z0-9][a-z0-9-]*$/.test(deployEnv)) {
    throw new ConfigError("DEPLOY_ENV", [
      {
        key: "DEPLOY_ENV",
        expected: `expected a lowercase environment name such as dev or prod, got ${JSON.stringify(deployEnv)}`,
      },
    ]);
  }
  const file = env.VARS_FILE?.trim()
    ? path.resolve(env.VARS_FILE.trim())
    : path.join(repoRoot, "config", deployEnv, "vars.yml");
  return { env: deployEnv, file };
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
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config & { location: ConfigLocation } {
  const location = resolveConfigLocation(env);
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
