// Shared test fixtures: the real definitions in search-definitions/ with their placeholders filled in.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

export const DEFAULT_NAMES: Record<string, string> = {
  INDEX_NAME: "docs-index",
  DATASOURCE_NAME: "docs-datasource",
  INDEXER_NAME: "docs-indexer",
  CONTAINER: "$web",
  STORAGE_ACCOUNT_RESOURCE_ID:
    "/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg-docs-dev/providers/Microsoft.Storage/storageAccounts/devstoreaccount1",
  KNOWLEDGE_SOURCE_NAME: "docs-knowledge-source",
  KNOWLEDGE_BASE_NAME: "docs-knowledge-base",
};

/** Reads search-definitions/<file> and substitutes `${NAME}` placeholders. */
export function loadDefinition(
  file:
    | "docs-index.json"
    | "docs-datasource.json"
    | "docs-indexer.json"
    | "docs-knowledge-source.json"
    | "docs-knowledge-base.json",
  names: Record<string, string> = {},
): Record<string, unknown> {
  const values = { ...DEFAULT_NAMES, ...names };
  const text = readFileSync(`${root}search-definitions/${file}`, "utf8").replace(
    /\$\{([A-Z_]+)\}/g,
    (m, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`No value for ${m} in ${file}`);
      return JSON.stringify(value).slice(1, -1);
    },
  );
  return JSON.parse(text) as Record<string, unknown>;
}
