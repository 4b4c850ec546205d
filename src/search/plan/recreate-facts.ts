// Facts about the agentic-retrieval objects the plan classifies: the properties the service changes only by
// deleting and creating the object again (UNCONFIRMED until checked on a dev service; the other facts about
// aliases and knowledge objects are in ../bluegreen/alias-facts.ts). Change a fact here and only here.

/**
 * UNCONFIRMED: the properties of a knowledge source whose change the service refuses in place (PUT), so that the
 * object must be deleted and created again. Everything else, `searchIndexParameters.searchIndexName` included, is
 * assumed to update in place with `If-Match` (the SDK's createOrUpdateKnowledgeSource with onlyIfUnchanged).
 * Paths are dotted JSON paths into the REST shape.
 */
export const KNOWLEDGE_SOURCE_RECREATE_PATHS: readonly string[] = ["kind"];

/**
 * UNCONFIRMED: the same for a knowledge base. Documented by recording (Azure SDK live test, PUT with If-Match →
 * 200): a description and the knowledge source list update in place; nothing is known to need a recreate.
 */
export const KNOWLEDGE_BASE_RECREATE_PATHS: readonly string[] = [];
