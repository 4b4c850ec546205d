// A parsed JSON object (definitions travel as the REST-shaped JSON of the files).
export type JsonObject = Record<string, unknown>;
