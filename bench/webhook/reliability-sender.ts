// The sender side of the reliability benchmark, in its own process (as a provider is on its own machine): its
// clock and event loop are not shared with the receiver, its queue consumer and the storage clients, so the
// latency it measures is the acknowledgement as a sender sees it. Sends N Project/Created deliveries, C at a time
// (a closed loop: each of C senders posts the next delivery when its previous one was answered), once each (never
// retried), and reports every latency and status to the parent over IPC.
// Started by reliability.ts with fork(); argv: url n concurrency senderTimeoutMs idPrefix. It says "ready" once
// loaded and starts sending on "go" (so its start-up is not counted in the outage).

export interface SenderReport {
  latencies: number[];
  statuses: [number, number][];
}

const [url, nText, concurrencyText, timeoutText, idPrefix] = process.argv.slice(2);
const N = Number(nText);
const CONCURRENCY = Number(concurrencyText);
const SENDER_TIMEOUT_MS = Number(timeoutText);

const latencies: number[] = [];
const statuses = new Map<number, number>();
let next = 0;

async function sendOne(i: number): Promise<void> {
  const body = JSON.stringify({ Object: "Project", Event: "Created", OrgId: 4021, ProjectId: 500_000 + i });
  const t0 = performance.now();
  let status: number;
  try {
    const res = await fetch(url!, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-fv-messageid": `${idPrefix}-${i}`,
        "x-forward-tenant-origin": "corp",
      },
      body,
      signal: AbortSignal.timeout(SENDER_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    status = res.status;
  } catch {
    status = 0; // the sender gave up (timeout or connection error): it never retries
  }
  latencies.push(performance.now() - t0);
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

await new Promise<void>((resolve) => {
  process.once("message", () => resolve());
  process.send!("ready");
});
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) await sendOne(next++);
  }),
);
const report: SenderReport = { latencies, statuses: [...statuses] };
process.send!(report, () => process.exit(0));
