// One table of the desk: a link to the match with its game, badges (featured, worth a look, live or finished),
// a row per player (main figure, hand, resources, clock) and where the match is; the Feature control below.
import Link from 'next/link';
import type { BoardModel } from '@matchtape/engine';
import { games } from '@matchtape/games';
import { figureLabelsOf, figuresOf, mainStatOf } from '@matchtape/projections';
import { featureWorthy, type DeskTable } from '../../lib/desk';
import { positionText, seatNames } from '../../lib/present';
import { formatClock, remainingNow } from '../../lib/table';
import type { Perspective } from '../../lib/viewer';
import { isFeatured, isFinished, isOffline, matchHref } from './desk-board';
import { FeatureRow } from './FeatureRow';
import type { DeskFeature } from './useDeskFeature';

function DeskHead({
  t,
  title,
  featured,
  worthy,
  finished,
  offline,
}: {
  t: DeskTable;
  title: string;
  featured: boolean;
  worthy: boolean;
  finished: boolean;
  offline: boolean;
}) {
  return (
    <div className="desk-head">
      <span className="desk-game">{title}</span>
      {featured ? (
        <span className="badge badge-win">featured</span>
      ) : worthy ? (
        <span className="badge badge-behind">worth a look</span>
      ) : null}
      {finished ? (
        <span className="badge badge-ended">Finished</span>
      ) : offline ? (
        <span className="badge badge-off">Offline</span>
      ) : (
        <span className="badge badge-live">
          <span className="dot" aria-hidden="true" /> LIVE
        </span>
      )}
      {t.meta.spectatorDelaySeconds ? (
        <span className="muted desk-delay">{t.meta.spectatorDelaySeconds}s delay</span>
      ) : null}
    </div>
  );
}

function DeskPlayers({ t, b, now }: { t: DeskTable; b: BoardModel; now: number }) {
  const names = seatNames(t.meta.players);
  const labels = b.players[0] ? figureLabelsOf(b.players[0]) : null;
  return (
    <table className="desk-players">
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Player</span>
          </th>
          <th scope="col">{labels?.main ?? ''}</th>
          <th scope="col">{labels?.hand ?? ''}</th>
          <th scope="col">{labels?.resources ?? ''}</th>
          {t.clock && <th scope="col">Clock</th>}
        </tr>
      </thead>
      <tbody>
        {b.players.map((p) => {
          const main = mainStatOf(p);
          const f = figuresOf(p);
          const ms = t.clock ? remainingNow(t.clock, p.id, now) : null;
          return (
            <tr key={p.id} data-player={p.id} className={b.activePlayer === p.id ? 'desk-active' : ''}>
              <th scope="row" className="desk-name">
                {b.activePlayer === p.id && <span className="desk-turn-dot" aria-label="active player" />}
                {names.get(p.id) ?? p.name}
                {b.winner === p.id && <span className="badge badge-win">won</span>}
              </th>
              <td className="desk-main" data-value={f.main ?? ''} title={main?.label}>
                {main ? (
                  <>
                    {String(main.value)}
                    {main.max !== undefined && <span className="muted">/{main.max}</span>}
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className="desk-small" title="Cards in hand">
                {f.hand ?? ''}
              </td>
              <td className="desk-small" title="Resources">
                {f.resources ?? ''}
              </td>
              {t.clock && (
                <td
                  className={`desk-clock${t.clock.running === p.id ? ' clock-running' : ''}${ms !== null && ms < 30_000 ? ' clock-low' : ''}`}
                  data-seat={p.id}
                >
                  {ms !== null ? formatClock(ms) : ''}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function MiniBoard({ t, now, as, f }: { t: DeskTable; now: number; as: Perspective; f: DeskFeature }) {
  const b = t.board;
  const title = t.meta.gameTitle ?? games[t.meta.game]?.title ?? t.meta.game;
  const who = t.meta.players.map((p) => p.name).join(' vs ') || t.meta.matchId;
  const finished = isFinished(t);
  const offline = isOffline(t);
  const featured = isFeatured(t, f.events);
  const worthy = featureWorthy(t);
  const href = matchHref(t.meta.matchId, as);
  return (
    <li
      className={`desk-table${finished ? ' desk-ended' : ''}`}
      data-match={t.meta.matchId}
      data-seq={t.seq}
      data-turn={b?.turn ?? ''}
      data-status={finished ? 'ended' : 'playing'}
      data-worthy={worthy ? 'yes' : 'no'}
      data-featured={featured ? 'yes' : 'no'}
    >
      <Link
        href={href}
        className="desk-link"
        aria-label={`${who}, ${title}${b ? `, turn ${b.turn}` : ''}: open the match`}
      >
        <DeskHead
          t={t}
          title={title}
          featured={featured}
          worthy={worthy}
          finished={finished}
          offline={offline}
        />
        {t.error ? (
          <p className="desk-error">{t.error}</p>
        ) : !b ? (
          <p className="muted desk-wait">Loading…</p>
        ) : (
          <>
            <DeskPlayers t={t} b={b} now={now} />
            <div className="desk-pos">
              <strong>Turn {b.turn}</strong> · {positionText(t.meta.game, b.phase, b.step)}
              <span className="muted"> · event {t.seq}</span>
            </div>
          </>
        )}
      </Link>
      <FeatureRow t={t} f={f} />
    </li>
  );
}
