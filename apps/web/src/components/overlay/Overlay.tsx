'use client';
// Stream overlays (OBS browser sources, 1920×1080, transparent). Each follows a delayed feed, never the live
// one: board, scorebar and card as the public (spectator delay); a hand only with a coverage token, after the
// coverage delay (a judge token, which is live, is refused). The token comes from ?token= and is not stored.
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { BoardModel, CardTile, Tile as TileModel } from '@matchtape/engine';
import { getFocus } from '../../lib/annotations';
import { useDrawings } from '../../lib/drawings';
import { positionText, seatNames } from '../../lib/present';
import { useMatchTape } from '../../lib/useMatchTape';
import { readClaims, type Perspective } from '../../lib/viewer';
import { Board } from '../Board';
import { DrawnBoard } from '../drawing/DrawingLayer';
import { colorOf, Tile } from '../Tile';
import './overlay.css';

export type OverlayKind = 'board' | 'scorebar' | 'hand' | 'card';

/** Which feed an overlay follows, or why it cannot be shown. */
export function overlayFeed(
  kind: OverlayKind,
  token: string | null,
): { as: Perspective; token: string | null } | { problem: string } {
  const role = token ? readClaims(token)?.role : null;
  if (kind === 'hand') {
    if (!token)
      return {
        problem: 'The hand overlay needs a coverage token: add ?token=<coverage token> to the address.',
      };
    if (role !== 'coverage')
      return {
        problem: `The hand overlay follows the coverage feed (delayed); a ${role ?? 'unknown'} token cannot open it. Use a coverage token.`,
      };
    return { as: 'coverage', token };
  }
  // The card overlay may follow the coverage feed (a producer pointing at cards the public cannot see yet);
  // everything else follows the public feed whatever token is given.
  if (kind === 'card' && role === 'coverage') return { as: 'coverage', token };
  return { as: 'public', token: null };
}

export function Overlay({ kind, matchId, seat }: { kind: OverlayKind; matchId: string; seat?: string }) {
  const params = useSearchParams();
  const feed = useMemo(() => overlayFeed(kind, params.get('token')), [kind, params]);
  if ('problem' in feed)
    return (
      <div className="ov-root" data-overlay={kind}>
        <p className="ov-problem" role="alert">
          {feed.problem}
        </p>
      </div>
    );
  return <OverlayFeed kind={kind} matchId={matchId} seat={seat} as={feed.as} token={feed.token} />;
}

export function OverlayFeed({
  kind,
  matchId,
  seat,
  as,
  token,
}: {
  kind: OverlayKind;
  matchId: string;
  seat?: string | undefined;
  as: Perspective;
  token: string | null;
}) {
  // The board overlay shows drawings, which a caster may add after the end: its stream follows them.
  const st = useMatchTape(matchId, as, token, 0, kind === 'board');
  const board = useMemo((): BoardModel | null => {
    if (!st.tape || st.tape.length === 0) return null;
    try {
      return st.tape.boardAt(st.tape.length);
    } catch {
      return null;
    }
  }, [st.tape, st.version]);
  const names = useMemo(() => seatNames(st.meta?.players ?? []), [st.meta]);
  // The casters' drawings, on the board overlay only, as far as this overlay's own delayed feed has got.
  const drawings = useDrawings(matchId, as, token, st.drawingFrames, kind === 'board');
  const ready = st.phase === 'ready';
  return (
    <div
      className={`ov-root ov-root-${kind}`}
      data-overlay={kind}
      data-match={matchId}
      data-ready={ready ? 'true' : 'false'}
      data-seq={st.tape?.length ?? 0}
      data-drawings={kind === 'board' ? drawings.drawings.length : undefined}
    >
      {st.phase === 'error' && <p className="ov-problem">{st.error?.message}</p>}
      {board && kind === 'board' && (
        <div className="ov-board">
          <DrawnBoard drawings={drawings.drawings} seq={st.tape?.length ?? 0}>
            <Board board={board} perspective={as} phases={[]} seats={names} />
          </DrawnBoard>
        </div>
      )}
      {board && kind === 'scorebar' && <Scorebar board={board} names={names} />}
      {board && kind === 'hand' && seat !== undefined && (
        <Hand board={board} seat={seat} name={names.get(seat) ?? seat} />
      )}
      {kind === 'card' && <FocusCard matchId={matchId} as={as} token={token} board={board} />}
    </div>
  );
}

