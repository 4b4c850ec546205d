import { describe, expect, it } from "vitest";
import { checkJsonContentType } from "../../../webhook/src/content-type.js";
import { readDeliveryHeaders } from "../../../webhook/src/payload/headers.js";
import { jsonNestingDepth, MAX_JSON_DEPTH, parseWebhookPayload } from "../../../webhook/src/payload/parse.js";

function parseOk(text: string) {
  const r = parseWebhookPayload(text);
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r)}`);
  return r.payload;
}
function parseErr(text: string) {
  const r = parseWebhookPayload(text);
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r;
}

describe("webhook payload parsing", () => {
  it("reads every field of a note-created delivery (spec A example)", () => {
    const p = parseOk(
      JSON.stringify({
        Object: "Note",
        Event: "Created",
        Timestamp: 1763891090,
        OrgId: 7,
        ProjectId: 42,
        UserId: 3,
        UserType: "Employee",
        ObjectId: { NoteId: 9, DocumentId: 10, ContactId: 11 },
      }),
    );
    expect(p).toEqual({
      object: "Note",
      event: "Created",
      timestamp: 1763891090,
      orgId: 7,
      projectId: 42,
      userId: 3,
      userType: "Employee",
      objectId: { noteId: 9, documentId: 10, contactId: 11 },
    });
  });

  it.each(["orgid", "OrgId", "ORGID", "oRgId"])("matches property names case-insensitively (%s)", (name) => {
    expect(parseOk(`{"${name}": 5, "objectid": {"NOTEID": 3}}`)).toMatchObject({ orgId: 5, objectId: { noteId: 3 } });
  });

  it("ignores unknown properties, including unknown ObjectId members", () => {
    expect(parseOk('{"OrgId":1,"Extra":{"deep":[1,2]},"ObjectId":{"TaskId":4}}')).toEqual({ orgId: 1, objectId: {} });
  });

  it("requires OrgId (absent or null)", () => {
    expect(parseErr('{"Object":"Note"}').errors).toEqual([{ key: "OrgId", values: ["is required"] }]);
    expect(parseErr('{"OrgId":null}').errors).toEqual([{ key: "OrgId", values: ["is required"] }]);
  });

  it("treats null optional fields as absent", () => {
    expect(parseOk('{"OrgId":1,"ProjectId":null,"Object":null,"ObjectId":null}')).toEqual({ orgId: 1 });
  });

  it("checks types and int32 ranges and reports every failing field", () => {
    const r = parseErr(
      '{"OrgId":2147483648,"ProjectId":1.5,"UserId":"3","Object":4,"Timestamp":"now","ObjectId":{"NoteId":-2147483649,"ContactId":true}}',
    );
    expect(r.kind).toBe("validation");
    const keys = Object.fromEntries(r.errors.map((e) => [e.key, e.values[0]]));
    expect(keys.OrgId).toMatch(/int32/);
    expect(keys.ProjectId).toMatch(/fraction/);
    expect(keys.UserId).toMatch(/got a string/);
    expect(keys.Object).toMatch(/must be a string/);
    expect(keys.Timestamp).toMatch(/integer/);
    expect(keys["ObjectId.NoteId"]).toMatch(/int32/);
    expect(keys["ObjectId.ContactId"]).toMatch(/got a boolean/);
  });

  it("accepts the int32 bounds and int64 timestamps within the safe range", () => {
    expect(parseOk('{"OrgId":-2147483648,"ProjectId":2147483647,"Timestamp":9007199254740991}')).toMatchObject({
      orgId: -2147483648,
      projectId: 2147483647,
      timestamp: 9007199254740991,
    });
  });

  it("rejects huge numbers instead of rounding them", () => {
    expect(parseErr('{"OrgId":1e400}').errors[0]!.values[0]).toMatch(/out of range/);
    expect(parseErr('{"OrgId":1,"Timestamp":123456789012345678901234567890}').errors[0]!.key).toBe("Timestamp");
  });

  it("rejects a non-object body and a non-object ObjectId", () => {
    expect(parseErr("[1,2]").errors[0]).toEqual({ key: "body", values: ["must be a JSON object, got an array"] });
    expect(parseErr('"text"').errors[0]!.values[0]).toMatch(/got a string/);
    expect(parseErr('{"OrgId":1,"ObjectId":[1]}').errors[0]!.key).toBe("ObjectId");
  });

  it("reports invalid JSON and an empty body as invalid-json", () => {
    expect(parseErr('{"OrgId":').kind).toBe("invalid-json");
    expect(parseErr("   ").kind).toBe("invalid-json");
  });

  it("rejects two spellings of one known property as ambiguous", () => {
    expect(parseErr('{"OrgId":1,"orgid":2}').errors).toEqual([
      { key: "OrgId", values: [expect.stringMatching(/more than once/)] },
    ]);
    expect(parseErr('{"OrgId":1,"ObjectId":{"NoteId":1,"noteid":2}}').errors[0]!.key).toBe("ObjectId.NoteId");
    // Unknown properties may repeat in any case: they are ignored.
    expect(parseOk('{"OrgId":1,"extra":1,"EXTRA":2}')).toEqual({ orgId: 1 });
  });

  it("treats __proto__ and constructor as ordinary unknown keys and pollutes nothing", () => {
    const p = parseOk(
      '{"__proto__":{"polluted":true,"OrgId":99},"constructor":{"prototype":{"polluted":true}},"OrgId":1,"ObjectId":{"__proto__":{"NoteId":5}}}',
    );
    expect(p).toEqual({ orgId: 1, objectId: {} });
    expect(Object.getPrototypeOf(p)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parseErr('{"__proto__":{"OrgId":1}}').errors[0]!.key).toBe("OrgId");
  });

  it("bounds nesting before parsing (deep arrays are rejected, not parsed)", () => {
    const deep = `{"OrgId":1,"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const r = parseErr(deep);
    expect(r.errors[0]!.values[0]).toMatch(/deeper than 32/);
    expect(parseOk(`{"OrgId":1,"x":${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}}`)).toEqual({
      orgId: 1,
    });
  });

  it("counts depth outside strings only", () => {
    expect(jsonNestingDepth('{"a":"[[[[{{{{\\"]]]"}')).toBe(1);
    expect(jsonNestingDepth("[[{}]]")).toBe(3);
  });
});

