// GET /api/matches/:id/export: a copy whose header line says what it is (ARCHITECTURE.md §4). A judge's is the
// full truth; anyone else's is redacted for its viewer, each sealed event with the salt of that viewer's view so
// `matchtape verify` checks every byte of it (engine seal.ts). The salt opens only that view, which the viewer holds.
// An ended fork's MatchEnded withholds its seed (it opens the copied prefix, the parent's hidden cards): the header
// carries it instead, to judges, and to everyone else once the fork is released (judges/fork-secrecy.ts).
import {
  commitKey,
  commitKeyHex,
  envelopeFields,
  sealSalt,
  type CopyKind,
  type EventEnvelope,
  type Viewer,
} from '@matchtape/engine';
import { copyHeaderLine, withholdsSeed, type MatchRecord } from '@matchtape/store';

/** `released`: the match is no fork still sealed (its parent's secrets are public). */
export function copyText(
  rec: MatchRecord,
  viewer: Viewer,
  events: readonly EventEnvelope[],
  released: boolean,
): string {
  const seed = withholdsSeed(events) && (viewer === 'judge' || released) ? { seed: rec.seed } : {};
  // A judge's copy carries the commitment key, so a live match's full copy opens every commitment (seal.ts).
  const kind: CopyKind =
    viewer === 'judge'
      ? { copy: 'full', commitKey: commitKeyHex(rec.seed), ...seed }
      : { copy: 'redacted', viewer, ...seed };
  const key = viewer === 'judge' ? null : commitKey(rec.seed);
  const lines = events.map((e) =>
    JSON.stringify(
      envelopeFields(key && e.seal ? { ...e, salt: sealSalt(key, rec.matchId, e.seq, viewer) } : e),
    ),
  );
  return [copyHeaderLine(kind), ...lines].join('\n') + '\n';
}
