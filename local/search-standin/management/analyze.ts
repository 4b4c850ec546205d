// `POST /indexes/{name}/analyze` (Indexes - Analyze): how an analyzer of the index breaks a text into tokens,
// the way a user checks an analyzer. Body: `text` and either `analyzer` (a predefined or the index's analyzer)
// or `tokenizer` with optional `tokenFilters` / `charFilters`. Answer: `tokens` with `token`, `startOffset`,
// `endOffset`, `position`.
import { ServiceError, type Router } from "../http.js";
import type { StandInContext } from "../context.js";
import { AnalysisError, analyzerNamed } from "../ranking/analyzers.js";
import type { JsonObject } from "../state.js";

function invalid(message: string): ServiceError {
  return new ServiceError(400, "InvalidRequestParameter", `The request is invalid. Details: ${message}`);
}

/** The tokens of `body.text` under the analysis the body names, in this index definition. */
function analyzeText(definition: JsonObject, body: JsonObject): JsonObject {
  if (typeof body.text !== "string") throw invalid("text : The text to analyze is required.");
  const hasAnalyzer = body.analyzer !== undefined && body.analyzer !== null;
  const hasTokenizer = body.tokenizer !== undefined && body.tokenizer !== null;
  if (hasAnalyzer === hasTokenizer)
    throw invalid("request : Specify either an analyzer or a tokenizer (with optional token and char filters).");
  // A tokenizer with filters is analysed as a custom analyzer made of them, in this index's definitions.
  const adHoc = "\u0000analyze";
  const index = hasAnalyzer
    ? definition
    : {
        ...definition,
        analyzers: [
          {
            "@odata.type": "#Microsoft.Azure.Search.CustomAnalyzer",
            name: adHoc,
            tokenizer: body.tokenizer,
            tokenFilters: body.tokenFilters ?? [],
            charFilters: body.charFilters ?? [],
          },
        ],
      };
  try {
    const analyzer = analyzerNamed(hasAnalyzer ? String(body.analyzer) : adHoc, index);
    return {
      tokens: analyzer.analyze(body.text).map((t) => ({
        token: t.term,
        startOffset: t.start,
        endOffset: t.end,
        position: t.position,
      })),
    };
  } catch (err) {
    if (err instanceof AnalysisError) throw invalid(`request : ${err.message}`);
    throw err;
  }
}

export function registerAnalyzeRoute(router: Router, ctx: StandInContext): void {
  router.on("POST", "/indexes/:name/analyze", (req) => {
    const stored = ctx.state.indexes.get(req.params.name!);
    if (!stored)
      throw new ServiceError(
        404,
        "ResourceNameNotFound",
        `No index with the name '${req.params.name!}' was found in the service.`,
      );
    if (req.body === null || typeof req.body !== "object" || Array.isArray(req.body))
      throw invalid("request : The request body must be a JSON object.");
    return { status: 200, body: analyzeText(stored.definition, req.body as JsonObject) };
  });
}
