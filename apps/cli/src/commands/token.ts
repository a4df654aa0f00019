// token: mints a signed token (a viewer's, or an organiser's to create matches) with the server's own code and secret.
import { z } from 'zod';
import { posInt, validate } from '../args';
import type { CommandDef } from '../command';
import { CliError } from '../io';
import { dataDirOf, storeFlags } from '../store';

const Schema = z
  .object({
    positionals: z.array(z.string()).max(0, 'token takes no positional arguments'),
    role: z.enum(['judge', 'coverage', 'public', 'seat', 'organiser', 'ops'], {
      message: 'role is judge, coverage, public, seat, organiser or ops',
    }),
    match: z.string().min(1).optional(),
    seat: z
      .string()
      .regex(/^p[1-9][0-9]*$/, 'a seat is p1, p2, …')
      .optional(),
    ttl: posInt().default(12 * 3600),
    'data-dir': z.string().min(1).optional(),
  })
  .refine((a) => a.role !== 'seat' || (a.seat && a.match), {
    message: 'a seat token needs --match ID and --seat pN',
    path: ['seat'],
  })
  .refine((a) => a.role === 'seat' || !a.seat, { message: 'only seat tokens take --seat', path: ['seat'] })
  .refine((a) => a.role !== 'organiser' || !a.match, {
    message: 'an organiser token is for every match (it creates them); drop --match',
    path: ['match'],
  })
  .refine((a) => a.role !== 'ops' || !a.match, {
    message: 'an ops token is for the instance (health details, metrics); drop --match',
    path: ['match'],
  });

export const token: CommandDef = {
  name: 'token',
  summary:
    'mint a signed token: a viewer (judge, coverage, public, a seat) or an organiser (creates matches)',
  usage: 'token --role judge|coverage|public|seat|organiser|ops [--match ID] [--seat pN] [--ttl SECONDS]',
  flags: {
    role: {
      value: 'ROLE',
      help: 'judge (full information), coverage (judge view, for annotating), public, seat, organiser (may create matches: POST /api/matches), ops (health details and /metrics; no match access)',
    },
    match: { value: 'ID', help: 'limit the token to one match (required for seats; default: every match)' },
    seat: { value: 'pN', help: 'the seat of a seat token' },
    ttl: { value: 'S', help: 'lifetime in seconds (default 43200 = 12 h)' },
    'data-dir': storeFlags['data-dir'],
  },
  details:
    'Signed with MATCHTAPE_SECRET when set, else with the secret the server keeps in <data dir>/secret (created on first use). Prints only the token on stdout (one line) and what it is on stderr, as a "# …" line; the site takes the token out of both lines pasted together.',
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'token');
    const { loadOrCreateSecret, mintToken } = await import('@matchtape/server/auth/tokens');
    const secret = loadOrCreateSecret({
      secret: io.env.MATCHTAPE_SECRET ?? null,
      dataDir: dataDirOf(io, a['data-dir']),
    });
    let t: string;
    try {
      t = mintToken(
        {
          role: a.role,
          ttlSeconds: a.ttl,
          ...(a.match ? { matchId: a.match } : {}),
          ...(a.seat ? { seat: a.seat } : {}),
        },
        { secret, now: io.now() },
      );
    } catch (err) {
      throw new CliError(`token: ${(err as Error).message}`);
    }
    io.out(t);
    const exp = new Date(Math.floor(io.now() / 1000) * 1000 + a.ttl * 1000).toISOString();
    io.err(
      `# ${a.role} token${a.seat ? ` for ${a.seat}` : ''} ${a.match ? `for match ${a.match}` : 'for every match'}, expires ${exp}`,
    );
    return 0;
  },
};
