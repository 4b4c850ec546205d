// Minimal XML escaping for policy documents built from configuration values.

/** Escapes a value for use in XML text or a double-quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

/**
 * API Management evaluates values that start with "@" as C# policy expressions and substitutes "{{name}}" with
 * named values. Configuration values must never do either, so they are refused rather than escaped.
 */
function assertLiteral(key: string, value: string): string {
  if (value.startsWith("@") || value.includes("{{") || value.includes("}}")) {
    throw new Error(
      `${key}: must be a literal value; "@..." and "{{...}}" are API Management expression syntax (got ${JSON.stringify(value)})`,
    );
  }
  return value;
}

/** A literal value, checked and escaped. */
export function lit(key: string, value: string): string {
  return escapeXml(assertLiteral(key, value));
}
