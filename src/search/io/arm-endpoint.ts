// The Azure Resource Manager endpoint (preflight's versioning check), in a module of its own so the CLI can name
// it in messages without loading the HTTP pipeline.
export const ARM_ENDPOINT = "https://management.azure.com";
