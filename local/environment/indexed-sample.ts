// The sample site indexed with its realistic history (root era first, then the apps, today's definitions, one
// incremental run), without the rest of `npm run local`: what the MCP tests and `bench:mcp` query. Root-era
// documents keep null in the newer fields (section, format), Markdown twins sit beside their HTML pages.
import { rmSync } from "node:fs";
import { readRawDefinitions } from "../../src/search/definitions/definitions.js";
import { docsIndex } from "./docs-index.js";
import { waitForIndexer } from "./indexer-wait.js";
import { writeRootEraDefinitions, writeRootEraVars } from "./root-era-definitions.js";
import {
  INDEXER_NAME,
  LOCAL_VARS_FILE,
  servicesOf,
  startAzuriteForLocal,
  startStandInForLocal,
  type LocalServices,
} from "./services.js";
import { appEraSite, publishSite, readSampleSite, rootEraSite } from "./site.js";

export async function startIndexedSample(): Promise<LocalServices> {
  const azurite = await startAzuriteForLocal();
  let services: LocalServices | undefined;
  try {
    services = servicesOf(azurite, await startStandInForLocal(azurite));
    const env = { ...process.env, ...services.env };
    const deploy = async (...args: string[]) => {
      const run = await docsIndex(env, "deploy", ...args);
      if (run.code !== 0) throw new Error(`docs-index deploy exited ${run.code}: ${run.stderr.trim()}`);
      await waitForIndexer(services!.indexerClient, INDEXER_NAME, { timeoutMs: 30_000, progress: () => {} });
    };
    const site = readSampleSite();
    await publishSite(services.container, rootEraSite(site));
    const rootEraDir = writeRootEraDefinitions(readRawDefinitions());
    try {
      // The root era predates agentic retrieval: its config has it off.
      await deploy("--definitions", rootEraDir, "--vars-file", writeRootEraVars(rootEraDir, LOCAL_VARS_FILE));
    } finally {
      rmSync(rootEraDir, { recursive: true, force: true });
    }
    await publishSite(services.container, appEraSite(site));
    await deploy();
    return services;
  } catch (err) {
    await (services ? services.stop() : azurite.stop());
    throw err;
  }
}
