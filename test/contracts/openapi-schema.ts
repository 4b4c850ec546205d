// Validates JSON bodies against schemas of an OpenAPI 3.0 document with ajv (an independent JSON
// Schema implementation). OpenAPI 3.0 schemas are close enough to draft-07 for the keywords TypeSpec
// emits; the int32/int64 formats are added here.
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const DOC_ID = "openapi.json";

export interface SchemaValidator {
  /** Errors of `value` against `#/components/schemas/...` or an inline schema; [] when valid. */
  errors(schema: object, value: unknown): string[];
}

export function createSchemaValidator(doc: object): SchemaValidator {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("int32", {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema(doc, DOC_ID);
  return {
    errors(schema, value) {
      // Rebase local refs onto the registered document.
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_ID}#/components/`),
      ) as object;
      const validate = ajv.compile(rebased);
      return validate(value)
        ? []
        : (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""}`);
    },
  };
}
