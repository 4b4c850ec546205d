// JS entry point of @platform/typespec (package.json exports["."].default).
export { $lib } from "./lib.js";
export { $linter } from "./linter.js";
