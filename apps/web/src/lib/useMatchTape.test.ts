// The live stream's batches as the match page reads them: match events onto the tape, side frames and presence
// beside it, anything unreadable dropped.
import { describe, expect, it } from 'vitest';
import type { SseMessage } from './sse';
import { readLiveBatch } from './useMatchTape';

const msg = (event: string, data: unknown, raw?: string): SseMessage => ({
  event,
  data: raw ?? JSON.stringify(data),
  id: null,
});

describe('readLiveBatch', () => {
  it('sorts a batch into events, drawings, presence and the end', () => {
    const e = { seq: 7, type: 'TurnStarted', payload: {} };
    const b = readLiveBatch([
      msg('message', e),
      msg('drawing', { seq: 1, type: 'DrawingAdded' }),
      msg('presence', { seat: 'p2', connected: false }),
      msg('end', {}),
    ]);
    expect(b.events).toEqual([e]);
    expect(b.drawings).toEqual([{ seq: 1, type: 'DrawingAdded' }]);
    expect(b.endSeen).toBe(true);
    expect(b.presence).toEqual([{ seat: 'p2', connected: false }]);
  });

  it('never puts side-stream frames or unreadable data onto the tape', () => {
    const side = { seq: 3, type: 'AnnotationAdded' };
    const b = readLiveBatch([
      msg('annotation', side),
      msg('dispute', side),
      msg('message', null, '{not json'),
    ]);
    expect(b).toEqual({ events: [], drawings: [], presence: [], endSeen: false });
  });
});
