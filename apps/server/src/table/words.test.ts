// The table speaks each game's own words: at every step of a bot match of each of the four games, for both seats,
// the prompt, the opponent's status line and every offer's label are free of engine ids — camelCase or
// kebab-case identifiers ("attackerBuff", "pre-block", "start-of-your-turn"), card ids, seat ids, trigger ids —
// and say where the game is by the rules document's names (positionWords), never the machine's.
import type { AnyGameModule, PlayerId } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { games } from '@matchtape/games';
import { describe, expect, it } from 'vitest';
import { tableActions, theirWords } from './offers';

/** An identifier where words belong: camelCase, PascalCase joined words, kebab-case, snake_case, a seat id, an id with a colon. */
const ENGINE_ID =
  /\b[a-z]+[A-Z][A-Za-z]*\b|\b[A-Z][a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+(?:-[a-z0-9]+)+\b|\b[a-z]+_[a-z0-9_]+\b|\bp[1-9][0-9]*\b|\b\w+:\d+\b/;

function engineIdIn(text: string): string | null {
  return ENGINE_ID.exec(text)?.[0] ?? null;
}

describe('engine ids are caught', () => {
  it.each([
    'Act or pass (clash, attackerBuff)',
    'Act (battle, pre-block)',
    'Resolve next: War Camp: start-of-your-turn',
    'Attack p2',
    'Resolve t_12',
    'Resolve x:0',
    'Make a choice (PutUnder)',
  ])('%s', (text) => {
    expect(engineIdIn(text)).not.toBeNull();
  });
  it.each([
    "Act or pass (Clash Phase, Attacker's Clash Buff Step)",
    'Choose blockers from your DEF zone (D13)',
    'Put a Lv 0 champion onto the field (1.3.3)',
    'Resolve next: War Camp: at the start of your turn',
  ])('%s', (text) => {
    expect(engineIdIn(text)).toBeNull();
  });
  it('a prompt is said of the other player for the status line', () => {
    expect(theirWords('keep your opening hand or mulligan')).toBe('keep their opening hand or mulligan');
  });
});

describe.each(Object.entries(games as Readonly<Record<string, AnyGameModule>>))(
  '%s: the table in the game’s words',
  (id, game) => {
    it('every prompt, status line and offer label of a bot match names no engine id and no machine position', () => {
      const bad = new Map<string, string>();
      const seen = { prompts: new Set<string>(), labels: 0 };
      const check = (what: string, text: string, seq: number) => {
        const found = engineIdIn(text);
        if (found && !bad.has(text)) bad.set(text, `${what} at seq ${seq}: "${found}"`);
      };
      playMatch(game, {
        seed: `table-words-${id}`,
        bots: { p1: 'greedy', p2: 'random' },
        recordStates: false,
        onStep: (state, events) => {
          const pos = game.position(state);
          const said = game.positionWords?.(pos.phase, pos.step ?? null);
          for (const seat of ['p1', 'p2'] as PlayerId[]) {
            const a = tableActions(game, state, seat, events.length);
            for (const o of a.offers) {
              check(`${seat}'s offer ${o.command.type}`, o.label, events.length);
              seen.labels++;
            }
            if (a.prompt) {
              seen.prompts.add(a.prompt.text);
              check(`${seat}'s prompt`, a.prompt.text, events.length);
              // A step the machine names otherwise than the rules document is never said by its machine name.
              const raw = pos.step ? pos.step.replace(/-/g, ' ') : null;
              if (
                raw &&
                said?.step &&
                said.step.toLowerCase() !== raw.toLowerCase() &&
                a.prompt.text.includes(`, ${raw})`)
              )
                bad.set(
                  a.prompt.text,
                  `${seat}'s prompt names the machine's step "${pos.step}" at seq ${events.length}`,
                );
            }
            if (a.waitingFor)
              check(
                `${seat}'s status line`,
                a.waitingFor.text.replace(a.waitingFor.name ?? '\u0000', 'Someone'),
                events.length,
              );
          }
        },
      });
      expect([...bad.entries()].map(([text, why]) => `${why} — ${text}`)).toEqual([]);
      expect(seen.labels).toBeGreaterThan(0);
      expect(seen.prompts.size).toBeGreaterThan(1);
    }, 120_000);
  },
);
