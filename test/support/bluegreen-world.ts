// Shared set-up for the blue/green tests: Azurite with a few pages, the stand-in reading it (with an alias
// propagation delay), SDK clients, the management and blue/green ports, and the reviewed definitions.
import { AzureKeyCredential, SearchIndexClient, SearchIndexerClient } from "@azure/search-documents";
import { BlobServiceClient, type ContainerClient } from "@azure/storage-blob";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import { startSearchStandIn, type SearchStandIn } from "../../local/search-standin/server.js";
import { createBlueGreenPort } from "../../src/search/io/bluegreen-port.js";
import { systemClock, type BlueGreenPort } from "../../src/search/bluegreen/ports.js";
import type { Definitions } from "../../src/search/definitions/definitions.js";
import { createSearchManagementPort } from "../../src/search/io/management-http.js";
import type { SearchManagementPort } from "../../src/search/service/management-port.js";
import { loadDefinition } from "../standin/fixtures.js";
import { page, upload } from "../standin/indexer-helpers.js";
import type { JsonObject } from "../../src/search/definitions/json.js";

const PROPAGATION_MS = 200;

export interface BlueGreenWorld {
  azurite: Azurite;
  standIn: SearchStandIn;
  container: ContainerClient;
  indexes: SearchIndexClient;
  indexers: SearchIndexerClient;
  management: SearchManagementPort;
  port: BlueGreenPort;
  waitForIndexer(): Promise<void>;
  close(): Promise<void>;
}

const PAGES = [
  ["payments/guides/refunds.html", "Refunds"],
  ["payments/reference/api.html", "Payments API"],
  ["identity/guides/sign-in.html", "Sign in"],
  ["identity/reference/tokens.html", "Tokens"],
] as const;

export async function startBlueGreenWorld(
  standInOptions: { indexNameReleaseMs?: number; knowledgeSourceMayNameAlias?: boolean } = {},
): Promise<BlueGreenWorld> {
  const azurite = await startAzurite();
  const standIn = await startSearchStandIn({
    storageConnectionString: azurite.connectionString,
    aliasPropagationMs: PROPAGATION_MS,
    ...standInOptions,
  });
  const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("$web");
  await container.createIfNotExists();
  for (const [name, title] of PAGES)
    await upload(container, name, page(title, `${title} description`, `About ${title.toLowerCase()}.`), "text/html");
  await upload(container, "index.html", page("Home", "Landing", "Welcome."), "text/html");

  const credential = new AzureKeyCredential(standIn.apiKey);
  const indexes = new SearchIndexClient(standIn.url, credential, { allowInsecureConnection: true });
  const indexers = new SearchIndexerClient(standIn.url, credential, { allowInsecureConnection: true });
  const management = createSearchManagementPort({
    indexClient: indexes,
    indexerClient: indexers,
    apiVersion: "2026-04-01",
    allowInsecureConnection: true,
  });
  const port = createBlueGreenPort({ indexClient: indexes, indexerClient: indexers, management, container });
  return {
    azurite,
    standIn,
    container,
    indexes,
    indexers,
    management,
    port,
    async waitForIndexer() {
      for (let i = 0; i < 400; i++) {
        const s = await indexers.getIndexerStatus("docs-indexer");
        if (s.lastResult && s.lastResult.status !== "inProgress") return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error("indexer did not finish");
    },
    async close() {
      await standIn.close();
      await azurite.close();
    },
  };
}

export function files(tweak: (d: Definitions) => void = () => {}): Definitions {
  const d: Definitions = {
    index: loadDefinition("docs-index.json"),
    datasource: loadDefinition("docs-datasource.json"),
    indexer: loadDefinition("docs-indexer.json"),
  };
  tweak(d);
  return d;
}

const field = (d: Definitions, name: string) => (d.index.fields as JsonObject[]).find((f) => f.name === name)!;

/** The rebuild-class change of the tests: `section` made searchable. */
export const sectionSearchable = (d: Definitions) => {
  field(d, "section").searchable = true;
};

export const rebuildOptions = (extra: object = {}) => ({
  classify: {
    container: "$web",
    expectedFailures: ["index.html", "404.html"],
    excludedExtensions: [".xml", ".css", ".png"],
  },
  clock: systemClock,
  pollMs: 25,
  propagationMs: PROPAGATION_MS,
  crawlTimeoutMs: 30_000,
  ...extra,
});
