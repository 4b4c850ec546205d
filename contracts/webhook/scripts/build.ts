// npm run contracts:build — builds contracts/webhook/openapi/openapi.v1.json.
// Exit codes: 0 built; 1 TypeSpec diagnostics (errors or warnings, linter included); 2 configuration error.
import path from "node:path";
import { ConfigError } from "../../../src/config/load.js";
import { buildWebhookContract, ContractBuildError } from "../src/build.js";
import { providerNameFromConfig } from "../src/provider.js";

try {
  const provider = providerNameFromConfig();
  const { file, compileMs } = await buildWebhookContract(provider.name, provider.source);
  console.log(
    `${path.relative(process.cwd(), file)} (x-webhook-provider: ${provider.name} from ${provider.source}; TypeSpec compile ${Math.round(compileMs)} ms)`,
  );
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exitCode = 2;
  } else if (err instanceof ContractBuildError) {
    console.error(err.message);
    process.exitCode = 1;
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  }
}
