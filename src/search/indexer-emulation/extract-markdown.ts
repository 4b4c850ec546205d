// Markdown in the default parsing mode: the blob's text is the content, as is. The leading YAML
// frontmatter is not parsed into fields; it stays in the content as literal text (spec C, field `content`).

export interface MarkdownExtraction {
  content: string;
  metadata_content_type: string;
}

export function extractMarkdown(text: string, contentType = "text/markdown"): MarkdownExtraction {
  // Only a UTF-8 byte-order mark is dropped; everything else, frontmatter included, is kept verbatim.
  return { content: text.replace(/^\uFEFF/, ""), metadata_content_type: contentType };
}

export function isMarkdown(contentType: string | null, extension: string): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return (
    type === "text/markdown" || type === "text/x-markdown" || [".md", ".markdown"].includes(extension.toLowerCase())
  );
}
