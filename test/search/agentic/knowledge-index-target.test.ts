// Which index the knowledge source names: the concrete generation while aliases are not allowed in a knowledge
// source (the UNCONFIRMED fact's assumed answer), the alias when they are; both paths.
import { describe, expect, it } from "vitest";
import { KNOWLEDGE_SOURCE_MAY_NAME_ALIAS } from "../../../src/search/service/service-facts.js";
import {
  checkKnowledgeSourceTarget,
  knowledgeSourceIndexName,
  namedIndex,
  sourcesNaming,
  withSearchIndexName,
} from "../../../src/search/agentic/index-target.js";

const behindAlias = { name: "docs-index", serving: "docs-index-3", alias: true };
const concrete = { name: "docs-index", serving: "docs-index", alias: false };
const source = (index: string, name = "docs-knowledge-source") => ({
  name,
  kind: "searchIndex",
  searchIndexParameters: { searchIndexName: index, semanticConfigurationName: "default" },
});

describe("the index a knowledge source names", () => {
  it("is the generation behind the alias while aliases are not allowed (the assumed answer)", () => {
    expect(KNOWLEDGE_SOURCE_MAY_NAME_ALIAS).toBe(false);
    expect(knowledgeSourceIndexName(behindAlias)).toBe("docs-index-3");
    expect(knowledgeSourceIndexName(concrete)).toBe("docs-index");
  });

  it("is the alias itself once aliases are confirmed allowed: nothing to repoint", () => {
    expect(knowledgeSourceIndexName(behindAlias, true)).toBe("docs-index");
    expect(checkKnowledgeSourceTarget(source("docs-index"), { ...behindAlias, serving: "docs-index-4" }, true)).toEqual(
      { ok: true, names: "docs-index" },
    );
  });

  it("is written into a copy of the definition, other parameters kept", () => {
    const def = source("docs-index");
    expect(withSearchIndexName(def, "docs-index-4").searchIndexParameters).toEqual({
      searchIndexName: "docs-index-4",
      semanticConfigurationName: "default",
    });
    expect(namedIndex(def)).toBe("docs-index");
  });

  it("is found out of date when it names an older generation than the alias (status exits 1 on this)", () => {
    const verdict = checkKnowledgeSourceTarget(source("docs-index-2"), behindAlias);
    expect(verdict).toMatchObject({ ok: false, names: "docs-index-2", expected: "docs-index-3" });
    expect(verdict.ok ? "" : verdict.reason).toMatch(
      /docs-knowledge-source names docs-index-2, but docs-index → docs-index-3 \(alias\).*deploy/,
    );
    expect(checkKnowledgeSourceTarget(source("docs-index-3"), behindAlias).ok).toBe(true);
  });

  it("lists the sources that still name a generation (what --prune must keep)", () => {
    const sources = [source("docs-index-2", "a"), source("docs-index-3", "b"), source("docs-index-2", "c")];
    expect(sourcesNaming(sources, "docs-index-2")).toEqual(["a", "c"]);
    expect(sourcesNaming(sources, "docs-index-1")).toEqual([]);
  });
});
