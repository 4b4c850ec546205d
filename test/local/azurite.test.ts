// The Azurite starter: blob and table services in memory on free ports, connection strings that the SDKs
// accept, clean stop, and the facts recorded in local/azurite.ts (no soft delete, properties round-trip).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobServiceClient } from "@azure/storage-blob";
import { TableClient } from "@azure/data-tables";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import { startAzuriteProcess } from "../../local/azurite-process.js";

describe("startAzurite", () => {
  let az: Azurite;
  // A second, table-only instance for the stop test; both start at once (each start mostly waits).
  let other: Azurite;
  beforeAll(async () => {
    [az, other] = await Promise.all([startAzurite({ table: true }), startAzurite({ blob: false, table: true })]);
  });
  afterAll(async () => {
    await Promise.all([az?.stop(), other?.stop()]);
  });

  it("serves blobs on a loopback port and names both endpoints in the connection string", async () => {
    expect(az.blobEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/devstoreaccount1$/);
    expect(az.tableEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/devstoreaccount1$/);
    expect(az.connectionString).toContain(`BlobEndpoint=${az.blobEndpoint};`);
    expect(az.connectionString).toContain(`TableEndpoint=${az.tableEndpoint};`);
    const container = BlobServiceClient.fromConnectionString(az.connectionString).getContainerClient("$web");
    await container.create();
    await container
      .getBlockBlobClient("app/page.html")
      .upload("<p>x</p>", 8, { blobHTTPHeaders: { blobContentType: "text/html" } });
    const props = await container.getBlobClient("app/page.html").getProperties();
    expect(props.contentType).toBe("text/html");
  });

  it("stores a delete retention policy but does not keep deleted blobs (no soft delete)", async () => {
    const service = BlobServiceClient.fromConnectionString(az.connectionString);
    await service.setProperties({ deleteRetentionPolicy: { enabled: true, days: 7 } });
    expect((await service.getProperties()).deleteRetentionPolicy).toMatchObject({ enabled: true, days: 7 });
    const container = service.getContainerClient("soft");
    await container.create();
    await container.getBlockBlobClient("gone.html").upload("x", 1);
    await container.getBlockBlobClient("gone.html").delete();
    const names: string[] = [];
    for await (const item of container.listBlobsFlat({ includeDeleted: true })) names.push(item.name);
    expect(names).toEqual([]);
  });

  it("serves tables with conditional inserts (what an idempotency store needs)", async () => {
    const table = TableClient.fromConnectionString(az.connectionString, "idempotency", {
      allowInsecureConnection: true,
    });
    await table.createTable();
    await table.createEntity({ partitionKey: "webhook", rowKey: "msg-1" });
    await expect(table.createEntity({ partitionKey: "webhook", rowKey: "msg-1" })).rejects.toMatchObject({
      statusCode: 409,
    });
  });

  it("gives every start its own empty account", async () => {
    // az's tests above created containers and a table; other (started at the same time) sees none of them.
    const table = TableClient.fromConnectionString(other.connectionString, "idempotency", {
      allowInsecureConnection: true,
    });
    await table.createTable();
    await expect(table.getEntity("webhook", "msg-1")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("stops every service it started: the ports refuse connections, even with a client connection kept alive", async () => {
    expect(other.blobEndpoint).toBe("");
    expect(other.connectionString).not.toContain("BlobEndpoint");
    const table = TableClient.fromConnectionString(other.connectionString, "stopcheck", {
      allowInsecureConnection: true,
    });
    await table.createTable(); // leaves a keep-alive connection open
    await other.stop();
    await expect(fetch(other.tableEndpoint!)).rejects.toThrow();
  });
});

describe("startAzuriteProcess (benchmarks)", () => {
  it("runs Azurite in a child process of its own, serves blobs, and ends the child on stop()", async () => {
    const azurite = await startAzuriteProcess();
    try {
      expect(azurite.process.pid).not.toBe(process.pid);
      const container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("bench");
      await container.create();
      await container.getBlockBlobClient("a.html").upload("<p>a</p>", 8);
      expect((await container.getBlobClient("a.html").getProperties()).contentLength).toBe(8);
    } finally {
      await azurite.stop();
    }
    expect(azurite.process.exitCode !== null || azurite.process.signalCode !== null).toBe(true);
  });
});
