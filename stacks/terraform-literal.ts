// Terraform evaluates "${...}" and "%{...}" inside every string of cdk.tf.json. Documents embedded verbatim (the
// OpenAPI import, the policy XML) are escaped so their text reaches Azure unchanged ("$${" and "%%{" are
// Terraform's literal forms). cdktf passes plain strings through as they are.
// Replacement functions, not strings: in a replacement string "$$" means one "$", which would undo the escape.
export function terraformLiteral(text: string): string {
  return text.replace(/\$\{/g, () => "$${").replace(/%\{/g, () => "%%{");
}
