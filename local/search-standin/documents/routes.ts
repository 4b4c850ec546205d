// Document endpoints: docs/search, docs/$count, docs/index, lookup by key. Filled in by the local-environment work.
import type { Router } from "../http.js";
import type { StandInContext } from "../server.js";

export function registerDocumentRoutes(_router: Router, _ctx: StandInContext): void {}
