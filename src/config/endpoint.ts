// Endpoint rules: what counts as a loopback (local stand-in / Azurite) endpoint. Plain http, admin keys and
// connection strings are accepted only for these. The one rule is the webhook receiver's (webhook/src/loopback.ts):
// that package is deployed on its own and imports nothing outside webhook/, so src/ takes it from there. Pure.
export { isLoopback, isLoopbackHost } from "../../webhook/src/loopback.js";
