// The yardstick of `npm run bench:synth`: the smallest CDKTF app (one azurerm resource in one stack), plain
// JavaScript run by plain node, synthesized into the directory given as the first argument.
import { AzurermProvider } from "@cdktf/provider-azurerm/lib/provider/index.js";
import { ResourceGroup } from "@cdktf/provider-azurerm/lib/resource-group/index.js";
import { App, TerraformStack } from "cdktf";

const app = new App({ outdir: process.argv[2] });
const stack = new TerraformStack(app, "minimal");
new AzurermProvider(stack, "azurerm", { features: [{}] });
new ResourceGroup(stack, "rg", { name: "rg-minimal", location: "westeurope" });
app.synth();
