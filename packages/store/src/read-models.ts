// Read-model storage for the projector: per read model, generations of per-match documents (blue/green).
// Readers always go through the live generation in one statement, so a switch is atomic for them; writers
// move a generation's checkpoint with its documents in one transaction, guarded by the checkpoint they started
// from (two projectors on one generation cannot both apply a batch) and by the generation's status (a retired
// generation takes no more writes).
import { sql } from 'kysely';
import { KyselyEventStore } from './store';
import type { EventStore } from './types';

export interface GenerationInfo {
  name: string;
  generation: number;
  status: 'building' | 'live' | 'retired';
  /** Position of the last event folded in (readAll's cursor); 0 before the first. */
  position: number;
  events: number;
}

export interface ReadModelDoc<D = unknown> {
  matchId: string;
  lastSeq: number;
  doc: D;
}

/** Raised when another writer moved the generation's checkpoint or it was retired: reload and go on. */
export class StaleGenerationError extends Error {
  override readonly name = 'StaleGenerationError';
}

const NAME = /^[a-z][a-z0-9-]{0,62}$/;

function kysely(store: EventStore): KyselyEventStore {
  if (!(store instanceof KyselyEventStore))
    throw new TypeError('read models need the Kysely event store (Postgres or PGlite)');
  return store;
}

export function checkReadModelName(name: string): string {
  if (!NAME.test(name))
    throw new TypeError(
      `read model name "${name}" is invalid: lowercase letters, digits and -, starting with a letter`,
    );
  return name;
}

const toInfo = (r: {
  name: string;
  generation: number;
  status: GenerationInfo['status'];
  position: string | number | bigint;
  events: string | number | bigint;
}): GenerationInfo => ({
  name: r.name,
  generation: r.generation,
  status: r.status,
  position: Number(r.position),
  events: Number(r.events),
});

/** Every generation of a read model that is not retired (live first). */
export async function readModelGenerations(store: EventStore, name: string): Promise<GenerationInfo[]> {
  const rows = await kysely(store)
    .db.selectFrom('read_model_generations')
    .select(['name', 'generation', 'status', 'position', 'events'])
    .where('name', '=', checkReadModelName(name))
    .where('status', '!=', 'retired')
    .orderBy(sql`status = 'live'`, 'desc')
    .orderBy('generation', 'desc')
    .execute();
  return rows.map(toInfo);
}

/** A generation's status now, or null when it is gone (retired generations are deleted soon after). */
export async function generationStatus(
  store: EventStore,
  name: string,
  generation: number,
): Promise<GenerationInfo['status'] | null> {
  const r = await kysely(store)
    .db.selectFrom('read_model_generations')
    .select('status')
    .where('name', '=', name)
    .where('generation', '=', generation)
    .executeTakeFirst();
  return r?.status ?? null;
}

/** A new generation in `building`, numbered after every earlier one. */
export async function beginGeneration(store: EventStore, name: string): Promise<GenerationInfo> {
  const db = kysely(store).db;
  checkReadModelName(name);
  for (let attempt = 0; ; attempt++) {
    try {
      const { rows } = await sql<{ generation: number }>`
        insert into read_model_generations (name, generation, status)
        select ${name}, coalesce(max(generation), 0) + 1, 'building' from read_model_generations where name = ${name}
        returning generation`.execute(db);
      return { name, generation: rows[0]!.generation, status: 'building', position: 0, events: 0 };
    } catch (e) {
      // Two builders numbering at once: the loser takes the next number.
      if ((e as { code?: string }).code !== '23505' || attempt >= 3) throw e;
    }
  }
}

/** Documents of one generation for these matches. */
export async function loadDocs<D>(
  store: EventStore,
  name: string,
  generation: number,
  matchIds: readonly string[],
): Promise<Map<string, ReadModelDoc<D>>> {
  const out = new Map<string, ReadModelDoc<D>>();
  if (matchIds.length === 0) return out;
  const rows = await kysely(store)
    .db.selectFrom('read_model_docs')
    .select(['match_id', 'last_seq', 'doc'])
    .where('name', '=', name)
    .where('generation', '=', generation)
    .where('match_id', 'in', [...matchIds])
    .execute();
  for (const r of rows) out.set(r.match_id, { matchId: r.match_id, lastSeq: r.last_seq, doc: r.doc as D });
  return out;
}

/**
 * Writes a batch: the documents and the generation's new checkpoint, in one statement (one round trip, one
 * transaction: every document in one multi-row upsert). Refused (nothing written) when the generation is no
 * longer at `fromPosition` or was retired.
 */
