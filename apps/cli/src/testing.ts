// Test support: an Io that captures output, over the kernel's Coin Race fixture (not a product game).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyGameModule } from '@matchtape/engine';
import { coinRace } from '@matchtape/engine/testing/fixture-game';
import type { Io } from './io';
import { run } from './run';

export interface Captured {
  code: number;
  out: string[];
  err: string[];
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'matchtape-cli-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function makeIo(
  cwd: string,
  opts: { env?: Record<string, string>; games?: Record<string, AnyGameModule> } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  let clock = 1_700_000_000_000;
  const io: Io = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    cwd,
    env: opts.env ?? {},
    // A clock that moves 1 ms per reading, so rates are finite and output is deterministic.
    now: () => (clock += 1),
    games: async () => opts.games ?? { [coinRace.id]: coinRace },
  };
  return { io, out, err };
}

export async function cli(
  argv: string[],
  cwd: string,
  opts: Parameters<typeof makeIo>[1] = {},
): Promise<Captured> {
  const { io, out, err } = makeIo(cwd, opts);
  const code = await run(argv, io);
  return { code, out, err, stdout: out.join('\n'), stderr: err.join('\n') };
}
