// What every `bench --peers` suite shares: its options, the rows it adds to the one table, and how trials are
// summarised. Suites in other files (browser, fan-out) register in registry.ts.

export interface PeerBenchOptions {
  databaseUrl: string;
  natsUrl: string;
  games: import('@matchtape/engine').AnyGameModule[];
  quick: boolean;
  /** Stored events for the projection rebuild (the issue asks 1,000,000). */
  rebuildEvents: number;
  progress: (line: string) => void;
  now: () => number;
}

export interface Measure {
  median: number;
  min: number;
  max: number;
  trials: number[];
}

export interface PeerRow {
  suite: string;
  what: string;
  unit: string;
  value: Measure;
  /** Ratio of medians against `vs` (what the target is stated against), and the target when there is one. */
  vs?: string;
  ratio?: number;
  target?: string;
  note?: string;
  /** 1-minute load average when the suite finished (the machine is shared). */
  load?: string;
}

export interface PeerBenchResult {
  rows: PeerRow[];
  machine: { cpus: number; model: string; loadavg: number[]; node: string };
}

export const measure = (trials: number[]): Measure => {
  const s = [...trials].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return {
    median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2,
    min: s[0]!,
    max: s[s.length - 1]!,
    trials,
  };
};
export const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One suite of `bench --peers`: measures, and pushes its rows (medians, spread, ratios) onto the table. */
export interface BenchSuite {
  name: string;
  run(o: PeerBenchOptions, rows: PeerRow[]): Promise<void>;
}
