import { describe, expect, it } from "vitest";
import {
  isExtensionIndexed,
  storageMetadata,
  storagePath,
  blobOptOuts,
} from "../../../src/search/indexer-emulation/blob-metadata.js";
import { extractHtml } from "../../../src/search/indexer-emulation/extract-html.js";
import { extractMarkdown } from "../../../src/search/indexer-emulation/extract-markdown.js";
import { sourceFields } from "../../../src/search/indexer-emulation/source-fields.js";

describe("HTML cracking (reference §2.2, presumed mapping)", () => {
  const page = `<!doctype html><html lang="en"><head><title> Getting  started </title>
    <meta name="description" content="How to start">
    <meta name="Keywords" content="a, b">
    <style>.x{color:red}</style><script>var x = 1;</script></head>
    <body><h1>Hello &amp; welcome</h1><p>First <b>para</b>.</p><script>alert(1)</script></body></html>`;

  it("takes title, description and keywords from the head and text without markup as content", () => {
    const out = extractHtml(page);
    expect(out.metadata_title).toBe("Getting started");
    expect(out.metadata_description).toBe("How to start");
    expect(out.metadata_keywords).toBe("a, b");
    expect(out.metadata_language).toBe("en");
    expect(out.content).toBe("Hello & welcome\nFirst para.");
  });

  it("leaves fields null when the page has no such tags", () => {
    const out = extractHtml("<p>only</p>");
    expect(out).toMatchObject({
      metadata_title: null,
      metadata_description: null,
      metadata_keywords: null,
      content: "only",
    });
  });
});

describe("Markdown (spec C: frontmatter kept as literal content)", () => {
  it("keeps the leading YAML frontmatter verbatim", () => {
    const md = "---\ntitle: Hi\ntags: [a]\n---\n# Heading\n\nText\n";
    expect(extractMarkdown(md).content).toBe(md);
  });
});

describe("storage metadata (reference §2.1, §1.2)", () => {
  const blob = {
    name: "app/guides/職 page.html",
    properties: { lastModified: new Date("2026-01-02T03:04:05Z"), contentType: "text/html", contentLength: 12 },
  };

  it("metadata_storage_path is the URL-encoded production-shaped URI with $web literal", () => {
    expect(storagePath("acct", "$web", blob.name)).toBe(
      "https://acct.blob.core.windows.net/$web/app/guides/%E8%81%B7%20page.html",
    );
  });

  it("builds the standard properties and the file extension with its dot", () => {
    expect(storageMetadata("acct", "$web", blob)).toMatchObject({
      metadata_storage_name: "職 page.html",
      metadata_storage_content_type: "text/html",
      metadata_storage_last_modified: "2026-01-02T03:04:05.000Z",
      metadata_storage_size: 12,
      metadata_storage_file_extension: ".html",
    });
  });

  it("source fields combine storage metadata, custom metadata and extracted content", () => {
    const fields = sourceFields(
      "acct",
      "$web",
      { ...blob, metadata: { "my-flag": "1" } },
      Buffer.from("<title>T</title><p>x</p>"),
    );
    expect(fields).toMatchObject({ metadata_title: "T", content: "x", my_flag: "1" });
    const pdf = sourceFields(
      "acct",
      "$web",
      { ...blob, name: "a.pdf", properties: { ...blob.properties, contentType: "application/pdf" } },
      Buffer.from("%PDF"),
    );
    expect(pdf.content).toBeUndefined();
    const metadataOnly = sourceFields("acct", "$web", blob, Buffer.from("<p>x</p>"), { skipContent: true });
    expect(metadataOnly.content).toBeUndefined();
  });
});

describe("extension filters and opt-outs (reference §3.3, §2.1)", () => {
  it("excluded extensions win; indexed list restricts when non-empty; case-insensitive", () => {
    const config = { excludedFileNameExtensions: ".xml, .PNG", indexedFileNameExtensions: "" };
    expect(isExtensionIndexed("sitemap.xml", config)).toBe(false);
    expect(isExtensionIndexed("a/b.png", config)).toBe(false);
    expect(isExtensionIndexed("a/b.html", config)).toBe(true);
    expect(isExtensionIndexed("a/b.md", { indexedFileNameExtensions: ".html" })).toBe(false);
    expect(
      isExtensionIndexed("a/b.html", { indexedFileNameExtensions: ".html", excludedFileNameExtensions: ".html" }),
    ).toBe(false);
  });

  it("reads AzureSearch_Skip and AzureSearch_SkipContent", () => {
    expect(blobOptOuts({ azuresearch_skip: "true" })).toEqual({ skip: true, skipContent: false });
    expect(blobOptOuts({ AzureSearch_SkipContent: "TRUE" })).toEqual({ skip: false, skipContent: true });
  });
});
