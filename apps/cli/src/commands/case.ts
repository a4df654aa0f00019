// case: a dispute's case file (JSON, or the printable HTML page) from a running server, for the tournament's
// records: GET /api/matches/:id/disputes/:disputeId/case as a judge.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { validate } from '../args';
import type { CommandDef } from '../command';
import { CliError } from '../io';
import { dataDirOf, storeFlags } from '../store';

const Schema = z.object({
  positionals: z.array(z.string()).max(0, 'case takes no positional arguments; use --match ID --dispute dN'),
  match: z.string().min(1, 'give --match ID'),
  dispute: z.string().regex(/^d[1-9][0-9]*$/, 'a dispute id is d1, d2, …'),
  format: z.enum(['json', 'html']).default('json'),
  window: z.coerce.number().int().min(0).max(500).default(10),
  api: z.url({ message: 'a server URL, e.g. http://127.0.0.1:4000' }).default('http://127.0.0.1:4000'),
  token: z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  'data-dir': z.string().min(1).optional(),
});

export const caseCmd: CommandDef = {
  name: 'case',
  summary:
    "a dispute's case file (claim, evidence window, perspectives, ruling, verification) as JSON or printable HTML",
  usage: 'case --match ID --dispute dN [--format json|html] [--window N] [--api URL] [--token T] [--out F]',
  flags: {
    match: { value: 'ID', help: 'the match' },
    dispute: { value: 'dN', help: 'the dispute (GET /api/matches/ID/disputes lists them)' },
    format: { value: 'F', help: 'json (default) or html (a printable page)' },
    window: { value: 'N', help: 'events either side of the disputed seq (default 10)' },
    api: { value: 'URL', help: 'the server (default http://127.0.0.1:4000)' },
    token: {
      value: 'T',
      help: 'a judge token (default: one minted with the server secret, MATCHTAPE_SECRET or <data dir>/secret)',
    },
    out: { value: 'F', help: 'write to this file (default: stdout)' },
    'data-dir': storeFlags['data-dir'],
  },
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'case');
    let token = a.token;
    if (!token) {
      const { loadOrCreateSecret, mintToken } = await import('@matchtape/server/auth/tokens');
      const secret = loadOrCreateSecret({
        secret: io.env.MATCHTAPE_SECRET ?? null,
        dataDir: dataDirOf(io, a['data-dir']),
      });
      token = mintToken({ role: 'judge', ttlSeconds: 300 }, { secret, now: Date.now() });
    }
    const url = `${a.api.replace(/\/+$/, '')}/api/matches/${encodeURIComponent(a.match)}/disputes/${a.dispute}/case?format=${a.format}&window=${a.window}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    } catch (err) {
      throw new CliError(
        `case: cannot reach the server at ${a.api} (${(err as Error).message}); start it or pass --api`,
        1,
      );
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        /* not JSON */
      }
      throw new CliError(`case: the server answered ${res.status}: ${message}`, 1);
    }
    const body = a.format === 'json' ? JSON.stringify(JSON.parse(text), null, 2) : text;
    if (a.out) {
      writeFileSync(resolve(io.cwd, a.out), body + '\n');
      io.err(`case ${a.match} ${a.dispute} written to ${a.out}`);
    } else io.out(body);
    return 0;
  },
};
