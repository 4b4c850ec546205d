// The child of startAzuriteProcess() (local/azurite-process.ts): starts Azurite in this process with the options
// in argv[2], sends its endpoints to the parent, and stops on SIGTERM or when the parent goes away.
// Plain JavaScript that Node runs without tsx: it imports local/azurite.ts through Node's own type stripping
// (azurite.ts uses only erasable TypeScript). Through tsx's hooks, loading Azurite's modules cost the child about
// twice the CPU.
import { startAzurite } from "./azurite.ts";

const options = JSON.parse(process.argv[2] ?? "{}");
try {
  const azurite = await startAzurite(options);
  const stop = () => void azurite.close().finally(() => process.exit(0));
  process.once("SIGTERM", stop).once("SIGINT", stop).once("disconnect", stop);
  // AzuriteEndpoints (local/azurite-process.ts): Azurite minus its functions.
  process.send({
    blobEndpoint: azurite.blobEndpoint,
    tableEndpoint: azurite.tableEndpoint,
    queueEndpoint: azurite.queueEndpoint,
    connectionString: azurite.connectionString,
    accountName: azurite.accountName,
  });
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
