// The sample site: the files the local environment promises, the site theme's rules (title and description,
// never keywords), Markdown twins, the two publishing eras, and publishing into Azurite with content types
// and Content-MD5 sync.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobServiceClient, type ContainerClient } from "@azure/storage-blob";
import { startAzurite, type Azurite } from "../../local/azurite.js";
import {
  appEraSite,
  contentTypeOf,
  publishSite,
  readSampleSite,
  rootEraSite,
  type SiteFile,
} from "../../local/environment/site.js";

const site = readSampleSite();
const names = site.map((f) => f.name);
const text = (f: SiteFile) => f.body.toString("utf8");

describe("the sample site", () => {
  it("has the root pages, the sitemap, two apps with pages directly under the app folder and sections, and a root-era guides/ folder", () => {
    expect(names).toEqual(
      expect.arrayContaining([
        "index.html",
        "404.html",
        "sitemap.xml",
        "payments/index.html",
        "identity/index.html",
        "guides/getting-started.html",
      ]),
    );
    for (const app of ["payments", "identity"]) {
      const sections = new Set(
        names.filter((n) => n.startsWith(`${app}/`) && n.split("/").length === 3).map((n) => n.split("/")[1]),
      );
      expect([...sections]).toEqual(expect.arrayContaining(["guides", "reference", "changelog"]));
    }
  });

  it("has every excluded kind of file: stylesheet, script, source map, images, font, .drawio, .py, .txt", () => {
    for (const ext of [".css", ".js", ".js.map", ".png", ".svg", ".woff2", ".drawio", ".py", ".txt"]) {
      expect(
        names.some((n) => n.endsWith(ext)),
        ext,
      ).toBe(true);
    }
  });

  it("gives every HTML page a <title> and a description meta tag, and never a keywords tag (spec C rule 3)", () => {
    const pages = site.filter((f) => f.name.endsWith(".html"));
    expect(pages.length).toBeGreaterThanOrEqual(15);
    for (const page of pages) {
      expect(text(page), page.name).toMatch(/<title>[^<]+<\/title>/);
      expect(text(page), page.name).toMatch(/<meta name="description" content="[^"]+">/);
      expect(text(page), page.name).not.toMatch(/name="keywords"/i);
    }
  });

  it("puts each Markdown twin beside its HTML page, with YAML frontmatter", () => {
    const twins = site.filter((f) => f.name.endsWith(".md"));
    expect(twins.length).toBeGreaterThanOrEqual(4);
    for (const twin of twins) {
      expect(names, twin.name).toContain(twin.name.replace(/\.md$/, ".html"));
      expect(text(twin), twin.name).toMatch(/^---\ntitle: .+\ndescription: .+\n---\n/);
    }
  });

  it("publishes headings as a site generator does: each with the id of its text and a permalink marker", () => {
    // MkDocs' slug: lower case, punctuation dropped, spaces to hyphens ("GET /v2/charges/{id}" → get-v2chargesid).
    const slug = (t: string) =>
      t
        .replace(/[^\w\s-]/g, "")
        .trim()
        .toLowerCase()
        .replace(/[-\s]+/g, "-");
    const pages = site.filter((f) => f.name.endsWith(".html"));
    let headings = 0;
    for (const page of pages)
      for (const m of text(page).matchAll(/<h([1-6])( id="([^"]*)")?>(.*?)<\/h\1>/g)) {
        const label = m[4]!.replace(/<a class="headerlink"[^>]*>.*?<\/a>/, "").replace(/<[^>]+>/g, "");
        expect(m[3], `${page.name}: ${label}`).toBe(slug(label));
        expect(m[4], page.name).toContain(`<a class="headerlink" href="#${m[3]}" title="Permanent link">&para;</a>`);
        headings += 1;
      }
    expect(headings).toBeGreaterThanOrEqual(pages.length);
  });

  it("has a page whose answers sit in sections (the API reference), its Markdown twin with the same headings", () => {
    const page = text(site.find((f) => f.name === "payments/reference/api.html")!);
    const ids = [...page.matchAll(/<h2 id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids).toEqual(["post-v2charges", "get-v2chargesid", "error-codes"]);
    const twin = text(site.find((f) => f.name === "payments/reference/api.md")!);
    expect([...twin.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual([
      "POST /v2/charges",
      "GET /v2/charges/{id}",
      "Error codes",
    ]);
  });

  it("splits into a root era (no app folders, root pages without the app list) and an app era (no guides/)", () => {
    const root = rootEraSite(site);
    expect(root.some((f) => f.name.startsWith("payments/") || f.name.startsWith("identity/"))).toBe(false);
    expect(root.map((f) => f.name)).toEqual(
      expect.arrayContaining(["index.html", "404.html", "sitemap.xml", "guides/refunds.html", "assets/site.css"]),
    );
    const rootIndex = root.find((f) => f.name === "index.html")!;
    expect(text(rootIndex)).not.toContain("/payments/");
    expect(text(site.find((f) => f.name === "index.html")!)).toContain("/payments/");
    const apps = appEraSite(site);
    expect(apps.some((f) => f.name.startsWith("guides/"))).toBe(false);
    expect(apps.map((f) => f.name)).toEqual(expect.arrayContaining(["index.html", "payments/guides/refunds.md"]));
  });

  it("maps extensions to the content types the uploader sets", () => {
    expect(contentTypeOf("a/b.html")).toBe("text/html; charset=utf-8");
    expect(contentTypeOf("a/b.md")).toBe("text/markdown; charset=utf-8");
    expect(contentTypeOf("assets/x.js.map")).toBe("application/json");
    expect(contentTypeOf("x.unknown")).toBe("application/octet-stream");
  });
});

describe("publishSite into Azurite", () => {
  let azurite: Azurite;
  let container: ContainerClient;
  beforeAll(async () => {
    azurite = await startAzurite();
    container = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient("$web");
  });
  afterAll(async () => {
    await azurite?.stop();
  });

  it("uploads every file with its content type and Content-MD5", async () => {
    const result = await publishSite(container, site);
    expect(result.uploaded).toHaveLength(site.length);
    const listed = new Map<string, { contentType?: string; md5?: Uint8Array }>();
    for await (const item of container.listBlobsFlat())
      listed.set(item.name, { contentType: item.properties.contentType, md5: item.properties.contentMD5 });
    expect([...listed.keys()].sort()).toEqual([...names].sort());
    expect(listed.get("payments/guides/getting-started.html")?.contentType).toBe("text/html; charset=utf-8");
    expect(listed.get("payments/guides/getting-started.md")?.contentType).toBe("text/markdown; charset=utf-8");
    expect(listed.get("sitemap.xml")?.contentType).toBe("application/xml");
    expect(listed.get("assets/favicon.png")?.contentType).toBe("image/png");
    expect(listed.get("assets/fonts/inter-latin.woff2")?.contentType).toBe("font/woff2");
    const body = await container.getBlobClient("assets/favicon.png").downloadToBuffer();
    expect(body.equals(site.find((f) => f.name === "assets/favicon.png")!.body)).toBe(true);
  });

  it("re-uploads only what changed (content-hash sync keeps last-modified of unedited blobs)", async () => {
    const before = (await container.getBlobClient("payments/faq.html").getProperties()).lastModified;
    const edited = site.map((f) =>
      f.name === "index.html" ? { ...f, body: Buffer.concat([f.body, Buffer.from("<!-- edited -->\n")]) } : f,
    );
    const result = await publishSite(container, edited);
    expect(result.uploaded).toEqual(["index.html"]);
    expect(result.unchanged).toHaveLength(site.length - 1);
    expect((await container.getBlobClient("payments/faq.html").getProperties()).lastModified).toEqual(before);
  });
});
