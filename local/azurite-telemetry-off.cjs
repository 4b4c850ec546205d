// What Azurite's telemetry client gets for the Application Insights SDK when local/azurite.ts loads Azurite's server
// classes: nothing. The client touches the SDK only once telemetry is initialised, which those classes never do.
module.exports = {};
