// The service's answer to a definition that breaks one of its documented rules (the rules plan checks before any
// read: src/search/definitions/rules/): 400 InvalidRequestParameter, "The request is invalid. Details: …", the
// shape of the service's answers to invalid bodies (reference §5, the unknown-property answer).
// UNCONFIRMED: the service's own words for each rule; the details here are the rule's (place, problem, expected),
// without the "did you mean" the CLI adds.
import { ServiceError } from "../http.js";
import type { RuleFinding } from "../../../src/search/definitions/rules/check-definitions.js";

export function refusedByRule(f: RuleFinding): ServiceError {
  return new ServiceError(
    400,
    "InvalidRequestParameter",
    `The request is invalid. Details: ${f.path}: ${f.problem}; expected ${f.expected}.`,
  );
}
