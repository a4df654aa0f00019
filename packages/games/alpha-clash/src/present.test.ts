// The log's words: what spectators read must not show machine identifiers (camelCase step names, effect kinds),
// "card(s)" placeholders, or an automatic pass worded as the player's own.
import { playMatch } from '@matchtape/engine/testing';
import { describe as suite, expect, it } from 'vitest';
import { alphaClash } from './index';
import { describe as describeEvent } from './present';

// camelCase, "card(s)", an effect key ("trigger:0") or an effect's Standby id ("e8").
const INTERNAL = /\b[a-z]+[A-Z][A-Za-z]*\b|\(s\)|\b[a-z]+:\d+\b|\be\d+\b/;

suite('alpha-clash describe', () => {
  it('writes every event of bot matches in words, with no internal identifiers', () => {
    for (const seed of ['words-1', 'words-2', 'words-3']) {
      const m = playMatch(alphaClash, { seed, recordStates: false, bots: { p1: 'greedy', p2: 'random' } });
      const bad = m.events.map((e) => describeEvent(e)).filter((line) => INTERNAL.test(line));
      expect(bad).toEqual([]);
    }
  });

  it('names phases and steps as the rules do and marks automatic passes', () => {
    const line = (type: string, payload: Record<string, unknown>) => describeEvent({ type, payload });
    expect(line('StepStarted', { step: 'turn.primary.clash.attackerBuff' })).toBe(
      "Clash Phase – Attacker's Clash Buff Step.",
    );
    expect(line('StepStarted', { step: 'turn.startOfTurn' })).toBe('Start of Turn Phase.');
    expect(line('EffectTriggered', { source: 'p1-7', effect: 'StartOfTurn' })).toBe(
      "p1-7's start of turn effect triggered.",
    );
    expect(line('EffectTriggered', { source: 'p1-7', effect: 'trigger:0' })).toBe("p1-7's effect triggered.");
    expect(line('EffectTriggered', { source: 'p1-7', effect: 'barrage' })).toBe("p1-7's Barrage triggered.");
    expect(line('StandbyResolved', { sid: 'e8', kind: 'trigger', source: 'p1-7' })).toBe(
      "p1-7's effect resolved.",
    );
    expect(line('StandbyResolved', { sid: 'p2-3', kind: 'card' })).toBe('p2-3 resolved.');
    expect(line('PriorityPassed', { player: 'p1', auto: true })).toMatch(/^p1 passes priority automatically/);
    expect(line('PriorityPassed', { player: 'p1' })).toBe('p1 passed priority.');
    expect(line('MulliganDeclared', { player: 'p2', count: 1 })).toBe('p2 mulligans 1 card.');
  });
});
