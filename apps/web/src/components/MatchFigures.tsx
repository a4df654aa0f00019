'use client';
// A match list row's figures: each player's health / life, read from the public state of the match.
import { useEffect, useRef, useState } from 'react';
import { getGame } from '@matchtape/games';
import type { BoardModel } from '@matchtape/engine';
import { getState, type MatchListItem } from '../lib/api';
import { mainStat } from './Board';
import { seatNames } from '../lib/present';

type Figure = { id: string; label: string; value: string };

/** Each player's main figure on a board ('—' for a game without one). */
const figuresOf = (b: BoardModel): Figure[] =>
  b.players.map((p) => {
    const s = mainStat(p);
    return { id: p.id, label: s?.label ?? '', value: s ? String(s.value) : '—' };
  });

/**
 * Each player's main figure (health / life) from the public state. One request per row at a time: a move while
 * one is in flight asks again when it answers (aborting it on every 3-second poll left a live match at "—" on a
 * slow server, and wasted the request); the last figures stay shown meanwhile.
 */
function useFigures(m: MatchListItem): Figure[] | null {
  const [figs, setFigs] = useState<Figure[] | null>(null);
  const want = useRef(m.lastSeq);
  const busy = useRef(false);
  const fetched = useRef<number | null>(null);
  const alive = useRef(true);
  want.current = m.lastSeq;
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  useEffect(() => {
    const load = () => {
      if (busy.current || fetched.current === want.current) return;
      busy.current = true;
      const asked = want.current;
      getState(m.matchId, 'public', null, { token: null })
        .then((res) => {
          if (!alive.current) return;
          fetched.current = asked;
          setFigs(figuresOf((res.board as BoardModel | undefined) ?? getGame(m.game).board(res.state)));
        })
        // A failed read keeps the figures shown; the next move asks again.
        .catch(() => {
          fetched.current = asked;
        })
        .finally(() => {
          busy.current = false;
          if (alive.current && fetched.current !== want.current) load();
        });
    };
    load();
  }, [m.matchId, m.game, m.lastSeq]);
  return figs;
}

export function MatchFigures({ m }: { m: MatchListItem }) {
  const figs = useFigures(m);
  const names = seatNames(m.players);
  if (!figs) return <span className="muted">—</span>;
  return (
    <span className="figures">
      {figs.map((f) => (
        <span key={f.id} className="figure" title={`${names.get(f.id) ?? f.id}: ${f.label} ${f.value}`}>
          <span className="figure-name">{names.get(f.id) ?? f.id}</span> {f.value}
        </span>
      ))}
    </span>
  );
}
