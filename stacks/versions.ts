// The Terraform version every stack is written for, as a versions.tf beside each synthesized cdk.tf.json.
// Why a separate HCL file rather than `terraform.required_version` in cdk.tf.json: Checkov's terraform_json
// parser (3.3.x) aborts the whole scan on any plain string inside the JSON `terraform` block ("this method
// receives only dicts"), and Terraform merges the `terraform` blocks of every file in the directory anyway.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The pipelines install 1.11.4; azapi's write-only arguments need 1.11. */
export const TERRAFORM_REQUIRED_VERSION = ">= 1.11.0, < 2.0.0";

const VERSIONS_TF = `# Written by stacks/versions.ts after synthesis; do not edit.
terraform {
  required_version = "${TERRAFORM_REQUIRED_VERSION}"
}
`;

/** Writes versions.tf into every stack directory listed in <outdir>/manifest.json; returns the files written. */
export function writeVersionFiles(outdir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(outdir, "manifest.json"), "utf8")) as {
    stacks: Record<string, { workingDirectory: string }>;
  };
  return Object.values(manifest.stacks).map((stack) => {
    const file = path.join(outdir, stack.workingDirectory, "versions.tf");
    writeFileSync(file, VERSIONS_TF);
    return file;
  });
}
