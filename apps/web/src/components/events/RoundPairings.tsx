'use client';
// One round's pairings: table, players, each game (a link to its match, with its outcome; a game decided by a
// ruling has no match), the result, and for the producer the Stream switch.
import type { EventView } from '@matchtape/server/events-contract';
import { FeatureButton, type Feature } from './FeaturedTable';
import { outcomeText, resultText } from './eventText';

type Round = EventView['rounds'][number];
type Pairing = Round['pairings'][number];

export interface RoundPairingsProps {
  view: EventView;
  round: Round;
  name: (p: string | null) => string;
  /** The producer's switch, or null for everyone else (no Stream column). */
  control: Feature | null;
}

export function RoundPairings({ view, round: r, name, control }: RoundPairingsProps) {
  return (
    <section aria-label={`Round ${r.round} pairings`}>
      <h2>
        {r.stage === 'top' ? 'Top cut' : 'Round'} {r.round}
      </h2>
      <table className="event-table">
        <thead>
          <tr>
            <th>Table</th>
            <th>Player</th>
            <th>Player</th>
            <th>Games</th>
            <th>Result</th>
            {control && <th>Stream</th>}
          </tr>
        </thead>
        <tbody>
          {r.pairings.map((p) => (
            <PairingRow key={p.table} view={view} round={r} pairing={p} name={name} control={control} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function PairingRow({ view, round, pairing: p, name, control }: RoundPairingsProps & { pairing: Pairing }) {
  return (
    <tr>
      <td>{p.table}</td>
      <td>{name(p.p1)}</td>
      <td>{name(p.p2)}</td>
      <td>
        {p.games.map((g) =>
          g.matchId ? (
            <a
              key={g.game}
              href={`/matches/${encodeURIComponent(g.matchId)}`}
              aria-label={`Table ${p.table} game ${g.game}`}
            >
              G{g.game}
              {outcomeText(g.outcome, name)}{' '}
            </a>
          ) : (
            <span key={g.game}>G{g.game} ruling </span>
          ),
        )}
      </td>
      <td>{resultText(p.result, name)}</td>
      {control && (
        <td>
          <FeatureButton view={view} round={round.round} pairing={p} control={control} />
        </td>
      )}
    </tr>
  );
}
