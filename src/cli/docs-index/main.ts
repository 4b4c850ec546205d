// The process entry of the `docs-index` command (bin: dist/cli/docs-index.js, built from this file; also
// `npm run docs-index -- …` through scripts/docs-index.ts). Ends the process itself once the command is done:
// a service that never answers may leave a socket open, and that must not keep the process alive.
import { exitCodeOf } from "../exit-codes.js";
import { runCli } from "./program.js";

// A closed pipe (`docs-index … | head -1`) ends quietly, like other Unix tools.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : exitCodeOf("ok"));
    throw err;
  });
}

// Ctrl-C outside a wait (which handles it itself and says the run goes on): say what may continue on the
// service, since a request already sent is not taken back.
process.on("SIGINT", () => {
  if (process.listenerCount("SIGINT") > 1) return; // a wait is listening and reports it
  process.stderr.write(
    "\ninterrupted (Ctrl-C): requests already sent are not undone; an indexer run or a write already accepted by the service continues there.\nSee where things stand with `npx docs-index status` (and `npx docs-index plan`).\n",
  );
  process.exit(exitCodeOf("interrupted"));
});

export async function main(): Promise<void> {
  const code = await runCli(process.argv);
  process.exitCode = code;
  const exit = () => process.exit(code);
  if (process.stdout.writableNeedDrain) process.stdout.once("drain", exit);
  else exit();
}
