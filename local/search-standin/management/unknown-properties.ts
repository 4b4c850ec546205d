// The service refuses a definition that names a property its API version does not define (400), where a lenient
// stand-in would store it and drop it silently: a typo such as "serchable" or an indexer's "shedule" must fail
// locally as it does in Azure. Checked against the same vendored JSON Schema the CLI uses (schemas/azure-search/).
import { ServiceError } from "../http.js";
import type { JsonObject } from "../state.js";
import { definitionSchema } from "../../../src/search/io/definition-schema.js";
import type { DefinitionKind } from "../../../src/search/definitions/definitions.js";

/**
 * UNCONFIRMED (the service's OData wording for an unknown property, as seen in public reports for older API
 * versions; the type name follows the versioned namespace): the 400 message the service answers with.
 */
function unknownPropertyMessage(property: string, type: string): string {
  return `The request is invalid. Details: The property '${property}' does not exist on type 'Microsoft.Azure.Search.V2026_04_01.${type}'. Make sure to only use property names that are defined by the type.`;
}

const TYPE_NAMES: Record<DefinitionKind, string> = {
  index: "Index",
  datasource: "DataSource",
  indexer: "Indexer",
  knowledgeSource: "KnowledgeSource",
  knowledgeBase: "KnowledgeBase",
};

/** Throws the service's 400 for the first property the schema does not know; nothing else is judged here. */
export function assertKnownProperties(kind: DefinitionKind, body: JsonObject): void {
  const unknown = definitionSchema()
    .validate(kind, body)
    .find((e) => e.keyword === "unevaluatedProperties" || e.keyword === "additionalProperties");
  if (!unknown) return;
  const property = String(unknown.params.unevaluatedProperty ?? unknown.params.additionalProperty);
  const type = /^\/fields\/\d+$/.test(unknown.instancePath) ? "IndexField" : TYPE_NAMES[kind];
  throw new ServiceError(400, "InvalidRequestParameter", unknownPropertyMessage(property, type));
}
