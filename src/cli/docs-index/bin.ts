// The built `docs-index` command (package.json bin -> dist/cli/docs-index.js, built by scripts/build-cli.mjs).
// Node's compile cache (node >= 22.1) keeps V8's compiled code of the bundle between runs: a large share of the
// start-up time otherwise goes to parsing the same JavaScript again.
import module from "node:module";

module.enableCompileCache?.();
const { main } = await import("./main.js");
await main();
