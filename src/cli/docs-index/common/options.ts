// Option parsers shared by the commands: numbers are checked where they are parsed, so `--history x` or
// `--timeout -1` is a usage error (exit 2) naming the option, never a silent default.
import { InvalidArgumentError } from "commander";

/** A positive number of seconds. */
export function positiveSeconds(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n <= 0)
      throw new InvalidArgumentError(`${name} expects a positive number of seconds, got ${JSON.stringify(value)}`);
    return n;
  };
}

/** A whole number in [min, max]. */
export function integerIn(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < min || n > max)
      throw new InvalidArgumentError(
        `${name} expects a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`,
      );
    return n;
  };
}

/** A number from 0 to 1 (a share or a tolerance of a 0-1 figure). */
export function fractionOption(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 1)
      throw new InvalidArgumentError(`${name} expects a number from 0 to 1, got ${JSON.stringify(value)}`);
    return n;
  };
}
