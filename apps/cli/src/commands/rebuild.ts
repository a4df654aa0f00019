// rebuild --projection NAME: builds a read model again from the whole event log into a new generation while the
// live one keeps serving, then switches atomically (blue/green). It reads events and writes read-model tables
// only: no bus, no NOTIFY, nothing published. A killed rebuild is continued from its checkpoint by running it
// again (--fresh starts over).
import { z } from 'zod';
import { posInt, validate } from '../args';
import { formatRate, pretty, type CommandDef } from '../command';
import { CliError, loadGames } from '../io';
import { dataDirOf } from '../store';

const RebuildArgs = z.object({
  positionals: z
    .array(z.string())
    .max(0, 'this command takes no positional arguments; name the read model with --projection'),
  projection: z.string({ message: 'which read model? --projection NAME (see --list)' }).min(1).optional(),
  list: z.literal(true).optional(),
  fresh: z.literal(true).optional(),
  'batch-size': posInt().optional(),
  'database-url': z.string().min(1).optional(),
  schema: z.string().min(1).optional(),
  'data-dir': z.string().min(1).optional(),
});

export const rebuild: CommandDef = {
  name: 'rebuild',
  summary: 'rebuild a read model (projection) from the event log, blue/green, with no side effects',
  usage:
    'rebuild --projection NAME [--fresh] [--batch-size N] [--database-url URL] [--schema S] | rebuild --list',
  flags: {
    projection: { value: 'NAME', help: 'read model to rebuild (match-list, timeline, stats, knowledge)' },
    list: { boolean: true, help: 'list the read models and their generations' },
    fresh: { boolean: true, help: 'discard an unfinished earlier rebuild instead of continuing it' },
    'batch-size': { value: 'N', help: 'events per transaction (default 5,000)' },
    'database-url': {
      value: 'URL',
      help: 'Postgres URL (default $DATABASE_URL; absent: the embedded PGlite database)',
    },
    schema: { value: 'S', help: 'Postgres schema holding the tables (default public)' },
    'data-dir': {
      value: 'DIR',
      help: 'data directory of the embedded default (default $MATCHTAPE_DATA_DIR or <repo>/.data)',
    },
  },
  details:
    'Progress goes to stderr (position, events folded, events/s); the result is one JSON object on stdout: { name, generation, replaced, resumed, events, total, seconds, eventsPerSecond }. ' +
    'Readers keep getting the old generation until the new one has caught up with the log; the switch is one transaction. ' +
    'The embedded database can be opened by one process only: stop the server first, or run against Postgres (DATABASE_URL) to rebuild while it serves.',
  async run(args, io) {
    const a = validate(RebuildArgs, { positionals: args.positionals, ...args.flags }, 'rebuild');
    if (!a.list && !a.projection)
      throw new CliError('rebuild: which read model? --projection NAME (or --list)', 2);
    const { readModels, readModel } = await import('@matchtape/projections');
    const { openStore, readModelGenerations } = await import('@matchtape/store');
    const { registryOf } = await import('@matchtape/server');
    const { rebuildReadModel } = await import('@matchtape/server/projector');
    let def;
    if (a.projection) {
      try {
        def = readModel(a.projection);
      } catch (err) {
        throw new CliError(`rebuild: ${(err as Error).message}`, 2);
      }
    }
    const databaseUrl = a['database-url'] ?? io.env.DATABASE_URL;
    let store;
    try {
      store = databaseUrl
        ? await openStore({ databaseUrl, ...(a.schema ? { schema: a.schema } : {}) })
        : await openStore({ dataDir: `${dataDirOf(io, a['data-dir'])}/pglite` });
    } catch (err) {
      throw new CliError(`rebuild: cannot open the event store: ${(err as Error).message}`, 1);
    }
    try {
      if (a.list) {
        const out = [];
        for (const m of readModels())
          out.push({
            name: m.name,
            description: m.description,
            generations: await readModelGenerations(store, m.name),
          });
        io.out(pretty(out));
        return 0;
      }
      const games = registryOf(await loadGames(io));
      const result = await rebuildReadModel(store, games, def!, {
        ...(a['batch-size'] ? { batchSize: a['batch-size'] } : {}),
        ...(a.fresh ? { fresh: true } : {}),
        onProgress: (p) =>
          (io.progress ?? io.err)(
            `rebuild ${p.name} generation ${p.generation}: position ${p.position}, ${p.events} events (${p.total} in the generation), ${formatRate(p.eventsPerSecond)} events/s`,
          ),
      });
      io.out(JSON.stringify(result));
      return 0;
    } finally {
      await store.close();
    }
  },
};
