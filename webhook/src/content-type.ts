// Which request media types the receiver accepts: application/json and application/*+json, UTF-8 only.
// A request without Content-Type is read as JSON (some senders omit it); anything else is a 415.

export type ContentTypeVerdict = { ok: true } | { ok: false; reason: string };

const ACCEPTED: ContentTypeVerdict = { ok: true };

export function checkJsonContentType(header: string | null): ContentTypeVerdict {
  // The common spellings need no parsing.
  if (
    header === null ||
    header === "application/json" ||
    header === "application/json; charset=utf-8" ||
    header.trim() === ""
  )
    return ACCEPTED;
  const [mediaType = "", ...params] = header.split(";");
  const type = mediaType.trim().toLowerCase();
  if (type !== "application/json" && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type)) {
    return {
      ok: false,
      reason: `Content-Type ${JSON.stringify(mediaType.trim().slice(0, 100))} is not JSON; send application/json.`,
    };
  }
  for (const param of params) {
    const [name = "", value = ""] = param.split("=");
    if (name.trim().toLowerCase() === "charset") {
      const charset = value.trim().replace(/^"|"$/g, "").toLowerCase();
      if (charset !== "utf-8" && charset !== "utf8")
        return { ok: false, reason: `charset ${JSON.stringify(charset.slice(0, 40))} is not supported; send UTF-8.` };
    }
  }
  return ACCEPTED;
}
