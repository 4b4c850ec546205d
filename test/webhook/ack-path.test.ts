// The queued acknowledgement path: claim (carrying the answer), queue write, answer; the record is marked
// "received" after the answer. What a sender relies on: nothing acknowledged that was not queued, a failed queue
// write releases the claim (503 + Retry-After), a redelivery is answered from the record, even while the mark is
// still in flight or when it was lost.
import { describe, expect, it } from "vitest";
import { createWebhookHandler, type WebhookDeps } from "../../webhook/src/http-function.js";
import { MemoryIdempotencyStore } from "../../webhook/src/idempotency/memory-store.js";
import type { SettledDelivery } from "../../webhook/src/idempotency/store.js";
import type { DeliveryMessage } from "../../webhook/src/delivery/message.js";
import type { DeliveryQueue } from "../../webhook/src/queue/storage-queue.js";
import { projectCreated } from "../../webhook/src/events/project-created.js";
import { EventRouter } from "../../webhook/src/routing/registry.js";
import { captureLogs, delivery, invocation } from "./support/stubs.js";

const PROJECT = { Object: "Project", Event: "Created", OrgId: 7, ProjectId: 42 };

/** A queue that keeps what it was sent; `failures` sends throw first. */
class ListQueue implements DeliveryQueue {
  readonly name = "deliveries";
  readonly sent: DeliveryMessage[] = [];
  constructor(public failures = 0) {}
  async send(m: DeliveryMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error("queue unreachable");
    }
    this.sent.push(m);
  }
}

/** A memory store whose settle waits for `open()` (or fails with `fail()`). */
class GatedStore extends MemoryIdempotencyStore {
  #open!: () => void;
  #fail!: (err: Error) => void;
  readonly #gate = new Promise<void>((resolve, reject) => ((this.#open = resolve), (this.#fail = reject)));
  settles = 0;
  open = () => this.#open();
  fail = () => this.#fail(new Error("table unreachable"));
  override async settle(messageId: string, token: string, s: SettledDelivery): Promise<void> {
    this.settles++;
    await this.#gate;
    return super.settle(messageId, token, s);
  }
}

function setup(queue = new ListQueue()) {
  const store = new GatedStore();
  const logs = captureLogs();
  const deps: WebhookDeps = {
    store,
    queue,
    router: new EventRouter([projectCreated]),
    services: {
      cases: { dryRun: false, createCase: async () => ({ outcome: "created", status: 201 }) },
      projects: { projectName: async (id) => `Project ${id}` },
    },
    logSink: logs.sink,
    inFlightWaitMs: 2_000,
  };
  return { handle: createWebhookHandler(deps), store, queue, logs };
}

const post = (id: string, body: object = PROJECT) => delivery({ body, headers: { "x-fv-messageid": id } });

describe("queued acknowledgement path", () => {
  it("answers 200 once the message is queued, before the record is marked; the claim already holds the answer", async () => {
    const { handle, store, queue } = setup();
    const res = await handle(post("a-1"), invocation());
    expect(res.status).toBe(200);
    expect(queue.sent).toHaveLength(1);
    expect(store.settles).toBe(1); // started, still waiting
    expect(await store.get("a-1")).toMatchObject({
      state: "processing",
      response: res.jsonBody,
      kind: "Project/Created",
      bodyHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      delivery: { messageId: "a-1", payload: { projectId: 42 } },
    });
    store.open();
    await handle.drain!();
    expect(await store.get("a-1")).toMatchObject({ state: "received", response: res.jsonBody });
  });

  it("a redelivery while the mark is in flight waits for it and gets the same answer, queued once", async () => {
    const { handle, store, queue } = setup();
    const first = await handle(post("a-2"), invocation());
    const again = handle(post("a-2"), invocation("inv-2"));
    setTimeout(store.open, 100);
    expect(await again).toMatchObject({ status: 200, jsonBody: first.jsonBody });
    expect(queue.sent).toHaveLength(1);
  });

  it("a failed queue write answers 503 with Retry-After, releases the claim and acknowledges nothing", async () => {
    const { handle, store, queue, logs } = setup(new ListQueue(1));
    const res = await handle(post("a-3"), invocation());
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("30");
    expect(store.settles).toBe(0);
    expect(await store.get("a-3")).toBeUndefined();
    expect(logs.find("delivery rejected")).toMatchObject({ status: 503 });
    store.open();
    expect((await handle(post("a-3"), invocation("inv-2"))).status).toBe(200);
    expect(queue.sent).toHaveLength(1);
  });

  it("a lost mark is logged; once the consumer records an outcome, a redelivery is answered from the claim's answer", async () => {
    const { handle, store, logs } = setup();
    const first = await handle(post("a-4"), invocation());
    store.fail();
    await handle.drain!();
    expect(logs.find("accepted, but the idempotency record could not be marked")).toBeDefined();
    await store.recordOutcome("a-4", { state: "failed", attempts: 1, lastError: "process API 503" });
    expect(await store.get("a-4")).toMatchObject({ state: "failed", response: first.jsonBody });
    expect(await handle(post("a-4"), invocation("inv-2"))).toMatchObject({ status: 200, jsonBody: first.jsonBody });
    const other = await handle(post("a-4", { ...PROJECT, ProjectId: 43 }), invocation("inv-3"));
    expect(other.status).toBe(409);
  });
});
