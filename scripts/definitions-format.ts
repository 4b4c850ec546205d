// npm run definitions:format [-- --check] [--definitions <dir>]: rewrites search-definitions/*.json in canonical form
// (stable key order, 2-space indent, trailing newline); --check only reports files that are not canonical.
// Both refuse (exit 1) an index field, a knowledge source or a knowledge base that leaves attributes to the
// service's defaults, naming them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalJson } from "../src/search/definitions/canonical-json.js";
import { implicitAttributeProblems } from "../src/search/definitions/field-attributes.js";
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
    ...readDefinitionText(kind, dir),
    name: DEFINITION_FILES[kind],
    implicit: (d: Parameters<typeof implicitAttributeProblems>[0]) =>
      kind === "index" ? implicitAttributeProblems(d) : [],
  })),
  // The agentic-retrieval files are formatted and checked whether or not an environment switches them on.
  ...KNOWLEDGE_ORDER.map((kind) => ({
    ...readKnowledgeDefinitionText(kind, dir),
    name: KNOWLEDGE_DEFINITION_FILES[kind],
    implicit: (d: Parameters<typeof implicitAttributeProblems>[0]) => implicitKnowledgeAttributes(kind, d),
  })),
];
for (const { file, text, name, implicit } of files) {
  const parsed = parseDefinition(text, file);
  for (const problem of implicit(parsed)) {
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
