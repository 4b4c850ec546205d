// Entry point for `npm run docs-index -- <command> [options]` (runs the TypeScript source through tsx). Pipelines
// and docs use `npx docs-index …`, the built command (package.json bin), which starts faster and prints no npm
// banner on stdout. See --help.
import { main } from "../src/cli/docs-index/main.js";

await main();
