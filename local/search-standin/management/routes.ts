// Management endpoints: indexes, datasources, indexers (status, reset, run). Filled in by the foundation work.
import type { Router } from "../http.js";
import type { StandInContext } from "../server.js";

export function registerManagementRoutes(_router: Router, _ctx: StandInContext): void {}
