// Which index the configured name designates now, for the commands that read it (status, coverage, snapshot,
// query): the alias's index, or the concrete index of that name. One SDK call; no logic beyond it.
import type { SearchIndexClient } from "@azure/search-documents";
import { resolveName } from "../bluegreen/generations.js";
import type { Resolution } from "../service/resolution.js";

export async function resolveServingIndex(indexClient: SearchIndexClient, name: string): Promise<Resolution> {
  try {
    const alias = await indexClient.getAlias(name);
    return resolveName(name, { aliasTarget: alias.indexes[0], indexNames: [] });
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  try {
    await indexClient.getIndex(name);
    return { kind: "concrete", index: name };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return { kind: "missing", name };
    throw err;
  }
}
