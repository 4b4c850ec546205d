// npm run definitions:format [-- --check] [--definitions <dir>]: rewrites search-definitions/*.json in canonical form
// (stable key order, 2-space indent, trailing newline); --check only reports files that are not canonical.
// Both refuse (exit 1) an index field that leaves attributes to the service's defaults, naming them.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalJson } from "../src/search/definitions/canonical-json.js";
import { implicitAttributeProblems } from "../src/search/definitions/field-attributes.js";
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
for (const kind of DEPLOY_ORDER) {
  const { file, text } = readDefinitionText(kind, dir);
  const parsed = parseDefinition(text, file);
  if (kind === "index")
    for (const problem of implicitAttributeProblems(parsed)) {
      incomplete += 1;
      process.stderr.write(`${file}: ${problem}\n`);
    }
  const canonical = canonicalJson(parsed);
  if (canonical === text) continue;
  dirty += 1;
  if (check) {
    process.stderr.write(`${file}: not in canonical form (run npm run definitions:format)\n`);
  } else {
    writeFileSync(path.join(dir, DEFINITION_FILES[kind]), canonical);
    process.stderr.write(`${file}: rewritten\n`);
  }
}
process.exitCode = (check && dirty > 0) || incomplete > 0 ? 1 : 0;
