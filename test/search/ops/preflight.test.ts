import { describe, expect, it } from "vitest";

import {
  checkBlobServiceProperties,
  preflight,
  type PreflightPort,
  softDeleteFromServiceProperties,
  versioningFromArmBlobService,
  type ObservedBlobServiceProperties,
} from "../../../src/search/ops/preflight.js";
import { formatPreflightReport } from "../../../src/search/views/preflight-text.js";
import { progressLine } from "../../../src/search/views/progress-text.js";

const ready: ObservedBlobServiceProperties = {
  account: "docs",
  softDelete: { enabled: true, days: 7, source: "data plane" },
  versioning: { enabled: false, source: "management plane" },
};
const failing = (report: ReturnType<typeof checkBlobServiceProperties>) =>
  report.findings.filter((f) => !f.ok).map((f) => f.check);

describe("checkBlobServiceProperties", () => {
  it("passes with soft delete on for 7 days and versioning off", () => {
    const report = checkBlobServiceProperties(ready);
    expect(report.ok).toBe(true);
    expect(failing(report)).toEqual([]);
  });

  it("fails when soft delete is off, and says how to fix it", () => {
    const report = checkBlobServiceProperties({
      ...ready,
      softDelete: { enabled: false, days: undefined, source: "x" },
    });
    expect(report.ok).toBe(false);
    expect(failing(report)).toEqual(["soft-delete", "soft-delete-retention"]);
    expect(report.findings[0]?.fix).toMatch(/docs-storage stack/);
  });

  it("fails with less than 7 days (or the configured minimum)", () => {
    expect(failing(checkBlobServiceProperties({ ...ready, softDelete: { ...ready.softDelete, days: 6 } }))).toEqual([
      "soft-delete-retention",
    ]);
    expect(failing(checkBlobServiceProperties({ ...ready, softDelete: { ...ready.softDelete, days: 7 } }, 14))).toEqual(
      ["soft-delete-retention"],
    );
    expect(checkBlobServiceProperties({ ...ready, softDelete: { ...ready.softDelete, days: 30 } }).ok).toBe(true);
  });

  it("fails when versioning is on", () => {
    const report = checkBlobServiceProperties({ ...ready, versioning: { enabled: true, source: "arm" } });
    expect(failing(report)).toEqual(["versioning"]);
    expect(report.findings[2]?.fix).toMatch(/versioning off/);
  });

  it("fails when versioning could not be determined (never assumes off)", () => {
    const report = checkBlobServiceProperties({ ...ready, versioning: { enabled: undefined, source: "arm" } });
    expect(failing(report)).toEqual(["versioning"]);
    expect(report.findings[2]?.observed).toBe("unknown");
  });

  it("formats one line per check with its source", () => {
    const text = formatPreflightReport(
      checkBlobServiceProperties({ ...ready, versioning: { enabled: true, source: "management plane" } }),
    );
    expect(text).toMatch(/^docs storage account docs: NOT ready/);
    expect(text).toMatch(/FAIL versioning: on .*source: management plane/);
    expect(text).toMatch(/ok {3}soft-delete-retention: 7 days/);
  });
});

describe("observed values from each source", () => {
  it("data plane: an absent delete retention policy means off", () => {
    expect(softDeleteFromServiceProperties({}, "dp")).toEqual({ enabled: false, days: undefined, source: "dp" });
    expect(softDeleteFromServiceProperties({ deleteRetentionPolicy: { enabled: true, days: 9 } }, "dp")).toEqual({
      enabled: true,
      days: 9,
      source: "dp",
    });
  });

  it("management plane: isVersioningEnabled, absent means off, an odd body means unknown", () => {
    expect(versioningFromArmBlobService({ properties: { isVersioningEnabled: true } }, "arm").enabled).toBe(true);
    expect(versioningFromArmBlobService({ properties: { isVersioningEnabled: false } }, "arm").enabled).toBe(false);
    expect(versioningFromArmBlobService({ properties: {} }, "arm").enabled).toBe(false);
    expect(versioningFromArmBlobService({}, "arm").enabled).toBeUndefined();
    expect(versioningFromArmBlobService(null, "arm").enabled).toBeUndefined();
    expect(versioningFromArmBlobService({ properties: { isVersioningEnabled: "yes" } }, "arm").enabled).toBeUndefined();
  });
});

describe("preflight (through its port)", () => {
  const port = (days: number, versioning: boolean) => {
    const asked: string[] = [];
    const p: PreflightPort = {
      blobServiceProperties: async () => ({ deleteRetentionPolicy: { enabled: true, days } }),
      armBlobService: async () => {
        asked.push("arm");
        return { properties: { isVersioningEnabled: versioning } };
      },
      progress: (event) => asked.push(progressLine(event)),
    };
    return { port: p, asked };
  };

  it("reads versioning from the management plane and fails it when on", async () => {
    const { port: p, asked } = port(7, true);
    const report = await preflight(p, { account: "docs", local: false });
    expect(asked).toEqual(["reading blob service properties of docs...", "arm"]);
    expect(failing(report)).toEqual(["versioning"]);
    expect(report.ok).toBe(false);
  });

  it("reports versioning off against Azurite without asking the management plane", async () => {
    const { port: p, asked } = port(7, true);
    const report = await preflight(p, { account: "docs", local: true });
    expect(asked).toEqual(["reading blob service properties of Azurite..."]);
    expect(report.ok).toBe(true);
  });

  it("requires the configured retention when it is longer than the minimum", async () => {
    const { port: p } = port(7, false);
    expect((await preflight(p, { account: "docs", local: false, softDeleteDays: 14 })).ok).toBe(false);
    expect((await preflight(p, { account: "docs", local: false, softDeleteDays: 3 })).ok).toBe(true);
  });
});
