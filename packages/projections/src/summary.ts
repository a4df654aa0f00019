// The small summary a match list shows: game, players, turn, phase, status, winner. Built from the folded
// state of any viewer (the position and status of a match are public in every game).
import type { AnyGameModule, EventEnvelope } from '@matchtape/engine';

export interface MatchSummary {
  matchId: string;
  game: string;
  gameTitle: string;
  players: { id: string; name: string; bot?: string | null }[];
  status: 'setup' | 'playing' | 'ended';
  turn: number;
  phase: string;
  step: string | null;
  activePlayer: string | null;
  winner: string | null;
  result: string | null;
  lastSeq: number;
  lastAt: string | null;
}

export function summarize(
  game: AnyGameModule,
  matchId: string,
  players: MatchSummary['players'],
  state: unknown,
  last: Pick<EventEnvelope, 'seq' | 'at'> | null,
): MatchSummary {
  const pos = game.position(state);
  const st = game.status(state);
  return {
    matchId,
    game: game.id,
    gameTitle: game.title,
    players,
    status: st.status,
    turn: pos.turn,
    phase: pos.phase,
    step: pos.step,
    activePlayer: pos.activePlayer,
    winner: st.winner,
    result: st.result,
    lastSeq: last?.seq ?? 0,
    lastAt: last?.at ?? null,
  };
}
