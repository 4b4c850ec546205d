// Indexer actions: GET status, POST run, POST reset. Runs and resets are delegated to the indexer engine
// (../indexer/engine.ts); this file only checks preconditions and reports state in the service's shape.
import { ServiceError, type Router } from "../http.js";
import { isRunInProgress, resetIndexer, RUN_IN_PROGRESS_MESSAGE, startIndexerRun } from "../indexer/engine.js";
import type { StandInContext } from "../context.js";
import { RUN_INDEXER_ON_CREATE } from "./indexer-definitions.js";

/**
 * Status and code of a run refused because one is active (reference §7): 409 is inferred, the empty code a guess.
 * UNCONFIRMED.
 */
const CONCURRENT_RUN_STATUS = 409;
const CONCURRENT_RUN_CODE = "";

/** Limits reported by the status endpoint (values of the official example payload). */
const LIMITS = {
  maxRunTime: "PT22H",
  maxDocumentExtractionSize: 256000000,
  maxDocumentContentCharactersToExtract: 4000000,
};

function indexerOr404(ctx: StandInContext, name: string) {
  const indexer = ctx.state.indexers.get(name);
  if (!indexer)
    throw new ServiceError(404, "ResourceNameNotFound", `No indexer with the name '${name}' was found in the service.`);
  return indexer;
}

/** Called when an indexer is created: the service starts a first run unless the indexer is disabled. */
export function startRunOnCreate(ctx: StandInContext, name: string): void {
  const indexer = ctx.state.indexers.get(name);
  if (!RUN_INDEXER_ON_CREATE || !indexer || indexer.definition.disabled === true) return;
  startIndexerRun(ctx, name);
}

export function registerIndexerActions(router: Router, ctx: StandInContext): void {
  router.on("GET", "/indexers/:name/status", (req) => {
    const indexer = indexerOr404(ctx, req.params.name!);
    const history = indexer.runtime.history;
    return {
      status: 200,
      body: {
        name: req.params.name,
        status: "running",
        lastResult: history[0] ?? null,
        executionHistory: history,
        limits: LIMITS,
        currentState: {
          mode: "indexingAllDocs",
          allDocsInitialTrackingState: history[0]?.initialTrackingState ?? null,
          allDocsFinalTrackingState: indexer.runtime.highWaterMark,
          resetDocumentKeys: [],
          resetDatasourceDocumentIds: [],
        },
      },
    };
  });

  router.on("POST", "/indexers/:name/run", (req) => {
    const name = req.params.name!;
    indexerOr404(ctx, name);
    if (isRunInProgress(ctx, name))
      throw new ServiceError(CONCURRENT_RUN_STATUS, CONCURRENT_RUN_CODE, RUN_IN_PROGRESS_MESSAGE);
    startIndexerRun(ctx, name);
    return { status: 202 };
  });

  router.on("POST", "/indexers/:name/reset", (req) => {
    const name = req.params.name!;
    indexerOr404(ctx, name);
    resetIndexer(ctx, name);
    return { status: 204 };
  });
}
