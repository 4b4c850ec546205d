// npm run definitions:format [-- --check]: rewrites search-definitions/*.json in canonical form
// (stable key order, 2-space indent, trailing newline); --check only reports files that are not canonical.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalJson } from "../src/search/canonical-json.js";
import {
  DEFAULT_DEFINITIONS_DIR,
  DEFINITION_FILES,
  DEPLOY_ORDER,
  parseDefinition,
  readDefinitionText,
} from "../src/search/definitions.js";

const check = process.argv.includes("--check");
let dirty = 0;
for (const kind of DEPLOY_ORDER) {
  const { file, text } = readDefinitionText(kind);
  const canonical = canonicalJson(parseDefinition(text, file));
  if (canonical === text) continue;
  dirty += 1;
  if (check) {
    process.stderr.write(`${file}: not in canonical form (run npm run definitions:format)\n`);
  } else {
    writeFileSync(path.join(DEFAULT_DEFINITIONS_DIR, DEFINITION_FILES[kind]), canonical);
    process.stderr.write(`${file}: rewritten\n`);
  }
}
process.exitCode = check && dirty > 0 ? 1 : 0;
