// npm run typespec:build — compiles the library's TypeScript to typespec/platform/dist.
import { ensurePlatformLibraryBuilt } from "./ensure-built.js";

try {
  const started = performance.now();
  await ensurePlatformLibraryBuilt({ force: process.argv.includes("--force") });
  console.error(`typespec/platform/dist up to date (${Math.round(performance.now() - started)} ms)`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
