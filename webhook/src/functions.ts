// @azure/functions is CommonJS; Node's ESM loader cannot see most of its named exports (HttpRequest, ...), so
// runtime values are taken from the default export here. Types can still be imported by name.
import functions from "@azure/functions";

export const { app, HttpRequest, InvocationContext } = functions;
