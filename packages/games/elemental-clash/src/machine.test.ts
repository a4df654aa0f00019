// The machine is the one definition of the turn (§4.0): its meta is complete, decide follows it, and seeded bot
// matches plus the scenario files cover every state and every transition (path coverage).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkMachineMeta,
  listTransitions,
  machineLocations,
  MatchSession,
  parseScenario,
  pathOf,
  phaseOrder,
  Rng,
  scenarioConfig,
  type Command,
  type PlayerId,
} from '@matchtape/engine';
import { defaultConfig } from '@matchtape/engine/testing';
import { machineCoverage } from '@matchtape/engine/testing/graph';
import { elementalClash as game } from './index';
import { elementalClashMachine as machine, nextLocation } from './machine';
import { botsFor } from './property-helpers';
import type { ECState } from './types';

const defined = listTransitions(machine);
/** The node that defines `event` for a state at `path` (the nearest ancestor with such a transition). */
function definer(path: string, event: string): string | null {
  const parts = path.split('.');
  for (let k = parts.length; k >= 0; k--) {
    const source = parts.slice(0, k).join('.');
    if (defined.some((t) => t.source === source && t.event === event)) return source;
  }
  return null;
}

type Seen = { states: Set<string>; transitions: Map<string, { source: string; event: string }> };

/** Records the machine path of every event and the transition each command and phase change takes. */
function recorder(seen: Seen) {
  let path = 'setup';
  seen.states.add(path);
  const take = (source: string | null, event: string) =>
    source !== null && seen.transitions.set(`${source}|${event}`, { source, event });
  return {
    command: (type: string) => take(definer(path, type), type),
    events: (es: readonly { phase: string; step: string | null }[]) => {
      for (const e of es) {
        const next = pathOf(machine, e.phase, e.step);
        const event = next === 'gameOver' ? 'GAME_OVER' : next === 'turn.main.defend' ? 'ATTACK' : 'ADVANCE';
        if (next !== path) take(definer(path, event), event);
        path = next;
        seen.states.add(path);
      }
    },
  };
}

function drive(seed: string, bots: Record<PlayerId, 'random' | 'greedy'>, seen: Seen): void {
  const r = MatchSession.start<ECState>(game, defaultConfig(game, `m-${seed}`), { seed, at: 't' });
  if (!r.ok) throw new Error(r.reason);
  const s = r.session;
  const rec = recorder(seen);
  rec.events(r.events);
  const rng = new Rng(`bot:${seed}`);
  for (let n = 0; n < 20_000 && game.status(s.state).status !== 'ended'; n++) {
    const p = game.actors(s.state)[0]!;
    const cmd = game.bots[bots[p]!].choose(s.state, p, game.legalCommands(s.state, p), rng) as Command;
    rec.command(cmd.type);
    const res = s.play({ ...cmd, player: p }, 't');
    if (!res.ok) throw new Error(`${cmd.type} rejected: ${res.rule} ${res.reason}`);
    rec.events(res.events);
  }
}

/** Replays a scenario file's accepted commands from its start position (or setup). */
function replay(file: string, seen: Seen): void {
  const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const sc = parsed.scenario;
  const start = sc.start;
  const r = MatchSession.start<ECState>(
    game,
    scenarioConfig(sc),
    { seed: String(sc.seed), at: 't' },
    start ? { setup: (c, ctx) => game.scenario!.start(c, start, { ...ctx, cards: sc.cards ?? [] }) } : {},
  );
  // A scenario about a refused setup (expectSetup) plays nothing: it covers no state.
  if (!r.ok && sc.expectSetup) return;
  if (!r.ok) throw new Error(r.reason);
  const rec = recorder(seen);
  rec.events(r.events);
  for (const step of sc.steps) {
    if (!('command' in step)) continue;
    const type = step.command.type;
    const res = r.session.play(step.command as Command, 't');
    if (!res.ok) continue;
    rec.command(type);
    rec.events(res.events);
  }
}

describe('elemental-clash machine', () => {
  it('meta is complete and positions are the document’s phases in order (§4.0)', () => {
    expect(checkMachineMeta(machine)).toEqual([]);
    expect(phaseOrder(machine)).toEqual(['setup', 'standby', 'draw', 'main', 'end', 'game-over']);
    expect(machineLocations(machine).map((l) => `${l.phase}/${l.step ?? ''}`)).toEqual([
      'setup/mulligan',
      'standby/',
      'draw/',
      'main/',
      'main/defend',
      'end/',
      'game-over/',
    ]);
  });

  it('decides the phase order: the redraw skips the main phase (§4.0.D2)', () => {
    const base = game.initial();
    const at = (phase: ECState['phase'], redrew = false): ECState => ({
      ...base,
      status: 'playing',
      phase,
      redrew,
    });
    expect(nextLocation(at('standby')).phase).toBe('draw');
    expect(nextLocation(at('draw'))).toMatchObject({ phase: 'main', rule: '4.0' });
    expect(nextLocation(at('draw', true))).toMatchObject({ phase: 'end', rule: '4.0.D2' });
    expect(nextLocation(at('main')).phase).toBe('end');
    expect(nextLocation(at('end')).phase).toBe('standby');
  });

  it('bot matches and scenario files cover every state and transition', { timeout: 600_000 }, () => {
    const seen: Seen = { states: new Set(), transitions: new Map() };
    for (let i = 0; i < 16; i++) drive(`cov-${i}`, botsFor(i), seen);
    const dir = join(import.meta.dirname, '../scenarios');
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) replay(join(dir, f), seen);
    const cov = machineCoverage(machine, { states: seen.states, transitions: seen.transitions.values() });
    expect(cov.states.uncovered).toEqual([]);
    // Nobody concedes during the mulligans in these matches: the one transition left to a dedicated check.
    expect(cov.transitions.uncovered).toEqual(['setup --GAME_OVER-->']);
    const r = MatchSession.start<ECState>(game, defaultConfig(game, 'm-concede'), {
      seed: 'concede',
      at: 't',
    });
    if (!r.ok) throw new Error(r.reason);
    const res = r.session.play({ type: 'Concede', player: 'p2' }, 't');
    expect(res.ok && res.events.map((e) => e.type)).toEqual(['Conceded', 'PlayerLost', 'MatchEnded']);
    expect(r.session.state.phase).toBe('game-over');
  });
});
