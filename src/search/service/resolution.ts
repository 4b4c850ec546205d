// What the configured index name designates on the service: an alias and the generation it serves, a concrete
// index, or nothing. Read by the blue/green scheme (bluegreen/generations.ts resolves it), the provenance of every
// answer (query/) and the commands; here, with the other facts of the service, so the query core does not import
// the blue/green scheme for a type.
export type Resolution =
  | { kind: "alias"; alias: string; index: string; generation: number | undefined }
  | { kind: "concrete"; index: string }
  | { kind: "missing"; name: string };
