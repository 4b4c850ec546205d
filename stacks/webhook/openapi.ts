// The webhook contract's OpenAPI v1 document, built by `npm run contracts:build` (contracts/webhook). Read at
// synth time and passed inline to the API import (a Terraform file() path would be escaped by cdktf).
import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../src/config/repo-root.js";

const OPENAPI_V1_PATH = path.join(repoRoot, "contracts", "webhook", "openapi", "openapi.v1.json");

export class MissingOpenApiError extends Error {}

export function readOpenApiV1(file: string = OPENAPI_V1_PATH): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") {
      throw new MissingOpenApiError(
        `${path.relative(process.cwd(), file) || file}: not found. The webhook API imports the contract's OpenAPI v1; run \`npm run contracts:build\` first.`,
      );
    }
    throw err;
  }
  let doc: { openapi?: unknown; paths?: unknown };
  try {
    doc = JSON.parse(text) as typeof doc;
  } catch (err) {
    throw new MissingOpenApiError(
      `${file}: not valid JSON (${(err as Error).message}); rebuild it with \`npm run contracts:build\`.`,
    );
  }
  if (typeof doc.openapi !== "string" || typeof doc.paths !== "object" || doc.paths === null) {
    throw new MissingOpenApiError(`${file}: not an OpenAPI 3 document (no "openapi" version or "paths").`);
  }
  return text;
}
