// May this saved plan be applied here and now? Every reason it may not, at once, so one run tells the operator
// everything: another environment or endpoint, a live object changed since the plan (its ETag moved), a plan
// that no longer follows from its own definitions, definitions that differ from the checkout being deployed.
// Pure: the caller reads the live service. (An older file format is refused earlier, by parseSavedPlan.)
import { DEPLOY_ORDER, KNOWLEDGE_ORDER, type DefinitionKind, type Definitions } from "../definitions/definitions.js";
import { deepEqual } from "../plan/normalise.js";
import { buildPlan, type LiveDefinitions, type Plan } from "../plan/plan.js";
import type { AliasPin, LiveRef, SavedPlan } from "./saved-plan.js";

type RefusalReason = "format" | "environment" | "endpoint" | "etag" | "plan" | "definitions" | "strategy";

export interface Refusal {
  reason: RefusalReason;
  message: string;
  /** The object concerned (etag, definitions). */
  kind?: LiveRef["kind"];
  name?: string;
  planned?: string | null;
  live?: string | null;
}

/** The saved plan was refused: nothing was written. */
export class SavedPlanRefusedError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(
      `the saved plan was not applied; nothing was changed:\n${refusals.map((r) => `  - ${r.message}`).join("\n")}\n` +
        `Plan again (docs-index plan -out <file>), review the new plan, and deploy that.`,
    );
    this.name = "SavedPlanRefusedError";
  }
}

export interface CurrentTarget {
  environment: string;
  endpoint: string;
}

/** An endpoint as compared: scheme, lower-case host, port, path without trailing slashes. */
export function endpointKey(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return endpoint.trim();
  }
}

function etagRefusal(ref: LiveRef, now: string | null): Refusal | undefined {
  if (ref.etag === now) return undefined;
  const base = { reason: "etag" as const, kind: ref.kind, name: ref.name, planned: ref.etag, live: now };
  if (ref.etag === null)
    return { ...base, message: `${ref.kind} ${ref.name} was created on the service after the plan` };
  if (now === null) return { ...base, message: `${ref.kind} ${ref.name} was deleted on the service after the plan` };
  return {
    ...base,
    message: `${ref.kind} ${ref.name} changed on the service after the plan (ETag ${ref.etag} -> ${now})`,
  };
}

/** What decides a plan: per object its action and, per change, where, what and with which effect. */
function planShape(plan: Plan): unknown {
  return plan.objects.map((o) => [o.kind, o.name, o.action, o.changes.map((c) => [c.path, c.change, c.effect])]);
}

export interface CheckInput {
  target: CurrentTarget;
  /**
   * The three definitions as the service holds them now, read as the plan read them (blue/green: through the alias).
   */
  live: LiveDefinitions;
  /** The alias by the configured name as read now (its ETag null when there is none), checked against its pin. */
  alias?: AliasPin;
  /** The definitions of the checkout being deployed, filled for the environment; omit to skip that check. */
  files?: Definitions;
}

/** Every reason the saved plan may not be applied now; empty when it may. */
export function checkSavedPlan(saved: SavedPlan, input: CheckInput): Refusal[] {
  const refusals: Refusal[] = [];
  if (saved.target.environment !== input.target.environment)
    refusals.push({
      reason: "environment",
      message: `the plan is for environment ${saved.target.environment}; this run targets ${input.target.environment}`,
    });
  if (endpointKey(saved.target.endpoint) !== endpointKey(input.target.endpoint))
    refusals.push({
      reason: "endpoint",
      message: `the plan was made against ${saved.target.endpoint}; this run targets ${input.target.endpoint}`,
    });

  const kindsPinned = new Set<string>([...DEPLOY_ORDER, ...KNOWLEDGE_ORDER]);
  let etagsHold = true;
  for (const ref of saved.live) {
    const now = kindsPinned.has(ref.kind)
      ? (input.live[ref.kind as DefinitionKind]?.etag ?? null)
      : input.alias?.name === ref.name
        ? input.alias.etag
        : null;
    const refusal = etagRefusal(ref, now);
    if (refusal) {
      refusals.push(refusal);
      etagsHold = false;
    }
  }

  // Same ETags, so the same live state: the plan must follow from its definitions exactly as it did then.
  if (etagsHold && !deepEqual(planShape(buildPlan(saved.definitions, input.live)), planShape(saved.plan)))
    refusals.push({
      reason: "plan",
      message:
        "the saved plan does not follow from its own definitions and the live service (edited by hand, or made by a docs-index that classifies changes differently)",
    });

  if (input.files)
    for (const k of DEPLOY_ORDER)
      if (!deepEqual(input.files[k], saved.definitions[k]))
        refusals.push({
          reason: "definitions",
          kind: k,
          name: String(saved.definitions[k].name),
          message: `the ${k} definition in this checkout differs from the one in the saved plan (the plan was made from another commit)`,
        });
  return refusals;
}
