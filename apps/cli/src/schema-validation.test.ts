// The published event schemas (`matchtape schema --game G`) checked by an independent validator: Ajv's JSON Schema
// 2020-12, not zod. Every event of bot matches of all four games must validate, as the judge stores it and as the
// public and each seat receive it (viewEvent), so a client generated from the schema accepts what the server sends.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyGameModule, Viewer } from '@matchtape/engine';
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

describe.each(Object.values(games).map((g) => [g.id, g] as [string, AnyGameModule]))('%s: every event validates against the published schema (Ajv 2020-12)', (id, game) => {
  let validate: ValidateFunction;
  beforeAll(async () => {
    validate = await publishedEventSchema(id);
  });
  it.each(SEEDS)('bot match %s, judge, public and seat views', (seed) => {
    const m = playMatch(game, { seed, bots: { p1: 'greedy', p2: 'random' }, recordStates: false, maxCommands: 3000 });
    expect(m.events.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const viewer of VIEWERS)
      for (const e of m.events) {
        const seen = game.viewEvent(e, viewer);
        if (!validate({ type: seen.type, payload: seen.payload }))
          failures.push(`${viewer} seq ${e.seq} ${e.type}: ${(validate.errors ?? []).slice(0, 3).map((x) => `${x.instancePath} ${x.message}`).join('; ')}`);
      }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
