// CPU pinning for the webhook benchmark. On a 2-core machine an unpinned server and load generator keep
// migrating between the cores and preempting each other on every response (the wake-up shows as slow writev
// calls in the server's profile), which costs the busier side most and makes runs scatter. Pinning the load
// generator (this process) to one core and each server to another gives every variant the same fair split.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

export interface Pinning {
  clientCpu: number;
  serverCpu: number;
}

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The cores to use, or undefined (not Linux, one core, no taskset, or pinning turned off). */
export function planPinning(enabled: boolean): Pinning | undefined {
  if (!enabled || process.platform !== "linux" || availableParallelism() < 2 || !hasTaskset()) return undefined;
  return { clientCpu: 0, serverCpu: 1 };
}

/** Pins every thread of a running process to one core. */
export function pinProcess(pid: number, cpu: number): void {
  execFileSync("taskset", ["-a", "-cp", String(cpu), String(pid)], { stdio: "ignore" });
}

/** The command line that starts `command` already pinned to `cpu` (taskset execs it, so the pid is the command's). */
export function pinnedCommand(cpu: number | undefined, command: string, args: string[]): [string, string[]] {
  return cpu === undefined ? [command, args] : ["taskset", ["-c", String(cpu), command, ...args]];
}
