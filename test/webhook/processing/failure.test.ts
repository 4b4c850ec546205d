import { describe, expect, it } from "vitest";
import {
  DownstreamAuthError,
  DownstreamRejectedError,
  PayloadRejectedError,
  RetryableDownstreamError,
} from "../../../webhook/src/downstream/errors.js";
import { PROBLEM_TYPES } from "../../../webhook/src/problem.js";
import { classifyFailure } from "../../../webhook/src/processing/failure.js";

describe("what a failed event handler means", () => {
  it("a payload the handler rejects is a 400 with the field errors, logged as a warning", () => {
    const errors = [{ key: "ProjectId", values: ["is required for Project/Created events"] }];
    const v = classifyFailure(new PayloadRejectedError(errors), "Project/Created");
    expect(v).toMatchObject({ level: "warn", status: 400, type: PROBLEM_TYPES.validation, errors });
    expect(v.detail).toBe("The Project/Created event is missing required fields.");
  });

  it("a downstream that is down is a 503 asking for a redelivery", () => {
    const v = classifyFailure(new RetryableDownstreamError("process API", "timed out after 10 s"), "Project/Created");
    expect(v).toMatchObject({ level: "warn", status: 503, type: PROBLEM_TYPES.downstreamUnavailable });
    expect(v.detail).toContain("Redeliver later");
    expect(v.summary).toBe("process API: timed out after 10 s");
  });

  it("refused credentials are a 502 whose log line carries the checklist, not the answer", () => {
    const v = classifyFailure(new DownstreamAuthError("process API", 403, { check: "app role" }), "Project/Created");
    expect(v).toMatchObject({ level: "error", status: 502, type: PROBLEM_TYPES.downstreamRejected });
    expect(v.fields).toEqual({ service: "process API", status: 403, diagnostics: { check: "app role" } });
    expect(v.detail).not.toContain("app role");
  });

  it("another downstream 4xx is a 502 with the response excerpt in the record, cut to 500 characters", () => {
    const v = classifyFailure(new DownstreamRejectedError("process API", 422, "x".repeat(1000)), "Project/Created");
    expect(v).toMatchObject({ level: "error", status: 502 });
    expect(v.summary.length).toBe(500);
  });

  it("anything else is a 500 that says nothing of the error outside the log", () => {
    const v = classifyFailure(new TypeError("secret detail"), "Note/Created");
    expect(v).toMatchObject({ level: "error", status: 500, type: PROBLEM_TYPES.internal });
    expect(v.detail).not.toContain("secret detail");
    expect(v.summary).toBe("TypeError: secret detail");
    expect(classifyFailure("a string", "Note/Created").summary).toBe("a string");
  });
});
