// `npm run definitions:format -- [<dir>] [--check]`: rewrites the definition files in canonical form (stable key
// order, 2-space indent, trailing newline); --check only reports files that are not canonical. Both refuse (exit 1)
// a property the service's JSON Schema does not know (a typo such as "serchable"), an index field, a knowledge
// source or a knowledge base that leaves attributes to the service's defaults, naming them and what to write, and a
// definition that breaks one of the service's documented rules (src/search/definitions/rules/, as plan checks).
// Options are parsed like docs-index's (commander): --help with usage, an unknown flag is a usage error (exit 2), and
// a file that is not valid JSON is reported as `plan` reports it (file and position, exit 2, no stack trace).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Command, CommanderError } from "commander";
import type { CommandStreams } from "../command-streams.js";
import { CliError, exitCodeHelp, exitCodeOf, type OutcomeKind } from "../exit-codes.js";
import { classifyFailure } from "../outcome-exit.js";
import { canonicalJson } from "../../search/definitions/canonical-json.js";
import { implicitAttributeProblems } from "../../search/definitions/field-attributes.js";
import { schemaProblems } from "../../search/definitions/schema-problems.js";
import { definitionRuleFindings, findingText } from "../../search/definitions/rules/check-definitions.js";
import { definitionSchema } from "../../search/io/definition-schema.js";
import {
  implicitKnowledgeAttributes,
  KNOWLEDGE_DEFINITION_FILES,
  readKnowledgeDefinitionText,
} from "../../search/definitions/knowledge-definitions.js";
import {
  type DefinitionKind,
  type Definitions,
  DEFAULT_DEFINITIONS_DIR,
  DEFINITION_FILES,
  DEPLOY_ORDER,
  KNOWLEDGE_ORDER,
  parseDefinition,
  readDefinitionText,
} from "../../search/definitions/definitions.js";
import type { JsonObject } from "../../search/definitions/json.js";

interface DefinitionFile {
  kind: DefinitionKind;
  file: string;
  text: string;
  name: string;
  implicit: (definition: JsonObject) => string[];
}

/** Every definition file of `dir`, read (a missing one is a DefinitionError). */
function readFiles(dir: string): DefinitionFile[] {
  return [
    ...DEPLOY_ORDER.map((kind) => ({
      kind,
      ...readDefinitionText(kind, dir),
      name: DEFINITION_FILES[kind],
      implicit: (d: JsonObject) => (kind === "index" ? implicitAttributeProblems(d) : []),
    })),
    // The agentic-retrieval files are formatted and checked whether or not an environment switches them on.
    ...KNOWLEDGE_ORDER.map((kind) => ({
      kind,
      ...readKnowledgeDefinitionText(kind, dir),
      name: KNOWLEDGE_DEFINITION_FILES[kind],
      implicit: (d: JsonObject) => implicitKnowledgeAttributes(kind, d),
    })),
  ];
}

/**
 * Formats (or with `check` checks) the files of `dir`; returns the exit code. Every file is parsed before any write.
 */
function formatDefinitions(dir: string, check: boolean, stderr: CommandStreams["stderr"]): OutcomeKind {
  const files = readFiles(dir).map((f) => ({ ...f, parsed: parseDefinition(f.text, f.file) }));
  const schema = definitionSchema();
  let dirty = 0;
  let incomplete = 0;
  for (const { kind, file, text, name, implicit, parsed } of files) {
    const typos = schemaProblems(parsed, schema.validate(kind, parsed), schema.vocabulary);
    for (const problem of [...typos, ...implicit(parsed)]) {
      incomplete += 1;
      stderr.write(`${file}: ${problem}\n`);
    }
    const canonical = canonicalJson(parsed);
    if (canonical === text) continue;
    dirty += 1;
    if (check) stderr.write(`${file}: not in canonical form (run npm run definitions:format)\n`);
    else {
      writeFileSync(path.join(dir, name), canonical);
      stderr.write(`${file}: rewritten\n`);
    }
  }
  incomplete += reportRuleFindings(files, stderr);
  return (check && dirty > 0) || incomplete > 0 ? "check-failed" : "ok";
}

/**
 * The service's documented rules, as plan checks them (on the files as written: `${INDEX_NAME}` names the same
 * index in the index and the indexer); returns how many were broken.
 */
function reportRuleFindings(
  files: readonly { kind: DefinitionKind; file: string; parsed: JsonObject }[],
  stderr: CommandStreams["stderr"],
): number {
  const byKind = Object.fromEntries(files.map((f) => [f.kind, f])) as Record<DefinitionKind, (typeof files)[number]>;
  const definitions = Object.fromEntries(files.map((f) => [f.kind, f.parsed])) as Definitions;
  const findings = definitionRuleFindings(definitions);
  for (const f of findings) stderr.write(`${byKind[f.kind].file}: ${findingText(f)}\n`);
  return findings.length;
}

function program(streams: CommandStreams, act: (dir: string, check: boolean) => void): Command {
  return new Command("npm run definitions:format --")
    .description(
      "Rewrite the search definition files in canonical form (stable key order, 2-space indent); refuse unknown properties and attributes left to the service's defaults",
    )
    .argument("[dir]", `the definitions folder (default: ${path.relative(process.cwd(), DEFAULT_DEFINITIONS_DIR)})`)
    .option("--check", "only report files that are not in canonical form (nothing is written)")
    .option("--definitions <dir>", "the definitions folder (same as the argument)")
    .helpOption("-h, --help", "this help")
    .addHelpText(
      "after",
      exitCodeHelp(
        {
          ok: "every file is canonical (or was rewritten) and complete",
          "check-failed":
            "with --check: a file is not in canonical form; or a file has an unknown property, leaves attributes to the service's defaults or breaks a rule of the service",
          usage: "usage error, or a file is missing or not valid JSON (named with the position); nothing was written",
        },
        { offline: true },
      ),
    )
    .showHelpAfterError("(run `npm run definitions:format -- --help` for the options)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => streams.stdout.write(s), writeErr: (s) => streams.stderr.write(s) })
    .action((dirArg: string | undefined, opts: { check?: boolean; definitions?: string }) => {
      if (
        dirArg !== undefined &&
        opts.definitions !== undefined &&
        path.resolve(dirArg) !== path.resolve(opts.definitions)
      )
        throw new CliError(`two folders given: ${dirArg} and --definitions ${opts.definitions}; give one`, "usage");
      act(path.resolve(dirArg ?? opts.definitions ?? DEFAULT_DEFINITIONS_DIR), Boolean(opts.check));
    });
}

/** Runs the command on `args` (without node and the script); returns the exit code. */
export function runDefinitionsFormat(args: readonly string[], streams: CommandStreams = process): number {
  let outcome: OutcomeKind = "ok";
  try {
    program(streams, (dir, check) => (outcome = formatDefinitions(dir, check, streams.stderr))).parse([...args], {
      from: "user",
    });
  } catch (err) {
    if (err instanceof CommanderError) outcome = err.exitCode === 0 ? "ok" : "usage";
    else {
      // The one classifier both CLIs use (a DefinitionError is a usage error, a CliError carries its outcome).
      const failure = classifyFailure(err, { cli: "docs-index", env: process.env });
      streams.stderr.write(`error: ${failure.message}\n`);
      if (failure.hint) streams.stderr.write(`${failure.hint}\n`);
      outcome = failure.kind;
    }
  }
  return exitCodeOf(outcome);
}
