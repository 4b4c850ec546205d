// Terraform spells its options with one dash (`terraform plan -out=tfplan`); docs-index takes `plan -out <file>`
// and `-out=<file>` as well as `--out`. Commander reads a single dash as short flags (`-out` would be `-o ut`),
// so the spelling is rewritten before parsing, and only up to a `--`.
export function terraformStyleArgs(argv: readonly string[]): string[] {
  const end = argv.indexOf("--");
  return argv.map((arg, i) => {
    if (end !== -1 && i >= end) return arg;
    if (arg === "-out") return "--out";
    if (arg.startsWith("-out=")) return `--out=${arg.slice("-out=".length)}`;
    return arg;
  });
}
