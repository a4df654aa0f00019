// What a seat may do now, in words: one offer per legalCommands entry (nothing more, nothing less), named as the
// seat knows the cards (the seat's view of the board), with the prompt the seat answers and the other side's
// status line. Pure: the routes give it the state.
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type AnyGameModule,
  type BoardModel,
  type Command,
  type PlayerId,
} from '@matchtape/engine';
import type { Offer, OfferKind, PromptKind, TableActions } from './contract';

/** What the host says about one command: the game's label (GameModule.describeCommand) or a generic one. */
export interface CommandWords {
  label: string;
  kind: OfferKind;
  source?: string;
  targets?: string[];
  pays?: string[];
  rule?: string;
}

/** Command type → the rule its transitions cite in the game's machine (meta.rule), read once per game. */
const rulesByGame = new WeakMap<AnyGameModule, Map<string, string>>();
export function commandRules(game: AnyGameModule): Map<string, string> {
  let rules = rulesByGame.get(game);
  if (rules) return rules;
  rules = new Map();
  const found = rules;
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as { on?: Record<string, unknown>; states?: Record<string, unknown> };
    for (const [type, t] of Object.entries(n.on ?? {})) {
      for (const one of Array.isArray(t) ? t : [t]) {
        const rule = (one as { meta?: { rule?: unknown } } | null)?.meta?.rule;
        if (typeof rule === 'string' && !found.has(type)) found.set(type, rule);
      }
    }
    for (const child of Object.values(n.states ?? {})) walk(child);
  };
  walk((game.machine as { config?: unknown }).config);
  rulesByGame.set(game, rules);
  return rules;
}

/** Names of what a seat sees: card instance ids and card ids → card names, seats → player names. */
export class Names {
  private byId = new Map<string, string>();
  constructor(
    private readonly game: AnyGameModule,
    board: BoardModel,
  ) {
    for (const p of board.players) {
      this.byId.set(p.id, p.name);
      const tiles = [...p.zones.flatMap((z) => z.cards), ...(p.hero ? [p.hero] : [])];
      for (const t of tiles) {
        if (t.hidden) continue;
        this.byId.set(t.id, t.face.name);
        for (const a of t.attachments ?? []) this.byId.set(a.id, a.face.name);
      }
    }
    for (const z of board.shared) for (const t of z.cards) if (!t.hidden) this.byId.set(t.id, t.face.name);
  }
  /** The name of an instance id, seat or card id; "a card" when the seat cannot see it. */
  of(id: string): string {
    return this.byId.get(id) ?? this.game.cards.find((c) => c.id === id)?.name ?? 'a hidden card';
  }
  player(seat: string): string {
    return this.byId.get(seat) ?? seat;
  }
  /** A seat's player name or a card's name. */
  any(id: string): string {
    return /^p[1-9][0-9]*$/.test(id) ? this.player(id) : this.of(id);
  }
}

// Command fields by the role their ids play, across the four games' command shapes.
const SOURCE_FIELDS = [
  'card',
  'source',
  'attacker',
  'creature',
  'weapon',
  'trap',
  'resource',
  'ally',
  'unit',
  'object',
  'effect',
  'trigger',
] as const;
const TARGET_FIELDS = [
  'target',
  'targets',
  'cards',
  'to',
  'master',
  'opponent',
  'mutant',
  'discard',
  'stack',
  'first',
] as const;
const PAY_FIELDS = ['floating', 'tribute', 'sacrifice', 'reveal'] as const;

const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

export function commandKind(type: string): OfferKind {
  if (type === 'Concede') return 'concede';
  if (/^(Pass|PassPriority|PassOpportunity|PassBid)$/.test(type)) return 'pass';
  if (/Mulligan|^Keep$|KeepHand|RedrawHand|DeclineRedraw/.test(type)) return 'mulligan';
  if (/Attack|AddAttacker/.test(type)) return 'attack';
  if (/Block|Obstruct|Intercept|Retaliation|FinishDefense/.test(type)) return 'block';
  if (/^(Play|Materialize|Deploy|SetTrap|Develop|PlaceResource|PlaceStartingChampion)/.test(type))
    return 'play';
  if (/Activate|UseAbility|Discharge|Harvest|Mutate|Reinforce|Respawn|AttachWeapon|AttachFamiliar/.test(type))
    return 'activate';
  if (/Engage|AttachResource|^Pay/.test(type)) return 'pay';
  // Competing replacement effects are applied one at a time in the order their controller picks (GA 2.5.b.2):
  // an order like simultaneous triggers, not a one-off choice.
  if (/Order|Arrange|PlaceTrigger|ChooseTrigger|ResolveTrigger|^ApplyReplacement$/.test(type)) return 'order';
  if (
    /Choose|Select|Decline|Discard|Find|Search|Assign|Bid|Cut|KeepUnique|Return|Apply|Cancel|Skip/.test(type)
  )
    return 'choose';
  return 'other';
}

