// The webhook contract's own build steps (loaded by contracts/tooling): generated/provider.tsp from
// provider.name in config/<env>/vars.yml before the compile, and the receiver's TypeScript types after it.
import type { ContractHooks } from "../tooling/src/contracts.js";
import { writeProviderTsp } from "./src/build.js";
import { providerNameFromConfig } from "./src/provider.js";

export const hooks: ContractHooks = {
  prepare: (contract) => {
    const provider = providerNameFromConfig();
    writeProviderTsp(provider.name, provider.source, contract.dir);
    return `x-webhook-provider: ${provider.name} from ${provider.source}`;
  },
  // The receiver (webhook/) must import nothing outside webhook/, so its types are generated into it.
  typescriptTypes: { v1: "webhook/src/contract/openapi.v1.ts" },
};
