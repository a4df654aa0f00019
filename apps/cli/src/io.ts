// What a command may touch besides files: output streams, the clock, the environment and the game catalog.
// Tests pass their own (captured output, the kernel's fixture game, a temporary data dir).
import type { AnyGameModule } from '@matchtape/engine';

export interface Io {
  /** One line (or block) of the command's result on stdout. */
  out(text: string): void;
  /** Diagnostics and progress on stderr. */
  err(text: string): void;
  /** Progress lines that overwrite each other on a terminal; printed as plain lines elsewhere. */
  progress?(text: string): void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Milliseconds, for rates and timings (never inside the engine). */
  now(): number;
  /** Game modules by id; default: the catalog (@matchtape/games), loaded on first use. */
  games?: () => Promise<Readonly<Record<string, AnyGameModule>>>;
}

/** A failure with a message for the user and an exit code; the dispatcher prints it without a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

export async function loadGames(io: Io): Promise<Readonly<Record<string, AnyGameModule>>> {
  if (io.games) return io.games();
  try {
    const catalog = (await import('@matchtape/games')) as { games: Readonly<Record<string, AnyGameModule>> };
    return catalog.games;
  } catch (err) {
    throw new CliError(`could not load the game catalog (@matchtape/games): ${(err as Error).message}`, 1);
  }
}

export async function getGame(io: Io, id: string): Promise<AnyGameModule> {
  const games = await loadGames(io);
  const g = games[id];
  if (!g)
    throw new CliError(
      `unknown game "${id}"; implemented games: ${Object.keys(games).join(', ') || '(none)'}`,
    );
  return g;
}
