// The contracts:check gate, pure part: compare each version's fresh description with its baseline, name every
// breaking change and where it is declared, and decide. Breaking changes pass only when the contract declares
// a version the baseline does not have (a new member of its Versions enum, emitted as a new openapi.<v>.json),
// or when the contract's approvals file names them (approvals.ts). A required name that names no property of
// its schema is a contract error of its own and fails the gate too.
import type { Approval } from "./approvals.js";
import { compareDescriptions, type Change } from "./breaking.js";
import { subjectIn, type SourceIndex, type Subject } from "./locate.js";
import { fileOfVersion } from "./contracts.js";
import { normalizeDescription } from "./normalize.js";
import { requiredNameErrors } from "./required-names.js";

export interface LocatedChange extends Change {
  version: string;
  subject: Subject;
  /** `contracts/webhook/models.tsp:88:1`, when the declaration is found. */
  source?: string;
}

interface ApprovedChange extends LocatedChange {
  approval: Approval;
}

interface ContractError {
  version: string;
  message: string;
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
  /** Breaking changes named in the contract's approvals file: they pass, and are printed. */
  approved: ApprovedChange[];
  /** Approvals that named no change of this check (stale: remove them). */
  unusedApprovals: Approval[];
  /** Mistakes in the fresh descriptions themselves (a required name that is no property). */
  errors: ContractError[];
  allowed: LocatedChange[];
  /** True when there was nothing to compare against (a new contract, or no baseline recorded). */
  noBaseline: boolean;
  /** Breaking changes present but accepted because a new version is declared. */
  acceptedByNewVersion: boolean;
  ok: boolean;
}

/** Whether `approval` names this change: its printed text, and its operation and version when given. */
function approves(approval: Approval, change: LocatedChange): boolean {
  return (
    approval.change.trim() === `${change.kind}: ${change.description}` &&
    (approval.operation === undefined || approval.operation === change.subject.operation) &&
    (approval.version === undefined || approval.version === change.version)
  );
}

export function checkContract(
  contract: string,
  baselineLabel: string,
  baseline: ReadonlyMap<string, string>,
  fresh: ReadonlyMap<string, string>,
  sources?: SourceIndex,
  approvals: readonly Approval[] = [],
): ContractCheck {
  const compared: string[] = [];
  const breaking: LocatedChange[] = [];
  const approved: ApprovedChange[] = [];
  const errors: ContractError[] = [];
  const used = new Set<Approval>();
  const freshDocuments = new Map<string, unknown>();
  const normalizedFresh = (version: string, text: string) => {
    if (!freshDocuments.has(version)) freshDocuments.set(version, normalizeDescription(JSON.parse(text)));
    return freshDocuments.get(version);
  };
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
    // Paths in the changes are paths in the normalized descriptions: name their subjects there.
    const before = normalizeDescription(JSON.parse(text));
    const after = normalizedFresh(version, now);
    for (const change of compareDescriptions(before, after)) {
      const subject = subjectIn(after, before, change.path);
      const source = sources?.locate(subject);
      const located: LocatedChange = { ...change, version, subject, ...(source ? { source } : {}) };
      const approval = change.breaking ? approvals.find((a) => approves(a, located)) : undefined;
      if (approval) {
        used.add(approval);
        approved.push({ ...located, approval });
      } else (change.breaking ? breaking : allowed).push(located);
    }
  }
  for (const [version, text] of fresh) {
    for (const error of requiredNameErrors(normalizedFresh(version, text)))
      errors.push({ version, message: `${error.message} [${fileOfVersion(version)}]` });
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
    approved,
    unusedApprovals: approvals.filter((a) => !used.has(a)),
    errors,
    allowed,
    noBaseline,
    acceptedByNewVersion,
    ok: (breaking.length === 0 || acceptedByNewVersion) && errors.length === 0,
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

const inFile = (change: LocatedChange) => (change.version ? ` [${fileOfVersion(change.version)}]` : "");

/** The human-readable report of one contract. */
export function renderCheck(check: ContractCheck): string {
  const lines: string[] = [];
  const against = `against ${check.baseline}`;
  const versions = check.compared.map((v) => fileOfVersion(v)).join(", ") || "no version";
  if (check.noBaseline) {
    lines.push(
      `${check.contract}: nothing to compare: ${check.baseline} has no openapi.*.json (a new contract; record one with --update-baseline once it is released).`,
    );
  } else if (check.breaking.length === 0) {
    const approved = check.approved.length;
    lines.push(
      `${check.contract}: no breaking changes ${against} (${versions})` +
        (approved > 0 ? `, ${approved} approved breaking change${approved === 1 ? "" : "s"}.` : "."),
    );
  } else {
    const n = check.breaking.length;
    const verdict = check.acceptedByNewVersion
      ? `accepted: the contract declares new version ${check.newVersions.join(", ")}`
      : "FAILED";
    lines.push(`${check.contract}: ${n} breaking change${n === 1 ? "" : "s"} ${against} (${versions}), ${verdict}`);
    for (const change of check.breaking) {
      lines.push(`  ✗ ${change.kind}: ${change.description}${inFile(change)}`);
      const at = where(change);
      if (at) lines.push(`      at ${at}`);
    }
    if (!check.acceptedByNewVersion) {
      lines.push(
        "  Keep the old shape, or declare a new version: add it to the contract's Versions enum (e.g. `v2`) and mark",
        "  the change with @added/@removed(Versions.v2) so the previous version's description stays as it was.",
        "  A reviewed, intended break can instead be approved in the contract's approved-breaking-changes.yaml",
        "  (`change:` the line after ✗ without the [file], `reason:`, `approved_by:`; see contracts/README.md).",
      );
    }
  }
  for (const change of check.approved) {
    lines.push(`  ⚠ approved breaking change: ${change.kind}: ${change.description}${inFile(change)}`);
    const at = where(change);
    if (at) lines.push(`      at ${at}`);
    lines.push(
      `      why: ${change.approval.reason} (approved by ${change.approval.approved_by}; ${change.approval.file})`,
    );
  }
  for (const approval of check.unusedApprovals)
    lines.push(`  ! approval names no change of this check (remove it from ${approval.file}): ${approval.change}`);
  for (const error of check.errors) lines.push(`  ✗ contract error: ${error.message}`);
  if (check.errors.length > 0 && check.breaking.length === 0)
    lines[0] = lines[0]!.replace(/\.$/, ", FAILED (contract errors)");
  if (check.newVersions.length > 0 && !check.noBaseline)
    lines.push(
      `  new version${check.newVersions.length === 1 ? "" : "s"}: ${check.newVersions.map(fileOfVersion).join(", ")}`,
    );
  for (const change of check.allowed) lines.push(`  ✓ ${change.kind}: ${change.description}`);
  return lines.join("\n");
}
