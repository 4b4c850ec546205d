// What contracts:check adds to a CI run so that a pull request shows the gate's verdict, not only its log: an
// annotation per approved breaking change (a warning), per unapproved one and per contract error (an error), in
// the CI system's own syntax (GitHub Actions workflow commands, Azure Pipelines logging commands), and on GitHub
// a markdown job summary. Pure: the checks and the environment in, the lines out.
import type { ContractCheck, LocatedChange } from "./check.js";
import { fileOfVersion } from "./contracts.js";

export interface CiReport {
  /** Lines for stdout (the CI system reads its commands there). */
  commands: string[];
  /** Markdown for $GITHUB_STEP_SUMMARY, when there is something to say. */
  summary?: string;
}

type Level = "warning" | "error";

// GitHub Actions: data is escaped (%, CR, LF), and property values also escape `:` and `,`.
const ghData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const ghProperty = (s: string) => ghData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
// Azure Pipelines: the message ends at a line break; ';' and ']' matter only in properties, which are not used.
const adoData = (s: string) => s.replace(/\r?\n/g, " ");

const text = (change: LocatedChange) =>
  `${change.kind}: ${change.description} [${fileOfVersion(change.version)}]` +
  (change.subject.operation ? ` at ${change.subject.operation}` : "");

export function ciReport(checks: readonly ContractCheck[], env: NodeJS.ProcessEnv): CiReport {
  const entries: { level: Level; title: string; message: string }[] = [];
  for (const check of checks) {
    for (const change of check.approved)
      entries.push({
        level: "warning",
        title: `Approved breaking change (${check.contract})`,
        message: `${text(change)}. Why: ${change.approval.reason} (approved by ${change.approval.approved_by}; ${change.approval.file})`,
      });
    if (!check.acceptedByNewVersion)
      for (const change of check.breaking)
        entries.push({ level: "error", title: `Breaking change (${check.contract})`, message: text(change) });
    for (const error of check.errors)
      entries.push({ level: "error", title: `Contract error (${check.contract})`, message: error.message });
  }
  if (env.GITHUB_ACTIONS === "true") {
    const commands = entries.map((e) => `::${e.level} title=${ghProperty(e.title)}::${ghData(e.message)}`);
    const approved = checks.flatMap((c) => c.approved.map((change) => ({ contract: c.contract, change })));
    const summary =
      approved.length === 0
        ? undefined
        : [
            "### contracts:check: approved breaking changes",
            "",
            "| Contract | Change | Why | Approved by |",
            "|---|---|---|---|",
            ...approved.map(
              ({ contract, change }) =>
                `| ${contract} | ${text(change).replace(/\|/g, "\\|")} | ${change.approval.reason.replace(/\|/g, "\\|")} | ${change.approval.approved_by.replace(/\|/g, "\\|")} |`,
            ),
            "",
          ].join("\n");
    return summary === undefined ? { commands } : { commands, summary };
  }
  if (env.TF_BUILD === "True")
    return {
      commands: entries.map((e) => `##vso[task.logissue type=${e.level}]${adoData(`${e.title}: ${e.message}`)}`),
    };
  return { commands: [] };
}
