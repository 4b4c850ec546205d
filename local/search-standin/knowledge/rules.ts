// How the stand-in answers where the agentic-retrieval documentation is silent. The facts (may a knowledge source
// name an alias, which deletes are refused, the status of a retrieve that needs a model) live in
// src/search/service/service-facts.ts, the one place the product and the stand-in read them from; this file adds
// only the stand-in's wording (UNCONFIRMED codes and texts). Sources: docs/agentic-retrieval.md.
import { ServiceError } from "../http.js";

import { RETRIEVE_WITHOUT_INTENTS_NEEDS_MODEL_STATUS } from "../../../src/search/service/service-facts.js";

/** The service's invalid-body shape (as for indexes and indexers): 400, InvalidRequestParameter. */
export function invalidKnowledge(message: string): ServiceError {
  return new ServiceError(400, "InvalidRequestParameter", `The request is invalid. Details: ${message}`);
}

/** UNCONFIRMED wording, modelled on the service's message for an unknown JSON property. */
export function unknownProperty(property: string, type: string): ServiceError {
  return invalidKnowledge(
    `The property '${property}' does not exist on type '${type}'. Make sure to only use property names that are defined by the type.`,
  );
}

/** UNCONFIRMED status (400), code and text: a knowledge source naming an index the service does not have. */
export function unknownIndex(source: string, index: string): ServiceError {
  return invalidKnowledge(`knowledge source '${source}' refers to the index '${index}', which does not exist.`);
}

/** UNCONFIRMED (KNOWLEDGE_SOURCE_MAY_NAME_ALIAS): a knowledge source naming an alias. */
export function knowledgeSourceNamesAlias(source: string, alias: string): ServiceError {
  return invalidKnowledge(
    `knowledge source '${source}' refers to '${alias}', which is an alias; a knowledge source must name an index.`,
  );
}

/** UNCONFIRMED text (seen for the preview's knowledge agents, Azure-Samples/azure-search-openai-demo#2882). */
export function indexNamedByKnowledgeSource(index: string, sources: string[]): ServiceError {
  return new ServiceError(
    400,
    "OperationNotAllowed",
    `Cannot delete index '${index}' because knowledge source(s) ${sources.map((s) => `'${s}'`).join(", ")} are still referencing it.`,
  );
}

/** UNCONFIRMED status, code and text. */
export function knowledgeSourceListed(source: string, bases: string[]): ServiceError {
  return new ServiceError(
    400,
    "OperationNotAllowed",
    `Cannot delete knowledge source '${source}' because knowledge base(s) ${bases.map((b) => `'${b}'`).join(", ")} are still referencing it.`,
  );
}

/** Documented rule (no model, no query planning: intents are required); UNCONFIRMED status, code and text. */
export function retrieveNeedsIntents(base: string): ServiceError {
  return new ServiceError(
    RETRIEVE_WITHOUT_INTENTS_NEEDS_MODEL_STATUS,
    "InvalidRequestParameter",
    `The request is invalid. Details: knowledge base '${base}' has no model for query planning; a retrieve request must carry 'intents'.`,
  );
}
