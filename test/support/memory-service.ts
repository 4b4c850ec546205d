// An in-memory search service behind the deploy's ports (BlueGreenPort with its SearchManagementPort), for unit
// tests of the core's use cases: definitions with ETags and the write conditions the service enforces (412), an
// alias map, runs and an indexer status the test sets. Not a stand-in for the service's behaviour beyond that
// (the SDK-level tests run against local/search-standin/).
import type { DefinitionKind } from "../../src/search/definitions/definitions.js";
import type { JsonObject } from "../../src/search/definitions/json.js";
import type { AliasRecord, BlueGreenPort } from "../../src/search/bluegreen/ports.js";
import type { IndexerStatusRecord } from "../../src/search/ops/indexer-status.js";
import type {
  LiveObject,
  RunOutcome,
  SearchManagementPort,
  WriteCondition,
} from "../../src/search/service/management-port.js";

interface Write {
  method: "PUT" | "DELETE" | "RUN";
  kind?: DefinitionKind;
  name: string;
  condition?: WriteCondition;
}

export interface MemoryService {
  port: BlueGreenPort;
  /** Every write, in order (runs included). */
  writes: Write[];
  /** Sets an object as another client would (a new ETag). */
  set(kind: DefinitionKind, name: string, definition: JsonObject): LiveObject;
  get(kind: DefinitionKind, name: string): LiveObject | undefined;
  setAlias(name: string, index: string): void;
  /** What the next runIndexer answers (default: started). */
  runAnswer: RunOutcome;
  indexerStatus: IndexerStatusRecord;
}

const preconditionFailed = () => Object.assign(new Error("precondition failed"), { statusCode: 412 });

export const idleStatus = (): IndexerStatusRecord => ({
  name: "docs-indexer",
  serviceStatus: "running",
  lastResult: null,
  history: [],
});

export function memoryService(): MemoryService {
  const objects = new Map<string, LiveObject>();
  const aliases = new Map<string, AliasRecord>();
  let etags = 0;
  const nextEtag = () => `"0x${++etags}"`;
  const key = (kind: DefinitionKind, name: string) => `${kind}:${name}`;
  const service: MemoryService = {
    port: undefined as unknown as BlueGreenPort,
    writes: [],
    runAnswer: "started",
    indexerStatus: idleStatus(),
    set(kind, name, definition) {
      const live = { definition: structuredClone(definition), etag: nextEtag() };
      objects.set(key(kind, name), live);
      return live;
    },
    get: (kind, name) => objects.get(key(kind, name)),
    setAlias(name, index) {
      aliases.set(name, { name, index, etag: nextEtag() });
    },
  };
  const check = (kind: DefinitionKind, name: string, condition: WriteCondition) => {
    const live = objects.get(key(kind, name));
    if (condition.ifNoneMatch === "*" && live) throw preconditionFailed();
    if (condition.ifMatch !== undefined && live?.etag !== condition.ifMatch) throw preconditionFailed();
  };
  const management: SearchManagementPort = {
    async get(kind, name) {
      const live = objects.get(key(kind, name));
      return live ? structuredClone(live) : undefined;
    },
    async put(kind, name, definition, condition) {
      check(kind, name, condition);
      service.writes.push({ method: "PUT", kind, name, condition });
      return service.set(kind, name, definition);
    },
    async delete(kind, name, condition) {
      check(kind, name, condition);
      service.writes.push({ method: "DELETE", kind, name, condition });
      objects.delete(key(kind, name));
    },
    async runIndexer(name) {
      service.writes.push({ method: "RUN", name });
      return service.runAnswer;
    },
  };
  service.port = {
    management,
    getAlias: async (name) => aliases.get(name),
    async createAlias(name, index) {
      service.setAlias(name, index);
      return aliases.get(name)!;
    },
    async repointAlias(alias, index) {
      if (aliases.get(alias.name)?.etag !== alias.etag) throw preconditionFailed();
      service.setAlias(alias.name, index);
      return aliases.get(alias.name)!;
    },
    listIndexNames: async () => [...objects.keys()].filter((k) => k.startsWith("index:")).map((k) => k.slice(6)),
    resetIndexer: async () => {},
    indexerStatus: async () => structuredClone(service.indexerStatus),
    countDocuments: async () => 0,
    countMatching: async () => 0,
    async *documentIds() {},
    knowledgeSources: async () =>
      [...objects.entries()].filter(([k]) => k.startsWith("knowledgeSource:")).map(([, v]) => v.definition),
  };
  return service;
}
