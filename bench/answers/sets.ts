// The answer benchmark's sets. The figures of record come from the real documentation sets in bench/corpora/
// (built by their real generators, questions written from the pages before any query: see each set's README
// and SOURCE.md); `nimbus` is the generated site under bench/answers/, a test fixture whose pages and questions
// this repository wrote. A set is its site's files (blob names as published into `$web`) and its questions.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { repoRoot } from "../../src/config/repo-root.js";
import { contentTypeOf, type SiteFile } from "../../local/environment/site.js";
import { publicUrlForBlobPath } from "../../src/search/public-url.js";
import { pythonRegex } from "./python-regex.js";
import { generateSite } from "./site.js";

export interface SetQuestion {
  id: string;
  question: string;
  /** Public URLs of the pages that answer it (the first is the main answer page). */
  expectedUrls: string[];
  /** Matches the answering sentence in a hit's text (Markdown markup removed, case ignored). */
  fact: RegExp;
  /** The fact in words, for the verbose report. */
  factWords: string;
}

export interface BenchSet {
  name: string;
  files: SiteFile[];
  questions: SetQuestion[];
}

export const REAL_SETS = ["sphinx-click", "sphinx-sphinx", "docusaurus-prettier", "docusaurus-babel"] as const;
export const FIXTURE_SET = "nimbus";

const CORPORA = path.join(repoRoot, "bench", "corpora");

function readTree(dir: string): SiteFile[] {
  const files: SiteFile[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile())
        files.push({ name: child, body: readFileSync(path.join(dir, child)), contentType: contentTypeOf(child) });
    }
  };
  walk("");
  return files.sort((a, b) => a.name.localeCompare(b.name));
}

interface CorpusQuestion {
  id: number;
  q: string;
  answers: string[];
  fact: string;
  snippet_regex: string;
}

/** The blob an answer path names: Sphinx publishes `page.html`, Docusaurus `page/index.html`. */
function answerBlob(siteDir: string, app: string, answer: string): string {
  for (const candidate of [`${app}/${answer}.html`, `${app}/${answer}/index.html`])
    if (existsSync(path.join(siteDir, candidate))) return candidate;
  throw new Error(`answer page ${answer} is not in ${siteDir}`);
}

export function realSet(name: string, docsUrl: string): BenchSet {
  const dir = path.join(CORPORA, name);
  const siteDir = path.join(dir, "site");
  const apps = readdirSync(siteDir);
  if (apps.length !== 1) throw new Error(`${siteDir} should hold one app folder, found ${apps.join(", ")}`);
  const app = apps[0]!;
  const raw = JSON.parse(readFileSync(path.join(dir, "questions.json"), "utf8")) as CorpusQuestion[];
  return {
    name,
    files: readTree(siteDir),
    questions: raw.map((q) => ({
      id: String(q.id),
      question: q.q,
      expectedUrls: q.answers.map((a) => publicUrlForBlobPath(docsUrl, answerBlob(siteDir, app, a))),
      fact: pythonRegex(q.snippet_regex),
      factWords: q.fact,
    })),
  };
}

interface NimbusQuestion {
  id: string;
  page: string;
  fact: string;
  question: string;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The generated fixture site; its facts are literal text (whitespace-insensitive). */
export function nimbusSet(docsUrl: string): BenchSet {
  const raw = (
    parse(readFileSync(path.join(repoRoot, "bench", "answers", "questions.yml"), "utf8")) as {
      questions: NimbusQuestion[];
    }
  ).questions;
  return {
    name: FIXTURE_SET,
    files: generateSite(),
    questions: raw.map((q) => ({
      id: q.id,
      question: q.question,
      expectedUrls: [publicUrlForBlobPath(docsUrl, q.page)],
      fact: new RegExp(q.fact.trim().split(/\s+/).map(escapeRegex).join("\\s+"), "i"),
      factWords: q.fact,
    })),
  };
}
