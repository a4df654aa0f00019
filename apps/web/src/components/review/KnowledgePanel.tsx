'use client';
import { zoneWords } from '../../lib/present';
// Who knew what at the disputed seq: for each player, zone by zone, the cards they could see, the ones they
// remembered (seen earlier, hidden since, not shuffled), and how many they could not know. Remembered cards and
// unknown cards outside decks are the differences from the truth a judge looks for; they are highlighted.
export interface KnownRef {
  id: string;
  cardId: string;
  name: string;
  how?: string;
  lastSeenSeq?: number;
  movedFrom?: { owner: string; zone: string };
}
export interface Knowledge {
  seq: number;
  players: {
    player: string;
    /** `label`: the zone in words ("Ada's material deck"); `zone` is its path. */
    zones: {
      owner: string;
      zone: string;
      label?: string;
      count: number;
      visible: KnownRef[];
      remembered: KnownRef[];
      unknown: KnownRef[];
    }[];
    remembered: KnownRef[];
    unknownOutsidePiles: number;
  }[];
}

const PILE = /deck|spellbook|library/i;

export function KnowledgePanel({
  knowledge,
  names,
}: {
  knowledge: Knowledge;
  names: ReadonlyMap<string, string>;
}) {
  return (
    <section className="review-section knowledge" aria-label="Who knew what">
      <h2>Who knew what at seq {knowledge.seq}</h2>
      <div className="knowledge-cols">
        {knowledge.players.map((p) => (
          <div key={p.player} className="knowledge-player" data-knowledge-of={p.player}>
            <h3>
              {names.get(p.player) ?? p.player}: {p.zones.reduce((n, z) => n + z.visible.length, 0)} seen,{' '}
              {p.remembered.length} remembered, {p.unknownOutsidePiles} unknown outside decks
            </h3>
            <table>
              <tbody>
                {p.zones
                  .filter((z) => !PILE.test(z.zone) || z.visible.length + z.remembered.length > 0)
                  .map((z) => (
                    <tr key={z.zone} data-zone-of={z.zone}>
                      <th scope="row">
                        {z.label && z.label !== z.zone ? z.label : zoneWords(z.zone, names)}
                      </th>
                      <td>
                        {z.visible
                          .map((c) => (
                            <span
                              key={c.id}
                              className="k-card k-visible"
                              title={`${c.how ?? ''} (seq ${c.lastSeenSeq ?? '?'})`}
                              data-card={c.cardId}
                            >
                              {c.name}
                            </span>
                          ))
                          .flatMap((x) => [x, ' '])}
                        {z.remembered
                          .map((c) => (
                            <span
                              key={c.id}
                              className="k-card k-remembered"
                              title={`last seen at seq ${c.lastSeenSeq}${c.movedFrom ? ` in ${c.movedFrom.zone}` : ''}`}
                              data-card={c.cardId}
                            >
                              {c.name}{' '}
                              <small>
                                ({c.how}, seq {c.lastSeenSeq}
                                {c.movedFrom ? ', moved since' : ''})
                              </small>
                            </span>
                          ))
                          .flatMap((x) => [x, ' '])}
                        {z.unknown.length > 0 && (
                          <span
                            className={`k-card k-unknown${PILE.test(z.zone) ? '' : ' k-diff'}`}
                            title={z.unknown.map((c) => c.name).join(', ')}
                          >
                            {z.unknown.length} unknown
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}
