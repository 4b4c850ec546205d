// The child of startAzuriteProcess() (local/azurite-process.ts): starts Azurite in this process with the options
// in argv[2], sends its endpoints to the parent, and stops on SIGTERM or when the parent goes away.
import { startAzurite, type AzuriteOptions } from "./azurite.js";
import type { AzuriteEndpoints } from "./azurite-process.js";

const options = JSON.parse(process.argv[2] ?? "{}") as AzuriteOptions;
try {
  const azurite = await startAzurite(options);
  const stop = () => void azurite.close().finally(() => process.exit(0));
  process.once("SIGTERM", stop).once("SIGINT", stop).once("disconnect", stop);
  const endpoints: AzuriteEndpoints = {
    blobEndpoint: azurite.blobEndpoint,
    tableEndpoint: azurite.tableEndpoint,
    queueEndpoint: azurite.queueEndpoint,
    connectionString: azurite.connectionString,
    accountName: azurite.accountName,
  };
  process.send!(endpoints);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
