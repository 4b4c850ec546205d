// The queue trigger's host settings (host.json extensions.queues), in one place: host.json holds these values (a
// test keeps them equal), the Functions host applies them in Azure, and the local host emulation
// (local/webhook/queue-host.ts) applies the same ones. App settings named
// AzureFunctionsJobHost__extensions__queues__<name> override host.json
// in Azure (https://learn.microsoft.com/azure/azure-functions/functions-host-json#override-hostjson-values);
// settings.ts reads the same names so the consumer knows its last attempt.

/** Attempts before the host moves a message to `<queue>-poison` (host default 5). */
export const DEFAULT_MAX_DEQUEUE_COUNT = 5;
/** Delay before a failed message is visible again (host default 00:00:00; ours gives the downstream time). */
export const DEFAULT_VISIBILITY_TIMEOUT = "00:00:30";
/** Messages fetched and processed in parallel per poll (host default 16). */
export const DEFAULT_BATCH_SIZE = 16;
/** Longest wait between polls of an empty queue (host default 00:01:00; polling backs off exponentially). */
export const DEFAULT_MAX_POLLING_INTERVAL = "00:00:02";

export const HOST_SETTING_PREFIX = "AzureFunctionsJobHost__extensions__queues__";

/** Pure: "hh:mm:ss" (a .NET TimeSpan as host.json writes it, optional fraction) -> milliseconds, or undefined. */
export function timeSpanMs(value: string): number | undefined {
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, days, h, min, sec, frac] = m;
  if (Number(min) > 59 || Number(sec) > 59) return undefined;
  const seconds = Number(days ?? 0) * 86_400 + Number(h) * 3_600 + Number(min) * 60 + Number(sec);
  return seconds * 1000 + (frac ? Math.round(Number(`0.${frac}`) * 1000) : 0);
}
