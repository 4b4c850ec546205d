// npm run definitions:format [-- --check] [--definitions <dir>]: rewrites search-definitions/*.json in canonical form
// (stable key order, 2-space indent, trailing newline); --check only reports files that are not canonical.
// Both refuse (exit 1) a property the service's JSON Schema does not know (a typo such as "serchable") and an index
// field, a knowledge source or a knowledge base that leaves attributes to the service's defaults, naming them and
// what to write.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalJson } from "../src/search/definitions/canonical-json.js";
import { implicitAttributeProblems } from "../src/search/definitions/field-attributes.js";
import { schemaProblems } from "../src/search/definitions/schema-problems.js";
import { definitionSchema } from "../src/search/io/definition-schema.js";
import {
  implicitKnowledgeAttributes,
  KNOWLEDGE_DEFINITION_FILES,
  KNOWLEDGE_ORDER,
  readKnowledgeDefinitionText,
} from "../src/search/definitions/knowledge-definitions.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  DEFINITION_FILES,
  DEPLOY_ORDER,
  parseDefinition,
  readDefinitionText,
} from "../src/search/definitions/definitions.js";

const check = process.argv.includes("--check");
const dirAt = process.argv.indexOf("--definitions");
const dir = dirAt > 0 && process.argv[dirAt + 1] ? path.resolve(process.argv[dirAt + 1]!) : DEFAULT_DEFINITIONS_DIR;
let dirty = 0;
let incomplete = 0;
const files = [
  ...DEPLOY_ORDER.map((kind) => ({
    kind,
    ...readDefinitionText(kind, dir),
    name: DEFINITION_FILES[kind],
    implicit: (d: Parameters<typeof implicitAttributeProblems>[0]) =>
      kind === "index" ? implicitAttributeProblems(d) : [],
  })),
  // The agentic-retrieval files are formatted and checked whether or not an environment switches them on.
  ...KNOWLEDGE_ORDER.map((kind) => ({
    kind,
    ...readKnowledgeDefinitionText(kind, dir),
    name: KNOWLEDGE_DEFINITION_FILES[kind],
    implicit: (d: Parameters<typeof implicitAttributeProblems>[0]) => implicitKnowledgeAttributes(kind, d),
  })),
];
const schema = definitionSchema();
for (const { kind, file, text, name, implicit } of files) {
  const parsed = parseDefinition(text, file);
  const typos = schemaProblems(parsed, schema.validate(kind, parsed), schema.vocabulary);
  for (const problem of [...typos, ...implicit(parsed)]) {
    incomplete += 1;
    process.stderr.write(`${file}: ${problem}\n`);
  }
  const canonical = canonicalJson(parsed);
  if (canonical === text) continue;
  dirty += 1;
  if (check) {
    process.stderr.write(`${file}: not in canonical form (run npm run definitions:format)\n`);
  } else {
    writeFileSync(path.join(dir, name), canonical);
    process.stderr.write(`${file}: rewritten\n`);
  }
}
process.exitCode = (check && dirty > 0) || incomplete > 0 ? 1 : 0;
