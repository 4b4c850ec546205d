// Runs the local environment's steps in order and records each: ok, skipped (a piece another part of the
// project provides is not there yet) or failed (stops the run; the exit code names the step).
import type { Writable } from "node:stream";
import pc from "picocolors";

type StepStatus = "ok" | "skipped" | "failed";

export interface StepRecord {
  name: string;
  title: string;
  status: StepStatus;
  ms: number;
  /** One line: what happened, why it was skipped, or why it failed. */
  detail: string;
}

/** Thrown by a step whose piece is not available: the step is recorded as skipped and the run goes on. */
export class StepSkipped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "StepSkipped";
  }
}

/** A failed step: the run stops here. */
export class StepFailed extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(`step '${step}' failed: ${message}`);
    this.name = "StepFailed";
  }
}

export interface StepOutcome {
  detail: string;
}

export class StepRunner {
  readonly records: StepRecord[] = [];
  private readonly color: boolean;

  constructor(
    private readonly log: Writable,
    private readonly total: number,
    color: boolean,
  ) {
    this.color = color;
  }

  /**
   * The CLI's notes already printed: the same note (which vars file is read, the endpoint override, a plan's note on
   * the same object) is printed once a run.
   */
  private readonly notesShown = new Set<string>();

  /** Writes a block of text indented under the current step; a CLI note already printed is left out. */
  print(text: string): void {
    const lines = text
      .replace(/\s+$/, "")
      .split("\n")
      .filter((line) => {
        if (!/^\s*note: /.test(line)) return true;
        if (this.notesShown.has(line)) return false;
        this.notesShown.add(line);
        return true;
      });
    const body = lines.join("\n");
    if (body.trim()) this.log.write(`${lines.map((l) => `    ${l}`).join("\n")}\n`);
  }

  async run(name: string, title: string, fn: () => Promise<StepOutcome | string>): Promise<StepRecord> {
    const index = this.records.length + 1;
    const paint = pc.createColors(this.color);
    this.log.write(`\n${paint.bold(`[${index}/${this.total}] ${title}`)}\n`);
    const started = performance.now();
    const record: StepRecord = { name, title, status: "ok", ms: 0, detail: "" };
    this.records.push(record);
    try {
      const outcome = await fn();
      record.detail = typeof outcome === "string" ? outcome : outcome.detail;
    } catch (err) {
      record.ms = Math.round(performance.now() - started);
      if (err instanceof StepSkipped) {
        record.status = "skipped";
        record.detail = err.message;
        this.log.write(`    ${paint.yellow(`skipped: ${err.message}`)}\n`);
        return record;
      }
      record.status = "failed";
      record.detail = err instanceof Error ? err.message : String(err);
      this.log.write(`    ${paint.red(`failed: ${record.detail}`)}\n`);
      throw new StepFailed(name, record.detail);
    }
    record.ms = Math.round(performance.now() - started);
    this.log.write(
      `    ${paint.green("ok")} ${paint.dim(`(${formatMs(record.ms)})`)}${record.detail ? ` ${record.detail}` : ""}\n`,
    );
    return record;
  }
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