describe("delivery headers", () => {
  const get = (h: Record<string, string>) => ({ get: (name: string) => h[name] ?? null });

  it("reads the message id and the ISO 8601 UTC timestamp", () => {
    expect(
      readDeliveryHeaders(get({ "x-fv-messageid": " abc-1 ", "x-fv-timestamp": "2026-11-23T09:44:50.123Z" })),
    ).toEqual({
      headers: { messageId: "abc-1", timestamp: "2026-11-23T09:44:50.123Z" },
      errors: [],
    });
    expect(readDeliveryHeaders(get({}))).toEqual({ headers: {}, errors: [] });
  });

  it("rejects a malformed timestamp and an overlong message id, naming the header", () => {
    const r = readDeliveryHeaders(get({ "x-fv-messageid": "x".repeat(300), "x-fv-timestamp": "23/11/2026" }));
    expect(r.errors.map((e) => e.key)).toEqual(["x-fv-messageid", "x-fv-timestamp"]);
    expect(readDeliveryHeaders(get({ "x-fv-timestamp": "2026-11-23T09:44:50+01:00" })).errors).toHaveLength(1);
  });
});

describe("content type", () => {
  it.each([
    "application/json",
    "application/json; charset=utf-8",
    'Application/JSON;charset="UTF-8"',
    "application/cloudevents+json",
    null,
    "",
  ])("accepts %s", (ct) => {
    expect(checkJsonContentType(ct).ok).toBe(true);
  });
  it.each([
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/json; charset=latin1",
    "multipart/form-data; boundary=x",
    "application/jsonp",
  ])("rejects %s", (ct) => {
    expect(checkJsonContentType(ct).ok).toBe(false);
  });
});
