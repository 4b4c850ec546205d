// The main content of a published page: the content container without site chrome or generator additions.
import { describe, expect, it } from "vitest";
import { blocksFromHtml } from "../../../../src/search/query/page/page-blocks.js";
import { mainContent } from "../../../../src/search/query/page/main-content.js";
import { pageText } from "../../../../src/search/query/page/page-text.js";

const markdownOf = (html: string) => pageText("page", blocksFromHtml(mainContent(html)!)).text;

describe("mainContent", () => {
  it("takes the article inside main, without navigation, sidebar, footer, scripts, styles and buttons", () => {
    const html = `<html><head><title>T</title><style>p{}</style></head><body>
      <header class="site"><a href="/">Brand home</a></header><nav><a href="/a">Top link</a></nav>
      <aside><ul><li><a href="/x">Sidebar item</a></li></ul></aside>
      <main><nav class="breadcrumbs"><a href="/">Crumb</a></nav><article>
        <header><h1>Page title</h1></header>
        <p>Body text.</p><script>track("inline")</script><button>Copy</button>
        <footer><a href="https://github.com/x/edit/main/p.md">Edit this page</a></footer>
      </article><nav class="pagination-nav"><a href="/next">Next page</a></nav></main>
      <footer>Site footer</footer></body></html>`;
    expect(markdownOf(html)).toBe("# Page title\n\nBody text.");
  });

  it("drops heading permalink markers (¶, #, empty) and back-links into the page, keeps a heading that links out", () => {
    const html = `<main>
      <h2 id="a">Alpha<a class="headerlink" href="#a">¶</a></h2>
      <h2 id="b"><a href="#b" aria-hidden="true">#</a> Beta</h2>
      <h2 id="c">Gamma<a href="#c">&#8203;</a></h2>
      <h2><a href="#d">Delta</a></h2>
      <h2><a href="/e">Epsilon</a></h2>
      <p>An <a href="https://github.com/o/r/edit/main/x.md">Edit on GitHub</a> link and a <a href="/y">real link</a>.</p></main>`;
    expect(markdownOf(html)).toBe(
      "## Alpha\n\n## Beta\n\n## Gamma\n\n## Delta\n\n## [Epsilon](/e)\n\nAn link and a [real link](/y).",
    );
  });

  it("falls back to a content container, then the body, and gives null for a page without text", () => {
    expect(markdownOf(`<body><nav>N</nav><div id="content"><p>Inside.</p></div><p>Outside.</p></body>`)).toBe(
      "Inside.",
    );
    expect(markdownOf(`<body><nav>N</nav><p>Only body.</p><footer>F</footer></body>`)).toBe("Only body.");
    expect(mainContent(`<body><nav>N</nav><script>x()</script></body>`)).toBeNull();
  });
});

describe("heading anchors as published", () => {
  const anchors = (html: string) =>
    blocksFromHtml(mainContent(html)!)
      .filter((b) => b.heading)
      .map((b) => b.heading!.anchor);

  it("reads the heading's id, an id inside it, or the id of the section it opens; never invents one", () => {
    const html = `<main>
      <h2 id="own">Own</h2>
      <h2><a id="user-content-inner" class="anchor" href="#inner"></a>Inner</h2>
      <section id="sphinx-section"><h2>Sphinx<a class="headerlink" href="#sphinx-section">¶</a></h2><p>x</p></section>
      <h2>No anchor at all</h2></main>`;
    expect(anchors(html)).toEqual(["own", "user-content-inner", "sphinx-section", null]);
  });
});