function Scorebar({ board, names }: { board: BoardModel; names: ReadonlyMap<string, string> }) {
  return (
    <div className="ov-scorebar">
      {board.players.map((p, i) => (
        <div
          key={p.id}
          className={`ov-player ov-player-${i + 1}${board.activePlayer === p.id ? ' ov-active' : ''}`}
        >
          <span className="ov-name" title={names.get(p.id) ?? p.name}>
            {names.get(p.id) ?? p.name}
          </span>
          {p.stats.slice(0, 4).map((s) => (
            <span key={s.key} className="ov-stat">
              <span className="ov-stat-label">{s.label}</span> <strong>{s.value}</strong>
              {s.max !== undefined ? <span className="ov-stat-max">/{s.max}</span> : null}
            </span>
          ))}
        </div>
      ))}
      <div className="ov-turn">
        <strong>
          {board.status === 'ended' ? 'Final' : board.turn > 0 ? `Turn ${board.turn}` : 'Setup'}
        </strong>
        {board.status !== 'ended' && board.phase && (
          <span> · {positionText(board.game, board.phase, board.step)}</span>
        )}
      </div>
    </div>
  );
}

function Hand({ board, seat, name }: { board: BoardModel; seat: string; name: string }) {
  const player = board.players.find((p) => p.id === seat);
  if (!player) return <p className="ov-problem">This match has no seat {seat}.</p>;
  const hand = player.zones.find((z) => z.key === 'hand') ?? player.zones.find((z) => z.layout === 'fan');
  return (
    <div className="ov-hand" aria-label={`${name}'s hand`}>
      <span className="ov-hand-name">
        {name} · {hand?.count ?? 0} in hand
      </span>
      <div className="ov-hand-cards">
        {(hand?.cards ?? []).map((t: TileModel) => (
          <Tile key={t.id} tile={t} />
        ))}
      </div>
    </div>
  );
}

function findCard(board: BoardModel, id: string): CardTile | null {
  const walk = (tiles: readonly TileModel[]): CardTile | null => {
    for (const t of tiles) {
      if (t.hidden) continue;
      if (t.id === id) return t;
      const inner = walk(t.attachments ?? []);
      if (inner) return inner;
    }
    return null;
  };
  for (const p of board.players) {
    if (p.hero && !p.hero.hidden && p.hero.id === id) return p.hero;
    for (const z of p.zones) {
      const hit = walk(z.cards);
      if (hit) return hit;
    }
  }
  for (const z of board.shared) {
    const hit = walk(z.cards);
    if (hit) return hit;
  }
  return null;
}

/** The card the producer points at, once this overlay's feed has reached that moment, from its own board. */
function FocusCard({
  matchId,
  as,
  token,
  board,
}: {
  matchId: string;
  as: Perspective;
  token: string | null;
  board: BoardModel | null;
}) {
  const [cardId, setCardId] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const poll = async () => {
      try {
        const f = await getFocus(matchId, as, token);
        if (!stop) setCardId(f?.cardId ?? null);
      } catch {
        // keep the last card; the next poll retries
      }
      if (!stop) timer = setTimeout(poll, 1000);
    };
    void poll();
    return () => {
      stop = true;
      if (timer) clearTimeout(timer);
    };
  }, [matchId, as, token]);
  const card = cardId && board ? findCard(board, cardId) : null;
  if (!card) return null;
  const f = card.face;
  return (
    <div
      className="ov-card"
      data-card={card.cardId}
      style={{ ['--tile-color' as string]: colorOf(f.colors) }}
    >
      <div className="ov-card-head">
        <strong>{f.name}</strong>
        {f.cost !== undefined && f.cost !== null && f.cost !== '' && (
          <span className="tile-cost">{f.cost}</span>
        )}
      </div>
      <div className="ov-card-type">{f.types.join(' · ')}</div>
      {f.stats && (
        <div className="ov-card-stats">
          {Object.entries(f.stats).map(([k, v]) => (
            <span key={k}>
              {k} <strong>{card.current?.[k] ?? v}</strong>
            </span>
          ))}
        </div>
      )}
      {f.keywords && f.keywords.length > 0 && <div className="ov-card-kw">{f.keywords.join(' · ')}</div>}
      {f.text && <p className="ov-card-text">{f.text}</p>}
    </div>
  );
}
