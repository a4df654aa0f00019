// GET /api/matches/:id/export: a copy whose header line says what it is (ARCHITECTURE.md §4). A judge's is the
// full truth; anyone else's is redacted for its viewer, each sealed event with the salt of that viewer's view so
// `matchtape verify` checks every byte of it (engine seal.ts). The salt opens only that view, which the viewer holds.
import { commitKey, envelopeFields, sealSalt, type CopyKind, type EventEnvelope, type Viewer } from '@matchtape/engine';
import { copyHeaderLine, type MatchRecord } from '@matchtape/store';

export function copyText(rec: MatchRecord, viewer: Viewer, events: readonly EventEnvelope[]): string {
  const kind: CopyKind = viewer === 'judge' ? { copy: 'full' } : { copy: 'redacted', viewer };
  const key = viewer === 'judge' ? null : commitKey(rec.seed);
  const lines = events.map((e) => JSON.stringify(envelopeFields(key && e.seal ? { ...e, salt: sealSalt(key, rec.matchId, e.seq, viewer) } : e)));
  return [copyHeaderLine(kind), ...lines].join('\n') + '\n';
}
