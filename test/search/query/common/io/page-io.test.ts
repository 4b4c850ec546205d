// Reading the page an answer quotes (src/search/query/common/io/page-io.ts) from the docs container on Azurite: the
// published page first, its Markdown twin when the page has no main content, the index's content when no blob
// can be read; a blob past the size bound is not read, and a refused read is reported, not thrown.
import { BlobServiceClient, StorageSharedKeyCredential, type ContainerClient } from "@azure/storage-blob";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AZURITE_ACCOUNT_NAME, startAzurite, type Azurite } from "../../../../../local/azurite.js";
import { readPage } from "../../../../../src/search/query/common/io/page-io.js";

const DOCS_URL = "https://docs.example.com";
const INDEX_CONTENT = "Install the tool with the installer. The index holds this text.";
const indexContent = async () => INDEX_CONTENT;

let azurite: Azurite;
let container: ContainerClient;

async function put(path: string, text: string, contentType: string): Promise<void> {
  await container
    .getBlockBlobClient(path)
    .upload(text, Buffer.byteLength(text), { blobHTTPHeaders: { blobContentType: contentType } });
}

beforeAll(async () => {
  azurite = await startAzurite();
  container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("$web");
  await container.create();
  await put(
    "app/guide/install.html",
    '<html><body><nav>Home | Blog</nav><main><h1>Install</h1><p>Run <a href="setup.html">the setup</a> once.</p>' +
      "</main></body></html>",
    "text/html",
  );
  // A page without main content, beside its Markdown twin.
  await put("app/guide/empty.html", "<html><body><main></main></body></html>", "text/html");
  await put("app/guide/empty.md", "# Empty\n\nThe twin says what the page would.\n", "text/markdown");
  // A page with main content, padded one byte past the 5 MiB bound: recognised by a range read, never read whole.
  const huge = "<html><body><main><h1>Huge</h1><p>Read whole, this page would answer.</p></main><!-- ";
  await put("app/guide/huge.html", huge.padEnd(5 * 1024 * 1024 - 2, "a") + "-->", "text/html");
});
afterAll(async () => {
  await azurite?.stop();
});

describe("readPage", () => {
  it("reads the published page's main content, its relative links resolved against its public URL", async () => {
    const { page, failure } = await readPage(container, "app/guide/install.html", indexContent, DOCS_URL);
    expect(failure).toBeUndefined();
    expect(page.source).toBe("page");
    expect(page.text).toContain("Install");
    expect(page.text).toContain("https://docs.example.com/app/guide/setup");
    expect(page.text).not.toContain("Home | Blog");
  });

  it("reads the Markdown twin when the page holds no main content", async () => {
    const { page } = await readPage(container, "app/guide/empty.html", indexContent, DOCS_URL);
    expect(page.source).toBe("markdown twin");
    expect(page.text).toContain("The twin says what the page would.");
  });

  it("falls back to the index's content when neither the page nor its twin exists", async () => {
    const { page, failure } = await readPage(container, "app/guide/missing.html", indexContent, DOCS_URL);
    expect(failure).toBeUndefined();
    expect(page.source).toBe("index");
    expect(page.text).toBe(INDEX_CONTENT);
  });

  it("does not read a page blob larger than the bound: the index's content answers", async () => {
    expect((await container.getBlobClient("app/guide/huge.html").getProperties()).contentLength).toBe(
      5 * 1024 * 1024 + 1,
    );
    const { page, failure } = await readPage(container, "app/guide/huge.html", indexContent, DOCS_URL);
    expect(failure).toBeUndefined();
    expect(page.source).toBe("index");
    expect(page.text).toBe(INDEX_CONTENT);
  });

  it("reports a refused read (a caller without the role) and answers from the index's content", async () => {
    const wrongKey = Buffer.alloc(64, 7).toString("base64");
    const refused = new BlobServiceClient(
      azurite.blobEndpoint,
      new StorageSharedKeyCredential(AZURITE_ACCOUNT_NAME, wrongKey),
    ).getContainerClient("$web");
    const { page, failure } = await readPage(refused, "app/guide/install.html", indexContent, DOCS_URL);
    expect(failure).toMatch(/^reading the page blob refused \(403\): /);
    expect(page.source).toBe("index");
    expect(page.text).toBe(INDEX_CONTENT);
  });

  it("uses the index's content when there is no container or no blob path to read", async () => {
    expect((await readPage(undefined, "app/guide/install.html", indexContent, DOCS_URL)).page.source).toBe("index");
    const { page } = await readPage(container, undefined, async () => null);
    expect(page).toMatchObject({ source: "index", text: "" });
  });
});