/** "PlayCard" → "Play card". */
function words(type: string): string {
  const w = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** A label built from the command's type and the names of what it points at, when the game says nothing. */
export function genericWords(command: Command, names: Names): CommandWords {
  const source = SOURCE_FIELDS.flatMap((f) => strings(command[f]))[0];
  const targets = TARGET_FIELDS.flatMap((f) => strings(command[f]));
  const pays = PAY_FIELDS.flatMap((f) => strings(command[f]));
  const parts = [words(command.type)];
  if (source !== undefined) parts.push(names.of(source));
  const extra = Object.entries(command)
    .filter(
      ([k, v]) =>
        !['type', 'player', 'commandId', ...SOURCE_FIELDS, ...TARGET_FIELDS, ...PAY_FIELDS].includes(k) &&
        (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean'),
    )
    .map(([k, v]) => `${k} ${typeof v === 'string' ? names.of(v) : String(v)}`);
  if (targets.length) parts.push(`→ ${targets.map((t) => names.any(t)).join(', ')}`);
  if (pays.length) parts.push(`(using ${pays.map((p) => names.of(p)).join(', ')})`);
  if (extra.length) parts.push(`(${extra.join(', ')})`);
  return {
    label: parts.join(' '),
    kind: commandKind(command.type),
    ...(source !== undefined ? { source } : {}),
    ...(targets.length ? { targets } : {}),
    ...(pays.length ? { pays } : {}),
  };
}

export function offerKey(command: Omit<Command, 'player'>): string {
  return createHash('sha256').update(canonicalJson(command)).digest('base64url').slice(0, 12);
}

export function offersFor(game: AnyGameModule, state: unknown, seat: PlayerId, names: Names): Offer[] {
  const rules = commandRules(game);
  return (game.legalCommands(state, seat) as Command[]).map((c) => {
    const { player: _player, ...command } = c;
    const w = genericWords(c, names);
    const label = game.describeCommand?.(state, c, seat, (id) => names.any(id)) ?? w.label;
    const rule = rules.get(c.type);
    return {
      key: offerKey(command),
      command,
      label,
      kind: w.kind,
      ...(w.source !== undefined ? { source: w.source } : {}),
      ...(w.targets?.length ? { targets: w.targets } : {}),
      ...(w.pays?.length ? { pays: w.pays } : {}),
      ...(rule !== undefined ? { rule } : {}),
    };
  });
}

const PROMPT_TEXT: Record<PromptKind, string> = {
  mulligan: 'keep your hand or mulligan',
  attackers: 'declare attackers',
  blockers: 'declare blockers',
  targets: 'choose targets',
  order: 'order the triggers',
  division: 'divide the damage',
  choice: 'make a choice',
  priority: 'act or pass',
  deck: 'submit a deck',
  other: 'act',
};

/** The prompt a seat answers, from the game when it says, else from what its offers are. */
export function promptFor(
  game: AnyGameModule,
  state: unknown,
  seat: PlayerId,
  offers: readonly Pick<Offer, 'kind'>[],
): { kind: PromptKind; text: string } | null {
  if (offers.length === 0) return null;
  const said = game.prompt?.(state, seat);
  if (said) return said;
  const kinds = new Set(offers.map((o) => o.kind));
  const kind: PromptKind = kinds.has('mulligan')
    ? 'mulligan'
    : kinds.has('block')
      ? 'blockers'
      : kinds.has('order') && ![...kinds].some((k) => k === 'pass' || k === 'play')
        ? 'order'
        : kinds.has('pass')
          ? 'priority'
          : [...kinds].every((k) => k === 'choose' || k === 'concede')
            ? 'choice'
            : 'other';
  // Where the game is, in the rules document's names ("Act or pass (Battle, Tactics & Abilities before Blocks)"),
  // never the machine's ids ("pre-block").
  const pos = game.position(state);
  const named = game.positionWords
    ? game.positionWords(pos.phase, pos.step ?? null)
    : { phase: pos.phase, step: pos.step ?? null };
  const where = [named.phase, named.step]
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .join(', ');
  const text = `${PROMPT_TEXT[kind]}${where ? ` (${where})` : ''}`;
  return { kind, text: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** The seat's whole table answer at this state. */
export function tableActions(game: AnyGameModule, state: unknown, seat: PlayerId, seq: number): TableActions {
  const status = game.status(state).status;
  const view = game.view(state, seat);
  const names = new Names(game, game.board(view));
  const offers = status === 'ended' ? [] : offersFor(game, state, seat, names);
  const prompt = promptFor(game, state, seat, offers);
  return {
    seq,
    status: status === 'ended' ? 'ended' : 'playing',
    you: seat,
    waitingFor: status === 'ended' ? null : waitingFor(game, state, seat, names, prompt),
    prompt,
    offers,
  };
}

function waitingFor(
  game: AnyGameModule,
  state: unknown,
  seat: PlayerId,
  names: Names,
  mine: { text: string } | null,
): TableActions['waitingFor'] {
  const actors = game.actors(state) as PlayerId[];
  const other = actors.find((p) => p !== seat);
  if (other) {
    // Only the kind of their prompt is told (what their offers are is theirs).
    const theirs = promptFor(game, state, other, offersFor(game, state, other, names));
    const doing = theirs ? theirWords(theirs.text.charAt(0).toLowerCase() + theirs.text.slice(1)) : 'act';
    return { seat: other, name: names.player(other), text: `Waiting for ${names.player(other)} to ${doing}` };
  }
  const opponent = (game.board(game.view(state, seat)).players.map((p) => p.id) as PlayerId[]).find(
    (p) => p !== seat,
  );
  if (!opponent || !mine) return null;
  return {
    seat: opponent,
    name: names.player(opponent),
    text: `${names.player(opponent)} waits for you to ${mine.text.charAt(0).toLowerCase()}${mine.text.slice(1)}`,
  };
}

/** A question put to a seat, said of that seat for the other one: "keep your hand" → "keep their hand". */
export function theirWords(text: string): string {
  return text
    .replace(/\byour\b/g, 'their')
    .replace(/\byours\b/g, 'theirs')
    .replace(/\byou\b/g, 'they');
}
