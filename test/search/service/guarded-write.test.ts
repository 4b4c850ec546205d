// The one guarded write: create only when the object was absent, If-Match on the ETag read otherwise; the
// service's 412 when the expectation no longer holds reaches the caller.
import { describe, expect, it } from "vitest";
import { guardedWrite, guardOf } from "../../../src/search/service/guarded-write.js";
import { memoryService } from "../../support/memory-service.js";

describe("guardedWrite", () => {
  it("guardOf: absent without a read object, unchanged on its ETag with one", () => {
    expect(guardOf(undefined)).toEqual({ expect: "absent" });
    expect(guardOf({ etag: '"0x7"' })).toEqual({ expect: "unchanged", etag: '"0x7"' });
  });

  it("create only: written when absent, 412 when the object exists", async () => {
    const service = memoryService();
    const m = service.port.management;
    await guardedWrite(m, "index", "docs-index-2", { name: "docs-index-2" }, { expect: "absent" });
    expect(service.writes).toEqual([
      { method: "PUT", kind: "index", name: "docs-index-2", condition: { ifNoneMatch: "*" } },
    ]);
    await expect(
      guardedWrite(m, "index", "docs-index-2", { name: "docs-index-2" }, { expect: "absent" }),
    ).rejects.toMatchObject({ statusCode: 412 });
  });

  it("unchanged: written on the ETag read, 412 after another client's write", async () => {
    const service = memoryService();
    const m = service.port.management;
    const read = service.set("indexer", "docs-indexer", { name: "docs-indexer", targetIndexName: "docs-index-1" });
    const written = await guardedWrite(
      m,
      "indexer",
      "docs-indexer",
      { targetIndexName: "docs-index-2" },
      guardOf(read),
    );
    expect(written.definition.targetIndexName).toBe("docs-index-2");
    await expect(
      guardedWrite(m, "indexer", "docs-indexer", { targetIndexName: "docs-index-3" }, guardOf(read)),
    ).rejects.toMatchObject({ statusCode: 412 });
    expect(service.get("indexer", "docs-indexer")!.definition.targetIndexName).toBe("docs-index-2");
  });
});
