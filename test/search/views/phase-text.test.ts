// Where a blue/green rebuild or the migration stands, in words (`status`, a plan's pending operation, the error
// line of a refusal): the exact sentences users and scripts read, worded from the core's phase and refusal facts.
import { describe, expect, it } from "vitest";
import { pendingOperation } from "../../../src/search/bluegreen/pending.js";
import type { Phase } from "../../../src/search/bluegreen/progress-state.js";
import { RebuildNotPossibleError } from "../../../src/search/bluegreen/rebuild.js";
import {
  pendingDocument,
  pendingMessage,
  phaseRefusalMessage,
  phaseText,
} from "../../../src/search/views/phase-text.js";

const building: Phase = { phase: "building", live: "docs-index-1", candidate: "docs-index-2", crawl: "running" };
const idle: Phase = {
  phase: "idle",
  live: "docs-index-3",
  older: ["docs-index-1", "docs-index-2"],
  candidate: undefined,
};

describe("phaseText", () => {
  it("a concrete index: a rebuild drops it, migrate once", () => {
    expect(phaseText("docs-index", { phase: "concrete" })).toBe(
      "docs-index is a concrete index (not an alias): a rebuild drops it. Run `docs-index migrate-to-alias` once to serve it through an alias.",
    );
  });

  it("nothing by that name: deploy", () => {
    expect(phaseText("docs-index", { phase: "missing" })).toBe(
      "docs-index exists neither as an alias nor as an index: run `docs-index deploy`.",
    );
  });

  it("the alias missing mid-migration: queries fail, resume now", () => {
    expect(phaseText("docs-index", { phase: "alias-missing", generation: "docs-index-1" })).toBe(
      "docs-index is missing: the migration stopped after deleting the concrete index and before creating the alias, so queries to docs-index FAIL. Run `docs-index migrate-to-alias --resume` now (it creates the alias of docs-index-1).",
    );
  });

  it("idle: the live generation, then the older ones and an unused newer one when there are", () => {
    expect(phaseText("docs-index", { phase: "idle", live: "docs-index-1", older: [], candidate: undefined })).toBe(
      "docs-index is an alias of docs-index-1.",
    );
    expect(phaseText("docs-index", { ...idle, candidate: "docs-index-4" })).toBe(
      "docs-index is an alias of docs-index-3. Older generation(s) kept for rollback: docs-index-1, docs-index-2 (`deploy --prune` deletes them). docs-index-4 is not in use (left by a rolled-back or interrupted rebuild; the next rebuild replaces it, `deploy --prune` deletes it).",
    );
  });

  it("building: who serves, what is filled, how far, and the command that continues it", () => {
    expect(phaseText("docs-index", building)).toBe(
      "a rebuild is under way: docs-index-1 serves, docs-indexer fills docs-index-2 (crawl: running). `docs-index deploy --resume` continues it (wait, verify, swap); consumers stay on docs-index-1 until then.",
    );
  });

  it("inconsistent: the indexer's target, the live generation, and how to point it back", () => {
    expect(phaseText("docs-index", { phase: "inconsistent", live: "docs-index-2", indexerTarget: "other" })).toBe(
      "the indexer targets other, which is neither the live generation docs-index-2 nor a newer one: run `docs-index deploy` to point it back.",
    );
  });
});

describe("a pending operation in words", () => {
  it("is worded from its phase; a document holds phase, message and command in that order", () => {
    const pending = pendingOperation("docs-index", true, building)!;
    expect(pendingMessage(pending)).toBe(phaseText("docs-index", building));
    expect(JSON.stringify(pendingDocument(pending))).toBe(
      JSON.stringify({
        phase: "building",
        message: phaseText("docs-index", building),
        command: "docs-index deploy --resume",
      }),
    );
  });

  it("read back from a saved plan, keeps the words the file recorded", () => {
    const recorded = { phase: "building" as const, message: "as approved", command: null };
    expect(pendingMessage(recorded)).toBe("as approved");
    expect(pendingDocument(recorded)).toEqual(recorded);
  });
});

describe("phaseRefusalMessage", () => {
  const refused = (err: RebuildNotPossibleError) => phaseRefusalMessage(err.phase, err.refusal);
  const where = phaseText("docs-index", building);

  it("words each refusal the phase decides, after where things stand", () => {
    const of = (refusal: RebuildNotPossibleError["refusal"], phase: Phase = building) =>
      refused(new RebuildNotPossibleError(phase, refusal));
    expect(of({ refused: "rebuild-under-way", name: "docs-index" })).toBe(
      `${where} Re-run with --resume, or wait for it to finish.`,
    );
    expect(of({ refused: "migrate-under-way", name: "docs-index" })).toBe(
      `${where} Re-run migrate-to-alias with --resume.`,
    );
    expect(of({ refused: "rebuild", name: "docs-index" })).toBe(`cannot rebuild docs-index: ${where}`);
    expect(of({ refused: "migrate", name: "docs-index" })).toBe(`cannot migrate docs-index: ${where}`);
    expect(of({ refused: "prune", name: "docs-index" })).toBe(`not pruning: ${where}`);
    expect(of({ refused: "deploy", name: "docs-index" })).toBe(`not deploying: ${where}`);
    expect(of({ refused: "resume", name: "docs-index" }, idle)).toBe(
      `no rebuild of docs-index to resume: ${phaseText("docs-index", idle)}`,
    );
  });

  it("a saved plan's rebuild the service no longer matches: how, and plan again", () => {
    const err = new RebuildNotPossibleError(idle, { refused: "planned-target", mismatch: "the alias moved" });
    expect(refused(err)).toBe("the alias moved; nothing was changed. Plan again.");
    expect(err.message).toBe(refused(err));
  });
});
