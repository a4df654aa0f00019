// The published event schemas (`matchtape schema --game G`) checked by an independent validator: Ajv's JSON Schema
// 2020-12, not zod. Every event of bot matches of all four games must validate, as the judge stores it and as the
// public and each seat receive it (viewEvent), so a client generated from the schema accepts what the server sends.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type AnyGameModule, type EventEnvelope, type Viewer } from '@matchtape/engine';
import { playMatch } from '@matchtape/engine/testing/harness';
import { games } from '@matchtape/games';
import { cli, tempDir } from './testing';

const SEEDS = ['schema-1', 'schema-2', 'schema-3'];
const VIEWERS: Viewer[] = ['judge', 'public', 'p1', 'p2'];

async function publishedEventSchema(game: string): Promise<ValidateFunction> {
  const tmp = tempDir();
  try {
    const r = await cli(['schema', '--game', game], tmp.dir, { games });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { events: Record<string, unknown> };
    // strict: an unknown keyword in what we publish is a defect of the document, not something to ignore.
    return new Ajv2020({ strict: true, allErrors: true }).compile(doc.events);
  } finally {
    tmp.cleanup();
  }
}

function invalid(
  game: AnyGameModule,
  validate: ValidateFunction,
  events: readonly EventEnvelope[],
): string[] {
  const failures: string[] = [];
  for (const viewer of VIEWERS)
    for (const e of events) {
      const seen = game.viewEvent(e, viewer);
      if (!validate({ type: seen.type, payload: seen.payload }))
        failures.push(
          `${viewer} seq ${e.seq} ${e.type}: ${(validate.errors ?? [])
            .slice(0, 3)
            .map((x) => `${x.instancePath} ${x.message}`)
            .join('; ')}`,
        );
    }
  return failures;
}

describe.each(Object.values(games).map((g) => [g.id, g] as [string, AnyGameModule]))(
  '%s: every event validates against the published schema (Ajv 2020-12)',
  (id, game) => {
    let validate: ValidateFunction;
    beforeAll(async () => {
      validate = await publishedEventSchema(id);
    });
    it.each(SEEDS)('bot match %s, judge, public and seat views', (seed) => {
      const m = playMatch(game, {
        seed,
        bots: { p1: 'greedy', p2: 'random' },
        recordStates: false,
        maxCommands: 3000,
      });
      expect(m.events.length).toBeGreaterThan(10);
      expect(invalid(game, validate, m.events).slice(0, 10)).toEqual([]);
    });
  },
);

// Test cards reach effects the pool's cards (and so bot matches) never use: the scenario files with test cards of
// the games whose effect vocabulary they exercise must produce events of the published shape too.
describe.each(['alpha-clash', 'grand-archive'])(
  '%s: the events of scenario files with test cards validate (Ajv 2020-12)',
  (id) => {
    const game = games[id as keyof typeof games] as AnyGameModule;
    const dir = join(import.meta.dirname, '../../../packages/games', id, 'scenarios');
    const read = (f: string): { cards?: unknown[] } =>
      JSON.parse(readFileSync(join(dir, f), 'utf8')) as { cards?: unknown[] };
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && (read(f).cards?.length ?? 0) > 0);
    let validate: ValidateFunction;
    beforeAll(async () => {
      validate = await publishedEventSchema(id);
    });
    it(`${files.length} files, judge, public and seat views`, () => {
      expect(files.length).toBeGreaterThan(5);
      const failures = files.flatMap((f) => {
        const r = runScenario(game, read(f));
        return r.ok
          ? invalid(game, validate, r.events).map((x) => `${f}: ${x}`)
          : [`${f}: ${r.failures.join('; ')}`];
      });
      expect(failures.slice(0, 10)).toEqual([]);
    });
  },
);