export async function saveBatch(
  store: EventStore,
  gen: { name: string; generation: number },
  fromPosition: number,
  toPosition: number,
  events: number,
  docs: readonly ReadModelDoc[],
): Promise<void> {
  // Built as text, one document at a time: a rebuild's batch can carry hundreds of large documents. Built before
  // the first await, on purpose: the projector folds its next batch into the same documents while this one writes.
  const docsJson = `[${docs
    .map(
      (d) =>
        `{"match_id":${JSON.stringify(d.matchId)},"last_seq":${d.lastSeq},"doc":${JSON.stringify(d.doc)}}`,
    )
    .join(',')}]`;
  const { rows } = await sql<{ moved: number }>`
    with moved as (
      update read_model_generations
        set position = ${toPosition}, events = events + ${events}, updated_at = ${new Date().toISOString()}
        where name = ${gen.name} and generation = ${gen.generation} and position = ${fromPosition}
          and status != 'retired'
        returning 1
    ), docs as (
      insert into read_model_docs (name, generation, match_id, last_seq, doc)
        select ${gen.name}, ${gen.generation}, d.match_id, d.last_seq, d.doc
        from jsonb_to_recordset(${docsJson}::jsonb) as d(match_id text, last_seq integer, doc jsonb)
        where exists (select 1 from moved)
        on conflict (name, generation, match_id) do update set last_seq = excluded.last_seq, doc = excluded.doc
    )
    select count(*)::int as moved from moved`.execute(kysely(store).db);
  if (rows[0]?.moved !== 1)
    throw new StaleGenerationError(
      `read model ${gen.name} generation ${gen.generation} moved on or was retired; reload it`,
    );
}

/**
 * Makes `generation` the live one and retires the one it replaces, atomically; then deletes the retired
 * generation's documents (readers never see them: they read through the live row).
 */
export async function promoteGeneration(
  store: EventStore,
  name: string,
  generation: number,
): Promise<{ retired: number | null }> {
  const db = kysely(store).db;
  const retired = await db.transaction().execute(async (trx) => {
    const old = await trx
      .updateTable('read_model_generations')
      .set({ status: 'retired', updated_at: new Date().toISOString() })
      .where('name', '=', name)
      .where('status', '=', 'live')
      .where('generation', '!=', generation)
      .returning('generation')
      .executeTakeFirst();
    const now = new Date().toISOString();
    const r = await trx
      .updateTable('read_model_generations')
      .set({ status: 'live', live_at: now, updated_at: now })
      .where('name', '=', name)
      .where('generation', '=', generation)
      .where('status', '=', 'building')
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n)
      throw new StaleGenerationError(
        `read model ${name} generation ${generation} is not building; nothing switched`,
      );
    return old?.generation ?? null;
  });
  await dropRetired(store, name);
  return { retired };
}

/** Deletes the documents and rows of retired generations (and abandoned builds when `alsoBuilding`). */
export async function dropRetired(
  store: EventStore,
  name: string,
  opts: { alsoBuilding?: boolean } = {},
): Promise<void> {
  const db = kysely(store).db;
  const statuses: GenerationInfo['status'][] = opts.alsoBuilding ? ['retired', 'building'] : ['retired'];
  const gens = await db
    .selectFrom('read_model_generations')
    .select('generation')
    .where('name', '=', name)
    .where('status', 'in', statuses)
    .execute();
  for (const g of gens) {
    await db
      .deleteFrom('read_model_docs')
      .where('name', '=', name)
      .where('generation', '=', g.generation)
      .execute();
    await db
      .deleteFrom('read_model_generations')
      .where('name', '=', name)
      .where('generation', '=', g.generation)
      .execute();
  }
}

/** The live generation's document for a match, with the generation (one statement: a switch is atomic here). */
export async function readLiveDoc<D>(
  store: EventStore,
  name: string,
  matchId: string,
): Promise<(ReadModelDoc<D> & { generation: number }) | null> {
  const r = await kysely(store)
    .db.selectFrom('read_model_docs as d')
    .innerJoin('read_model_generations as g', (j) =>
      j.onRef('g.name', '=', 'd.name').onRef('g.generation', '=', 'd.generation'),
    )
    .select(['d.match_id', 'd.last_seq', 'd.doc', 'd.generation'])
    .where('d.name', '=', name)
    .where('g.status', '=', 'live')
    .where('d.match_id', '=', matchId)
    .executeTakeFirst();
  return r ? { matchId: r.match_id, lastSeq: r.last_seq, doc: r.doc as D, generation: r.generation } : null;
}

/** Every document of one generation, by match id (tests and comparisons; small read models only). */
export async function allDocs<D>(
  store: EventStore,
  name: string,
  generation: number,
): Promise<Map<string, ReadModelDoc<D>>> {
  const rows = await kysely(store)
    .db.selectFrom('read_model_docs')
    .select(['match_id', 'last_seq', 'doc'])
    .where('name', '=', name)
    .where('generation', '=', generation)
    .orderBy('match_id')
    .execute();
  return new Map(
    rows.map((r) => [r.match_id, { matchId: r.match_id, lastSeq: r.last_seq, doc: r.doc as D }]),
  );
}
