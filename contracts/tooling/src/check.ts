// The contracts:check gate, pure part: compare each version's fresh description with its baseline, name every
// breaking change and where it is declared, and decide. Breaking changes pass only when the contract declares
// a version the baseline does not have (a new member of its Versions enum, emitted as a new openapi.<v>.json).
import { compareDescriptions, type Change } from "./breaking.js";
import { subjectIn, type SourceIndex, type Subject } from "./locate.js";
import { fileOfVersion } from "./contracts.js";

export interface LocatedChange extends Change {
  version: string;
  subject: Subject;
  /** `contracts/webhook/models.tsp:88:1`, when the declaration is found. */
  source?: string;
}

export interface ContractCheck {
  contract: string;
  /** What was compared against, e.g. `the committed baseline (contracts/webhook/baseline)` or `origin/main`. */
  baseline: string;
  /** Versions compared with a baseline. */
  compared: string[];
  /** Versions the fresh build has and the baseline does not: declaring one accepts breaking changes. */
  newVersions: string[];
  breaking: LocatedChange[];
  allowed: LocatedChange[];
  /** True when there was nothing to compare against (a new contract, or no baseline recorded). */
  noBaseline: boolean;
  /** Breaking changes present but accepted because a new version is declared. */
  acceptedByNewVersion: boolean;
  ok: boolean;
}

export function checkContract(
  contract: string,
  baselineLabel: string,
  baseline: ReadonlyMap<string, string>,
  fresh: ReadonlyMap<string, string>,
  sources?: SourceIndex,
): ContractCheck {
  const compared: string[] = [];
  const breaking: LocatedChange[] = [];
  let removedVersions = 0;
  const allowed: LocatedChange[] = [];
  for (const [version, text] of baseline) {
    const now = fresh.get(version);
    if (now === undefined) {
      removedVersions++;
      breaking.push({
        version,
        breaking: true,
        kind: "breaking change",
        path: [],
        description: `version ${version} removed: ${fileOfVersion(version)} is no longer emitted`,
        subject: {},
      });
      continue;
    }
    compared.push(version);
    const before = JSON.parse(text) as unknown;
    const after = JSON.parse(now) as unknown;
    for (const change of compareDescriptions(before, after)) {
      const subject = subjectIn(after, before, change.path);
      const source = sources?.locate(subject);
      (change.breaking ? breaking : allowed).push({ ...change, version, subject, ...(source ? { source } : {}) });
    }
  }
  const newVersions = [...fresh.keys()].filter((v) => !baseline.has(v));
  const noBaseline = baseline.size === 0;
  // A removed version is never accepted: its consumers have nothing left to call.
  const acceptedByNewVersion = breaking.length > 0 && newVersions.length > 0 && !noBaseline && removedVersions === 0;
  return {
    contract,
    baseline: baselineLabel,
    compared,
    newVersions,
    breaking,
    allowed,
    noBaseline,
    acceptedByNewVersion,
    ok: breaking.length === 0 || acceptedByNewVersion,
  };
}

function where(change: LocatedChange): string {
  const parts: string[] = [];
  const { operation, operationId, schema, property } = change.subject;
  if (operation) parts.push(operationId ? `${operation} (${operationId})` : operation);
  if (schema) parts.push(property ? `${schema}.${property}` : schema);
  if (change.source) parts.push(change.source);
  return parts.join(" · ");
}

/** The human-readable report of one contract. */
export function renderCheck(check: ContractCheck): string {
  const lines: string[] = [];
  const against = `against ${check.baseline}`;
  if (check.noBaseline) {
    return `${check.contract}: nothing to compare: ${check.baseline} has no openapi.*.json (a new contract; record one with --update-baseline once it is released).`;
  }
  const versions = check.compared.map((v) => fileOfVersion(v)).join(", ") || "no version";
  if (check.breaking.length === 0) {
    lines.push(`${check.contract}: no breaking changes ${against} (${versions}).`);
  } else {
    const n = check.breaking.length;
    const verdict = check.acceptedByNewVersion
      ? `accepted: the contract declares new version ${check.newVersions.join(", ")}`
      : "FAILED";
    lines.push(`${check.contract}: ${n} breaking change${n === 1 ? "" : "s"} ${against} (${versions}), ${verdict}`);
    for (const change of check.breaking) {
      lines.push(
        `  ✗ ${change.kind}: ${change.description}${change.version ? ` [${fileOfVersion(change.version)}]` : ""}`,
      );
      const at = where(change);
      if (at) lines.push(`      at ${at}`);
    }
    if (!check.acceptedByNewVersion) {
      lines.push(
        "  Keep the old shape, or declare a new version: add it to the contract's Versions enum (e.g. `v2`) and mark",
        "  the change with @added/@removed(Versions.v2) so the previous version's description stays as it was.",
      );
    }
  }
  if (check.newVersions.length > 0)
    lines.push(
      `  new version${check.newVersions.length === 1 ? "" : "s"}: ${check.newVersions.map(fileOfVersion).join(", ")}`,
    );
  for (const change of check.allowed) lines.push(`  ✓ ${change.kind}: ${change.description}`);
  return lines.join("\n");
}
