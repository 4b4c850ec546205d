// Loads config/<env>/vars.yml, validates it against the schema and reports errors as
// "<file>: <key>: <what was expected>" so a pipeline log points at the exact line to fix.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { repoRoot } from "./repo-root.js";
import { configSchema, type Config } from "./schema.js";
import { keysAt } from "./schema-keys.js";
import { closestName } from "../text/closest-name.js";
import { keptParses } from "../text/kept-parses.js";

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

type ConfigSource = "--vars-file" | "--env" | "VARS_FILE" | "DEPLOY_ENV" | "default";

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

/** Pure: YAML text -> validated config, or a ConfigError naming `file`. Each text is parsed once (keptParses). */
export const parseConfig = keptParses(parseConfigText, (text) => text);

function parseConfigText(text: string, file: string): Config {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      file,
      doc.errors.map((e) => ({ key: "(yaml)", expected: yamlProblem(e.message) })),
    );
  }
  const raw: unknown = doc.toJS();
  if (raw === null || raw === undefined) {
    throw new ConfigError(file, [
      {
        key: "(file)",
        expected:
          "the file is empty (or only comments); expected the keys `environment` and `search` at least, see config/README.md and config/dev/vars.yml",
      },
    ]);
  }
  const result = configSchema.safeParse(raw);
  if (!result.success) throw new ConfigError(file, describeIssues(result.error.issues, configSchema));
  return result.data;
}

/**
 * The yaml library's pretty message is "<what> at line L, column C:" followed by an excerpt with a caret: keep
 * the excerpt (indented under the message) rather than a line that ends in a dangling colon.
 */
function yamlProblem(message: string): string {
  const [first = message, ...rest] = message.split("\n");
  const where = /^(.*) at line (\d+), column (\d+):$/.exec(first);
  const head = where ? `${where[1]} (line ${where[2]}, column ${where[3]})` : first.replace(/:$/, "");
  const excerpt = rest.filter((line) => line.trim() !== "").map((line) => `    ${line}`);
  return excerpt.length > 0 ? `${head}\n${excerpt.join("\n")}` : head;
}

/** The environments that have a config/<env>/vars.yml (for "no such environment" messages). */
function knownEnvironments(): string[] {
  try {
    return readdirSync(path.join(repoRoot, "config"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** What a missing vars.yml means, phrased for what chose it (a flag or variable the user actually gave). */
function missingFileProblem(location: ConfigLocation): string {
  const known = knownEnvironments().join(", ") || "none";
  switch (location.source) {
    case "--vars-file":
      return "not found (--vars-file); pass the path of an existing vars.yml";
    case "VARS_FILE":
      return "not found (VARS_FILE); set VARS_FILE to an existing vars.yml or unset it";
    case "--env":
      return `not found: there is no environment "${location.env}" (--env ${location.env}); environments: ${known}`;
    case "DEPLOY_ENV":
      return `not found: there is no environment "${location.env}" (DEPLOY_ENV=${location.env}); environments: ${known} (or set VARS_FILE to use another file)`;
    default:
      return `not found (the default environment ${location.env}); environments: ${known} (pick one with --env or DEPLOY_ENV, or set VARS_FILE)`;
  }
}

/** zod issues as `key: expected` lines; with the `schema` that found them, a misspelt key gets a did-you-mean. */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  schema?: z.ZodType,
): { key: string; expected: string }[] {
  // A required key that is missing because it was misspelt: the did-you-mean line of the misspelling says it all.
  const meant = new Set(
    issues.flatMap((issue) =>
      issue.code === "unrecognized_keys" && schema
        ? issue.keys.flatMap((name) => {
            const suggestion = closestName(name, keysAt(schema, issue.path));
            return suggestion ? [[...issue.path.map(String), suggestion].join(".")] : [];
          })
        : [],
    ),
  );
  const missingButMisspelt = (issue: z.core.$ZodIssue) =>
    issue.code === "invalid_type" &&
    /received undefined/.test(issue.message) &&
    meant.has(issue.path.map(String).join("."));
  return issues
    .filter((issue) => !missingButMisspelt(issue))
    .flatMap((issue) => {
      // A misspelt key: one line per key, with the closest key the schema declares there (as definition typos get).
      if (issue.code === "unrecognized_keys" && schema) {
        const known = keysAt(schema, issue.path);
        return issue.keys.map((name) => {
          const suggestion = closestName(name, known);
          return {
            key: [...issue.path.map(String), name].join("."),
            expected: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : `; expected one of: ${known.join(", ")}`}`,
          };
        });
      }
      return [{ key: issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)", expected: issue.message }];
    });
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
        expected: code === "ENOENT" ? missingFileProblem(location) : String(err),
      },
    ]);
  }
  return { ...parseConfig(text, display), location };
}
