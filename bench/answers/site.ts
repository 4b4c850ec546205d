// The answer benchmark's documentation site, generated deterministically from content.ts and published as a
// real site is: every page with the site's chrome (top navigation, a ~40-link sidebar of its app, a footer,
// inline scripts and styles, heading permalink markers, an "Edit this page" link, copy buttons) around the main
// content, and a Markdown twin (with front matter) for about a third of the pages. The chrome repeats the
// names of options, errors and guides on every page, as real sidebars do, so it competes with the content.
import { COMMANDS, ERRORS, EVENTS, GUIDES, OPTIONS, RECIPE_TOPICS, type PageContent, type Section } from "./content.js";

export interface GeneratedFile {
  name: string;
  body: Buffer;
  contentType: string;
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function optionPage(o: (typeof OPTIONS)[number]): PageContent {
  return {
    path: `sdk/config/${o.name}`,
    title: o.name,
    description: `The ${o.name} client option.`,
    intro: o.purpose,
    sections: [
      { heading: "Type and default", blocks: [`|Type|Default\n|${o.type}|${o.defaultValue}`] },
      { heading: "Details", blocks: [o.details] },
      { heading: "Example", blocks: ["```ts\n" + o.example + "\n```"] },
      { heading: "Related options", blocks: [o.related.map((r) => `- ${r}`).join("\n")] },
    ],
  };
}

function errorPage(e: (typeof ERRORS)[number]): PageContent {
  return {
    path: `sdk/errors/${e.code}`,
    title: e.code,
    description: `The ${e.code} error (HTTP ${e.status}).`,
    intro: `HTTP ${e.status}. ${e.meaning}`,
    sections: [
      { heading: "What to do", blocks: [e.fix] },
      {
        heading: "In the SDK",
        blocks: [
          '```ts\ntry {\n  await call();\n} catch (err) {\n  if (err.code === "' + e.code + '") handle(err);\n}\n```',
        ],
      },
    ],
  };
}

function eventPage(e: (typeof EVENTS)[number]): PageContent {
  return {
    path: `webhooks/events/${e.type}`,
    title: e.type,
    description: `The ${e.type} event.`,
    intro: `Sent when ${e.when}`,
    sections: [
      { heading: "Payload", blocks: [e.fields.map((f) => `- ${f}`).join("\n"), e.note] },
      {
        heading: "Example",
        blocks: [
          "```json\n" +
            JSON.stringify({ type: e.type, data: Object.fromEntries(e.fields.map((f) => [f, "…"])) }, null, 2) +
            "\n```",
        ],
      },
    ],
  };
}

function commandPage(c: (typeof COMMANDS)[number]): PageContent {
  return {
    path: `cli/commands/${c.name}`,
    title: c.usage.split(" [")[0]!.split(" <")[0]!,
    description: c.summary,
    intro: c.summary,
    sections: [
      { heading: "Usage", blocks: ["```sh\n" + c.usage + "\n```"] },
      { heading: "Details", blocks: [c.details] },
      ...(c.flags.length ? [{ heading: "Flags", blocks: [c.flags.map((f) => `- ${f}`).join("\n")] }] : []),
    ],
  };
}

/** Monthly release notes that mention the options and errors by name: the pages that compete on identifiers. */
function changelogPages(): PageContent[] {
  const pages: PageContent[] = [];
  for (let i = 0; i < 48; i++) {
    const year = 2025 + Math.floor(i / 12);
    const month = String((i % 12) + 1).padStart(2, "0");
    const a = OPTIONS[i % OPTIONS.length]!;
    const b = OPTIONS[(i * 7 + 3) % OPTIONS.length]!;
    const e = ERRORS[i % ERRORS.length]!;
    pages.push({
      path: `sdk/changelog/${year}-${month}`,
      title: `SDK release notes ${year}-${month}`,
      description: `Changes to the SDK in ${year}-${month}.`,
      intro: `Version 3.${i} of the SDK.`,
      sections: [
        {
          heading: "Changes",
          blocks: [
            `- ${a.name}: documentation clarified; behaviour unchanged.\n- ${b.name} is now validated when the client is created.\n- The ${e.code} error carries a request id in its details.`,
          ],
        },
        {
          heading: "Fixes",
          blocks: [`- Retries no longer reuse a closed connection.\n- Typings for ${a.name} accept undefined.`],
        },
      ],
    });
  }
  return pages;
}

function recipePages(): PageContent[] {
  return RECIPE_TOPICS.map((topic, i) => {
    const option = OPTIONS[(i * 5) % OPTIONS.length]!;
    return {
      path: `sdk/recipes/${slug(topic)}`,
      title: `Recipe: ${topic}`,
      description: `How to ${topic} with the SDK.`,
      intro: `A short, complete example of how to ${topic}.`,
      sections: [
        {
          heading: "Steps",
          blocks: [
            `- Create a client (see Install the SDK).\n- Call the methods below.\n- Handle errors; the client retries transient failures for you.`,
            "```ts\nconst client = new NimbusClient({ " +
              option.name +
              ": " +
              option.defaultValue.replace(/"/g, "'") +
              " });\n```",
          ],
        },
        { heading: "Notes", blocks: [`This recipe works with every region. ${option.purpose}`] },
      ],
    };
  });
}

function allPages(): PageContent[] {
  return [
    ...GUIDES,
    ...OPTIONS.map(optionPage),
    ...ERRORS.map(errorPage),
    ...EVENTS.map(eventPage),
    ...COMMANDS.map(commandPage),
    ...changelogPages(),
    ...recipePages(),
  ];
}

function blockHtml(block: string): string {
  if (block.startsWith("```")) {
    const [, lang = ""] = /^```(\w*)/.exec(block) ?? [];
    const code = block.replace(/^```\w*\n/, "").replace(/\n```$/, "");
    return `<div class="code"><button class="copy" type="button">Copy</button><pre><code class="language-${lang}">${escape(code)}</code></pre></div>`;
  }
  if (block.startsWith("- "))
    return `<ul>${block
      .split("\n")
      .map((l) => `<li>${escape(l.slice(2))}</li>`)
      .join("")}</ul>`;
  if (block.startsWith("|")) {
    const rows = block.split("\n").map((r) => r.slice(1).split("|"));
    const [head, ...body] = rows;
    return `<table><thead><tr>${head!.map((c) => `<th>${escape(c)}</th>`).join("")}</tr></thead><tbody>${body.map((r) => `<tr>${r.map((c) => `<td>${escape(c)}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
  }
  return `<p>${escape(block)}</p>`;
}

function sectionHtml(s: Section): string {
  const id = slug(s.heading);
  return `<h2 id="${id}">${escape(s.heading)}<a class="headerlink" href="#${id}" aria-label="Permalink">¶</a></h2>\n${s.blocks.map(blockHtml).join("\n")}`;
}

const TOP_NAV = [
  "Home",
  "Guides",
  "API reference",
  "SDK",
  "CLI",
  "Webhooks",
  "Pricing",
  "Status",
  "Blog",
  "Support",
  "Sign in",
];
const APPS = ["sdk", "cli", "webhooks", "platform"];

function sidebar(app: string, pages: PageContent[]): string {
  const own = pages.filter((p) => p.path.startsWith(`${app}/`)).slice(0, 40);
  // Short apps fill the sidebar with the other apps' top pages, as sites with a global sidebar do.
  const more = pages.filter((p) => !p.path.startsWith(`${app}/`)).slice(0, Math.max(0, 40 - own.length));
  return [...own, ...more].map((p) => `<li><a href="/${p.path}">${escape(p.title)}</a></li>`).join("");
}

function pageHtml(page: PageContent, pages: PageContent[]): string {
  const app = page.path.split("/")[0]!;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(page.title)} | Nimbus Docs</title>
<meta name="description" content="${escape(page.description)}">
<style>body{font-family:Inter,sans-serif}.sidebar{width:260px}.headerlink{opacity:0}</style>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config","G-NIMBUS");</script>
</head>
<body>
<header class="site-header"><a class="logo" href="/">Nimbus Docs</a>
<nav class="top-nav"><ul>${TOP_NAV.map((n) => `<li><a href="/${slug(n)}">${n}</a></li>`).join("")}</ul></nav>
<form class="search" role="search"><input type="search" placeholder="Search the docs (press /)"></form>
</header>
<div class="layout">
<aside class="sidebar"><nav aria-label="${app}"><p class="sidebar-title">${app.toUpperCase()} documentation</p><ul>${sidebar(app, pages)}</ul></nav></aside>
<main id="content">
<article class="doc">
<nav class="breadcrumbs"><a href="/">Docs</a> › <a href="/${app}/">${app}</a> › ${escape(page.title)}</nav>
<h1 id="${slug(page.title)}">${escape(page.title)}<a class="headerlink" href="#${slug(page.title)}" aria-label="Permalink">¶</a></h1>
<p>${escape(page.intro)}</p>
${page.sections.map(sectionHtml).join("\n")}
</article>
<div class="page-meta"><a class="edit" href="https://github.com/nimbus/docs/edit/main/${page.path}.md">Edit this page</a> · Was this page helpful? <button>Yes</button> <button>No</button></div>
</main>
</div>
<footer class="site-footer"><p>© 2026 Nimbus Inc. All rights reserved.</p><ul><li><a href="/privacy">Privacy</a></li><li><a href="/terms">Terms of service</a></li><li><a href="/cookies">Cookie settings</a></li><li><a href="https://status.nimbus.example">System status</a></li><li><a href="https://github.com/nimbus">GitHub</a></li></ul>
<p>Subscribe to the developer newsletter for release announcements and retries, webhooks and SDK tips.</p></footer>
<script>document.querySelectorAll("button.copy").forEach(function(b){b.addEventListener("click",function(){navigator.clipboard.writeText(b.nextElementSibling.innerText)})});</script>
</body>
</html>
`;
}

function blockMarkdown(block: string): string {
  if (block.startsWith("|")) {
    const rows = block.split("\n").map((r) => `|${r.slice(1)}|`);
    const cols = rows[0]!.split("|").length - 2;
    return [rows[0], `|${Array(cols).fill("---").join("|")}|`, ...rows.slice(1)].join("\n");
  }
  return block;
}

function pageMarkdown(page: PageContent): string {
  return `---
title: ${JSON.stringify(page.title)}
description: ${JSON.stringify(page.description)}
---

# ${page.title}

${page.intro}

${page.sections.map((s) => `## ${s.heading}\n\n${s.blocks.map(blockMarkdown).join("\n\n")}`).join("\n\n")}
`;
}

/** The site's files: an HTML page per page (app folders), a Markdown twin for every third page, an index per app. */
export function generateSite(): GeneratedFile[] {
  const pages = allPages();
  const files: GeneratedFile[] = [];
  pages.forEach((page, i) => {
    files.push({
      name: `${page.path}.html`,
      body: Buffer.from(pageHtml(page, pages)),
      contentType: "text/html; charset=utf-8",
    });
    if (i % 3 === 0)
      files.push({
        name: `${page.path}.md`,
        body: Buffer.from(pageMarkdown(page)),
        contentType: "text/markdown; charset=utf-8",
      });
  });
  for (const app of APPS) {
    const index: PageContent = {
      path: `${app}/index`,
      title: `${app.toUpperCase()} documentation`,
      description: `Everything about ${app}.`,
      intro: `Start here for ${app}.`,
      sections: [
        {
          heading: "Pages",
          blocks: [
            pages
              .filter((p) => p.path.startsWith(`${app}/`))
              .map((p) => `- ${p.title}`)
              .join("\n"),
          ],
        },
      ],
    };
    files.push({
      name: `${app}/index.html`,
      body: Buffer.from(pageHtml(index, pages)),
      contentType: "text/html; charset=utf-8",
    });
  }
  return files;
}
