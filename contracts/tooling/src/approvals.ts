// Approved breaking changes: the rare intentional break, declared in the contract's folder
// (contracts/<name>/approved-breaking-changes.yaml) and reviewed with the pull request that makes it. Each entry
// names one change exactly as contracts:check prints it (`<kind>: <description>`), optionally narrowed to one
// operation and one version, and says why and who approved it. This module reads and validates the file;
// checkContract (check.ts) matches the entries, passes those changes and prints them (and, in CI, annotates the
// run with them) so that an approved break is never silent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { z } from "zod";
import { ConfigError, describeIssues } from "../../../src/config/load.js";
import { repoRoot, type Contract } from "./contracts.js";

export const APPROVALS_FILE = "approved-breaking-changes.yaml";

const approvalSchema = z.strictObject({
  change: z.string({ error: "expected the change as contracts:check prints it (`<kind>: <description>`)" }).min(1),
  operation: z.string({ error: "expected an operation as printed after `at`, e.g. `POST /api/webhooks`" }).optional(),
  version: z.string({ error: "expected a version, e.g. `v1`" }).optional(),
  reason: z
    .string({ error: "expected why the break is acceptable (who is affected, how they were told)" })
    .min(10, "expected why the break is acceptable, in a sentence (who is affected, how they were told)"),
  approved_by: z.string({ error: "expected who approved it (a name or team, and the pull request)" }).min(1),
});

const approvalsSchema = z.array(approvalSchema, { error: "expected a list of approvals (`- change: …`)" });

export type Approval = z.infer<typeof approvalSchema> & { file: string };

/** The approvals in `text` (YAML), validated; errors name the file, the entry and the key. */
export function parseApprovals(text: string, file: string): Approval[] {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      file,
      doc.errors.map((e) => ({ key: "(yaml)", expected: e.message.split("\n")[0] ?? e.message })),
    );
  }
  const result = approvalsSchema.safeParse(doc.toJS() ?? []);
  if (!result.success) throw new ConfigError(file, describeIssues(result.error.issues, approvalsSchema));
  return result.data.map((approval) => ({ ...approval, file }));
}

/** The contract's approvals file, or none when it does not exist. */
export function readApprovals(contract: Contract): Approval[] {
  const file = path.join(contract.dir, APPROVALS_FILE);
  if (!existsSync(file)) return [];
  return parseApprovals(readFileSync(file, "utf8"), path.relative(repoRoot, file));
}
