// The log's words: what spectators read must not show machine identifiers (prompt kinds such as payReserve,
// phase ids such as wake-up), "object(s)" placeholders or a bare stack id ("Resolved s8").
import { playMatch } from '@matchtape/engine/testing';
import { describe as suite, expect, it } from 'vitest';
import { grandArchive } from './index';
import { describe as describeEvent } from './present';

const INTERNAL =
  /\b[a-z]+[A-Z][A-Za-z]*\b|\(s\)|\b(?:wake-up|game-over|end-of-combat|place-champion)\b|Resolved s\d/;

suite('grand-archive describe', () => {
  it('writes every event of bot matches in words, with no internal identifiers', () => {
    for (const seed of ['words-1', 'words-2']) {
      const m = playMatch(grandArchive, { seed, recordStates: false, bots: { p1: 'greedy', p2: 'random' } });
      const bad = m.events.map((e) => describeEvent(e)).filter((line) => INTERNAL.test(line));
      expect(bad).toEqual([]);
    }
  });

  it('words prompts, phases, empty wake-ups and zone moves', () => {
    const line = (type: string, payload: Record<string, unknown>) => describeEvent({ type, payload });
    expect(line('PromptOpened', { prompt: { kind: 'payReserve', player: 'p1', rule: '2.3.c.1' } })).toBe(
      'p1 must pay the reserve cost',
    );
    expect(line('PromptOpened', { prompt: { kind: 'placeChampion', player: 'p2', rule: '1.3.3' } })).toBe(
      'p2 must put a Lv 0 champion onto the field',
    );
    expect(line('PhaseEntered', { phase: 'wake-up', step: null })).toBe('Wake Up Phase');
    expect(line('PhaseEntered', { phase: 'combat', step: 'end-of-combat' })).toBe(
      'Combat Phase – End of Combat Step',
    );
    expect(line('ObjectsWoken', { player: 'p1', objects: [] })).toBe('p1 had nothing to wake up');
    expect(line('ObjectsWoken', { player: 'p1', objects: ['p1-c1'] })).toBe('p1 woke up 1 object');
    expect(line('StackItemResolved', { sid: 's8', to: null })).toBe('s8 resolved');
  });
});
