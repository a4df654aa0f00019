// verify: hash chain, seed commitment, random outcomes and a clean fold, for every match in a JSONL file.
import { resolve } from 'node:path';
import { z } from 'zod';
import type { AnyGameModule } from '@matchtape/engine';
import { validate } from '../args';
import type { CommandDef } from '../command';
import { isBundle, verifyBundle } from '@matchtape/store';
import { parseJsonl, readText } from '../jsonl';
import { loadGames } from '../io';
import { gameOf, verifyMatch } from '../verify';
import { verifyEventStream } from '../verify-event';

const Schema = z.object({
  positionals: z.array(z.string()).length(1, 'give one JSONL file: matchtape verify F.jsonl'),
  game: z.string().min(1).optional(),
  seed: z.string().min(1).optional(),
  match: z.string().min(1).optional(),
  json: z.literal(true).optional(),
});

export const verify: CommandDef = {
  name: 'verify',
  summary:
    'check hash chain, seed commitment, every random outcome and a clean fold; names the first bad seq',
  usage: 'verify F.jsonl [--match ID] [--game G] [--seed S] [--json]',
  flags: {
    match: { value: 'ID', help: 'only this match of the file (default: every match in it)' },
    game: { value: 'G', help: 'game id, for files whose MatchStarted does not name one' },
    seed: { value: 'S', help: 'seed of a match that has not ended, to re-derive its random outcomes' },
    json: { boolean: true, help: 'one JSON result per match' },
  },
  details: [
    'Checks, in order: seq gap-free from 1 and every prevHash/hash; MatchStarted first with a seedCommitment and a',
    'game; MatchEnded last and revealing the seed; sha256(seed ‖ matchId) = seedCommitment; every payload.random',
    "re-derived from the seed; every event valid under the game's event schema, folded without error, with its",
    "stamped turn/phase/step equal to the fold's position. A match that has not ended is verified without the",
    'random outcomes (a warning) unless --seed is given. Sealed (v2) matches: each hash commits, through salted',
    "commitments, to the payload and to every viewer's redacted payload. A full copy (no header, or a header",
    '{"format":"matchtape-copy","copy":"full"}) opens every commitment with the key the seed gives (a live match needs',
    '--seed); a copy redacted for a viewer (header {"format":"matchtape-copy","copy":"redacted","viewer":"public"})',
    "opens its viewer's commitment with the salt each event carries: every byte either holds is checked, nothing is",
    'guessed. Any change, added or removed field, or moved event fails and names its seq.',
    'A fork\'s MatchEnded withholds its seed ("seed": "": it would open the parent\'s hidden cards at the fork point);',
    'the server puts it in the copy\'s header ("seed") once the parent has ended and passed its spectator delay, and it',
    'is checked against seedCommitment like a revealed one; without it the fork verifies with a warning.',
    'A replay bundle (matchtape export: a header line, then the events) is checked as a bundle: header, lines in seq',
    "order with every prevHash and hash (a dropped or moved line names the first seq out of place), the header's count",
    'and last hash, rules and card data versions, seed commitment, every random outcome, the fold, and every keyframe',
    'state hash. It prints each check; a failure names the first bad seq.',
    'An event (tournament) stream (GET /api/events/ID/stream.jsonl: header {"format":"matchtape-event-stream"}) is',
    'checked for its hash chain and a clean fold of every event through @matchtape/events.',
    'Exit 0 when every match verifies, 1 otherwise.',
  ].join('\n'),
  async run(args, io) {
    const a = validate(Schema, { positionals: args.positionals, ...args.flags }, 'verify');
    const file = a.positionals[0]!;
    const text = readText(resolve(io.cwd, file), file);
    const eventStream = verifyEventStream(text);
    if (eventStream) {
      io.out(
        a.json
          ? JSON.stringify(eventStream)
          : eventStream.ok
            ? `✓ ${eventStream.eventId}: event stream of ${eventStream.events} events verifies (hash chain, every event folds)`
            : `✗ ${eventStream.eventId}: first bad seq ${eventStream.seq}: ${eventStream.reason}`,
      );
      return eventStream.ok ? 0 : 1;
    }
    if (isBundle(text)) {
      const games = await loadGames(io);
      const v = verifyBundle(text, (g) => games[g] ?? null);
      if (a.json) {
        const { events: _events, header: _header, ...rest } = v;
        io.out(JSON.stringify(rest));
      } else {
        const last = v.checks[v.checks.length - 1];
        io.out(
          v.ok
            ? `✓ ${v.matchId} (${v.game}): replay bundle of ${v.events.length} events verifies`
            : `✗ ${v.matchId ?? file}: ${v.firstBadSeq !== undefined ? `first bad seq ${v.firstBadSeq}: ` : ''}${last?.name}: ${last?.detail}`,
        );
        for (const c of v.checks) io.out(`  ${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`);
        for (const w of v.warnings) io.err(`  warning: ${w}`);
      }
      return v.ok ? 0 : 1;
    }
    const f = parseJsonl(text, file);
    const needs = new Set([...f.matches.values()].map((ev) => gameOf(ev) ?? a.game ?? ''));
    const games: Readonly<Record<string, AnyGameModule>> = needs.size > 0 ? await loadGames(io) : {};
    const selected = a.match ? [[a.match, f.matches.get(a.match)] as const] : [...f.matches.entries()];
    let bad = 0;
    for (const [id, events] of selected) {
      if (!events) {
        io.out(`✗ ${file}: no match ${id} in the file (it has ${[...f.matches.keys()].join(', ')})`);
        bad += 1;
        continue;
      }
      const v = verifyMatch(events, (g) => games[g] ?? null, {
        ...(a.game ? { game: a.game } : {}),
        ...(a.seed ? { seed: a.seed } : {}),
        copy: f.copy,
      });
      if (!v.ok) bad += 1;
      if (a.json) io.out(JSON.stringify(v));
      else if (v.ok && v.copy.copy === 'redacted')
        io.out(
          [
            `✓ ${id} (${v.game}): a copy redacted for ${v.copy.viewer} (its header says so) of ${v.events} events; every byte it holds verifies.`,
            `  Checked: seq gap-free; hash links intact from seq 1 to ${v.events}; each payload opens the commitment to the ${v.copy.viewer} view that its hash covers;` +
              (v.ended ? " seed commitment holds; the salts are the revealed key's;" : '') +
              ` fold clean as ${v.copy.viewer} sees it${v.ended ? '' : ' (match not ended)'}.`,
            `  Withheld from this copy (committed to, not shown): what ${v.copy.viewer} may not see${v.randomVerified ? '' : ', random outcomes'}. The full (judge) copy opens those commitments once the match has ended.`,
          ].join('\n'),
        );
      else if (v.ok)
        io.out(
          `✓ ${id} (${v.game}): ${v.events} events; hash chain intact; ` +
            (v.sealed ? 'every payload and view opens its commitment; ' : '') +
            (v.randomVerified
              ? `seed commitment holds; ${v.randomDraws} random draws re-derived from the seed; `
              : '') +
            `fold clean${v.ended ? '' : ' (match not ended)'}`,
        );
      else io.out(`✗ ${id}: seq ${v.failure!.seq}: ${v.failure!.check}: ${v.failure!.reason}`);
      if (!a.json) for (const w of v.warnings) io.err(`  warning (${id}): ${w}`);
    }
    return bad > 0 ? 1 : 0;
  },
};
