import type { FlagSpec, Parsed } from './args';
import type { Io } from './io';

export interface CommandDef {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** e.g. "simulate --game G --seed N [--games K]". */
  usage: string;
  /** Paragraphs after the flags in --help: defaults, file formats, exit codes. */
  details?: string;
  flags: Readonly<Record<string, FlagSpec>>;
  run(args: Parsed, io: Io): Promise<number>;
}

/** Pretty JSON for humans reading a terminal; one-line JSON where lines are records. */
export function pretty(x: unknown): string {
  return JSON.stringify(x, null, 2);
}

export function formatRate(n: number): string {
  if (!Number.isFinite(n)) return '∞';
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(n >= 10 ? 1 : 2);
}
