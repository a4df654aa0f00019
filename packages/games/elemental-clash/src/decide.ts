// setup, decide and legalCommands. decide = parse → machine gate (where the game is) → check (every rule the
// command must meet, citing the section or decision) → perform (emit the events, then let the rules settle).
// legalCommands lists candidates built from the state and keeps those the same check accepts (accepted ⇔ listed).
import {
  allowed,
  commandRule,
  reject,
  type Command,
  type CommandTable,
  type DecideContext,
  type Decision,
  type MatchConfig,
  type PlayerId,
  type Rejection,
} from '@matchtape/engine';
import { cardDef, validateDeck } from './cards/decks';
import { ECDraft as Draft } from './draft';
import { DEFAULT_OPTIONS, initialState } from './evolve';
import {
  advance,
  archiveStranded,
  dealDamage,
  discard,
  draw,
  freePlayOptions,
  full,
  leavePlay,
  lose,
  offer,
  queue,
  queueKeyword,
  resolve,
  resolveCombat,
  settle,
  shuffleSpellbook,
  spellTargets,
  startTurn,
  targetKind,
  type TargetKind,
} from './flow';
import { commandGate } from './machine';
import {
  ability,
  castableStacks,
  creaturesToDeploy,
  has,
  inAtk,
  inDef,
  inPlay,
  isCreatureCard,
  locate,
  matches,
  opponentOf,
  stackCanCast,
  targetable,
  uniqueBlocked,
  zoneHasRoom,
} from './rules';
import { commandSchema, type ECCommand } from './schemas';
import type { Card, ECOptions, ECState, SeenCard } from './types';
import { HAND_LIMIT } from './types';

export const RULES_VERSION = 'Elemental Clash draft rules (004_e12fc6d8e4fda777) + decisions D1–D48';

// ---------------------------------------------------------------- setup (§2.0, §4.0)

function parseOptions(raw: Record<string, unknown> | undefined, players: PlayerId[]): ECOptions | string {
  const o = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(raw ?? {})) {
    switch (k) {
      case 'firstPlayer':
        if (v !== null && !players.includes(v as PlayerId))
          return `options.firstPlayer must be one of ${players.join(', ')}`;
        o.firstPlayer = v as PlayerId | null;
        break;
      case 'turnLimit':
        if (!Number.isInteger(v) || (v as number) < 1)
          return 'options.turnLimit must be a whole number of turns ≥ 1';
        o.turnLimit = v as number;
        break;
      case 'retaliation':
      case 'redrawOnSkippedDraw':
      case 'permanentSpellsStay':
      case 'echoKeepsTargets':
        if (typeof v !== 'boolean') return `options.${k} must be true or false`;
        o[k] = v;
        break;
      case 'minimumHand':
        if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 7)
          return 'options.minimumHand must be 0…7';
        o.minimumHand = v as number;
        break;
      case 'format':
        if (v !== 'modern' && v !== 'casual') return 'options.format must be "modern" or "casual"';
        o.format = v;
        break;
      default:
        return `unknown option "${k}" (firstPlayer, turnLimit, retaliation, redrawOnSkippedDraw, permanentSpellsStay, echoKeepsTargets, minimumHand, format)`;
    }
  }
  return o;
}

export function setup(config: MatchConfig, ctx: DecideContext & { seedCommitment: string }): Decision {
  const checked = checkSeats(config);
  if (!checked.ok) return checked;
  const { options } = checked;
  const ids = config.players.map((p) => p.id);
  const d = new Draft(initialState(), ctx.rng);
  d.auto(
    'MatchStarted',
    {
      seedCommitment: ctx.seedCommitment,
      rulesVersion: RULES_VERSION,
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      options,
    },
    '2.0',
  );
  const first = options.firstPlayer ?? ids[ctx.rng.int(2)]!;
  d.auto(
    'FirstPlayerChosen',
    { player: first, agreed: options.firstPlayer !== null },
    options.firstPlayer ? 'D23' : '4.0',
  );
  for (const seat of config.players) setOutSpellbook(d, seat.id, seat.deck.main, config.stack?.[seat.id]);
  for (const id of [first, opponentOf(d.state, first)]) draw(d, id, 7, '4.0', 'opening-hand');
  offer(d, { kind: 'mulligan', player: first, rule: '4.0' });
  return d.done();
}

/** Two players, options the document knows, legal spellbooks: the match's options, or why it can't start. */
function checkSeats(config: MatchConfig): { ok: true; options: ECOptions } | Rejection {
  if (config.players.length !== 2)
    return reject('1.0', 'Elemental Clash is played by two players (the document speaks of "your opponent")');
  const options = parseOptions(
    config.options,
    config.players.map((p) => p.id),
  );
  if (typeof options === 'string') return reject('command', options);
  for (const seat of config.players) {
    const problems = validateDeck(seat.deck, options.format);
    if (problems.length > 0)
      return reject(
        problems[0]!.includes('9.1') ? '9.1' : problems[0]!.includes('Unique') ? '7.0.Unique' : '2.0',
        `${seat.id}'s spellbook: ${problems.join('; ')}`,
      );
  }
  return { ok: true, options };
}

/**
 * A seat's spellbook, shuffled (D23), or stacked as a scenario scripts it: the named hand, then the named top
 * cards, then the rest in list order.
 */
function setOutSpellbook(
  d: Draft,
  player: PlayerId,
  main: readonly string[],
  stacked: NonNullable<MatchConfig['stack']>[string] | undefined,
): void {
  const cards: Card[] = main.map((cardId, i) => ({ id: `${player}-c${i + 1}`, cardId, oid: '' }));
  if (!stacked) {
    const order = d.rng.permutation(cards.length);
    d.auto('SpellbookShuffled', { player, cards: order.map((i) => ({ ...cards[i]!, oid: d.oid() })) }, 'D23');
    return;
  }
  const pool = [...cards];
  const take = (cardId: string): Card => {
    const i = pool.findIndex((c) => c.cardId === cardId);
    if (i < 0) throw new Error(`stack for ${player}: "${cardId}" is not (or no longer) in the spellbook`);
    return pool.splice(i, 1)[0]!;
  };
  const ordered = [...(stacked.hand ?? []).map(take), ...(stacked.deck ?? []).map(take), ...pool];
  d.auto('SpellbookStacked', { player, cards: ordered.map((c) => ({ ...c, oid: d.oid() })) }, 'D23');
}

// ---------------------------------------------------------------- decide

export function decide(state: ECState, command: Command, ctx: DecideContext): Decision {
  const parsed = commandSchema.safeParse(command);
  if (!parsed.success)
    return reject(
      'command',
      `malformed command: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('; ')}`,
    );
  const player = command.player;
  if (!state.players[player]) return reject('command', `${String(player)} is not a player of this match`);
  const c = parsed.data;
  const no = check(state, player, c);
  if (no) return no;
  const d = new Draft(state, ctx.rng);
  perform(d, player, c);
  return d.done();
}

const nope = (rule: string, reason: string): Rejection => reject(rule, reason);

/** Every rule the command must meet where the game is; null when it may be performed. */
export function check(s: ECState, player: PlayerId, c: ECCommand): Rejection | null {
  if (s.status === 'ended') return nope('1.0', 'the match is over');
  const gate = commandGate(s, c.type, player);
  if (!gate.ok) return nope(gate.rule, gate.reason);
  return commandRule(COMMANDS, c.type)!.check(s, c, player);
}

/** A card in the player's hand. */
function inHand(s: ECState, player: PlayerId, id: string): SeenCard | undefined {
  return s.players[player]!.hand.find((h) => h.id === id);
}

/** A card in play the player controls, with where it is; null when it is not one. */
function own(s: ECState, player: PlayerId, id: string): ReturnType<typeof locate> {
  const w = locate(s, id);
  return w && w.player === player ? w : null;
}

function checkPlay(
  s: ECState,
  player: PlayerId,
  c: Extract<ECCommand, { type: 'PlayCard' }>,
): Rejection | null {
  const pl = s.players[player]!;
  const h = pl.hand.find((x) => x.id === c.card);
  if (!h) return nope('4.0.M2', `${c.card} is not in your hand`);
  const def = cardDef(full(h).cardId);
  if (def.type === 'Element Stone') return nope('4.0.M1', 'element stones are played with PlayStone');
  if (s.prompt?.kind === 'defend' && def.spell !== 'Flash')
    return nope('D9', 'only Flash spells may be played in the defender window');
  const st = pl.stacks.find((x) => x.id === c.stack);
  if (!st) return nope('4.0.M2', `${c.stack} is not one of your element-stone stacks`);
  if (st.top) return nope('D6', `${c.stack} already holds a card on top`);
  if (!stackCanCast(st, def))
    return nope(
      'D5',
      `${def.name} (level ${def.level}, ${def.element}) needs a stack of at least ${def.level} stones${def.element === 'neutral' ? '' : ` with a ${def.element} stone`}`,
    );
  if (uniqueBlocked(s, def.id))
    return nope('7.0.Unique', `${def.name} is Unique and a copy is already in play`);
  const trib = ability(def.id, 'Tribute');
  if (c.tribute !== undefined) {
    if (!trib) return nope('7.0.Tribute', `${def.name} has no Tribute`);
    const sorted = [...new Set(c.tribute)].sort();
    if (sorted.join() !== c.tribute.join())
      return nope('command', 'list the sacrificed cards once each, in ascending id order');
    if (c.tribute.length !== trib.x)
      return nope('7.0.Tribute', `Tribute ${trib.x}: sacrifice exactly ${trib.x}`);
    for (const id of c.tribute) {
      const w = locate(s, id);
      if (!w || w.player !== player || !matches(w.perm.cardId, trib.criteria))
        return nope(
          '7.0.Tribute',
          `${id} is not a card you control matching ${JSON.stringify(trib.criteria)}`,
        );
    }
  }
  const need = needOf(def.id, c.tribute !== undefined);
  if (!need) return c.target === undefined ? null : nope('D48', `${def.name} takes no target`);
  if (c.target === undefined) return nope('D48', `${def.name} needs a target`);
  const legal = playTargets(s, player, def.id, need);
  if (legal.includes(c.target)) return null;
  const w = locate(s, c.target);
  if (w && !targetable(w, player, def.type === 'Spell'))
    return nope(
      has(w.perm.cardId, 'Stealthy') && w.player !== player ? '7.0.Stealthy' : '7.0.Immunity',
      `${c.target} cannot be the target of your ${def.type === 'Spell' ? 'spells' : 'abilities'}`,
    );
  return nope('D48', `${c.target} is not a legal target for ${def.name}`);
}

/** What a played card targets: a spell's effects, an Equip's creature (D11), a Tribute's effect (D28). */
function needOf(cardId: string, tributing: boolean): TargetKind | 'equip' | null {
  const def = cardDef(cardId);
  if (def.spell === 'Equip') return 'equip';
  if (def.type === 'Spell') return targetKind(def.effects ?? []);
  if (tributing) return targetKind(ability(cardId, 'Tribute')?.effects ?? []);
  return null;
}

function playTargets(s: ECState, player: PlayerId, cardId: string, need: TargetKind | 'equip'): string[] {
  const def = cardDef(cardId);
  if (need === 'equip')
    return spellTargets(s, player, 'target-own-creature', [], true).filter((id) =>
      ['atk', 'def'].includes(locate(s, id)!.zone),
    );
  const effects = def.type === 'Spell' ? (def.effects ?? []) : (ability(cardId, 'Tribute')?.effects ?? []);
  return spellTargets(s, player, need, effects, def.type === 'Spell');
}

// ---------------------------------------------------------------- perform

function perform(d: Draft, player: PlayerId, c: ECCommand): void {
  commandRule(COMMANDS, c.type)!.perform(d, c, player);
}

/** Every command: `check` (the rules it must meet once the machine gate passed) and `perform` (its events). */
const COMMANDS: CommandTable<ECState, ECCommand, Draft> = {
  Concede: {
    check: allowed,
    perform(d, _c, player) {
      d.emit('Conceded', { player }, { rule: 'D22' });
      lose(d, player, 'D22', 'conceded');
    },
  },
  Keep: {
    check: allowed,
    perform(d, _c, player) {
      d.emit('HandKept', { player }, { rule: '4.0' });
      const other = opponentOf(d.state, player);
      if (!d.state.players[other]!.kept) offer(d, { kind: 'mulligan', player: other, rule: 'D17' });
      else startTurn(d, d.state.firstPlayer!);
    },
  },
  Mulligan: {
    check(s, _c, player) {
      const pl = s.players[player]!;
      const next = pl.mulligans === 0 ? 7 : pl.hand.length - 1;
      return next < s.options.minimumHand
        ? nope(
            'D17',
            `another mulligan would leave ${next} cards, fewer than the minimum hand of ${s.options.minimumHand}; keep this hand`,
          )
        : null;
    },
    perform(d, _c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const size = pl.mulligans === 0 ? 7 : pl.hand.length - 1;
      const all = [...pl.hand, ...pl.spellbook].map(full);
      const order = d.rng.permutation(all.length);
      const shuffled = order.map((i) => ({ id: all[i]!.id, cardId: all[i]!.cardId, oid: d.oid() }));
      const hand = shuffled.slice(0, size).map((x) => ({ ...x, oid: d.oid() }));
      d.emit(
        'MulliganTaken',
        { player, handSize: size, spellbook: shuffled.slice(size), hand },
        { rule: '4.0' },
      );
      offer(d, { kind: 'mulligan', player, rule: '4.0' });
    },
  },
  DeployCreature: {
    check(s, c, player) {
      const pl = s.players[player]!;
      if (!creaturesToDeploy(s, player).some((x) => x.id === c.card))
        return nope('4.0.S2', `${c.card} is not a creature on top of one of your element-stone stacks`);
      return zoneHasRoom(pl, c.zone)
        ? null
        : nope(
            '4.0.S3',
            `your ${c.zone.toUpperCase()} zone already holds 5 creatures; choose the other zone`,
          );
    },
    perform(d, c, player) {
      const s = d.state;
      const w = locate(s, c.card)!;
      d.emit('CreatureDeployed', { player, card: c.card, stack: w.stack!, zone: c.zone }, { rule: '4.0.S2' });
      if (c.zone === 'atk') queueKeyword(d, player, w.perm, 'Charge Attack');
      settle(d);
    },
  },
  KeepResident: {
    check(s, c, player) {
      if (!creaturesToDeploy(s, player).some((x) => x.id === c.card))
        return nope('4.0.S2', `${c.card} is not a creature waiting on one of your stacks`);
      return has(locate(s, c.card)!.perm.cardId, 'Resident')
        ? null
        : nope('7.0.Resident', 'only a creature with Resident may stay on its stack');
    },
    perform(d, c, player) {
      const s = d.state;
      const w = locate(s, c.card)!;
      d.emit('CreatureKeptResident', { player, card: c.card, stack: w.stack! }, { rule: '7.0.Resident' });
      queueKeyword(d, player, w.perm, 'Resident');
      settle(d);
    },
  },
  AttachFamiliar: {
    check(s, c, player) {
      if (!creaturesToDeploy(s, player).some((x) => x.id === c.card))
        return nope('4.0.S2', `${c.card} is not a creature waiting on one of your stacks`);
      const fam = ability(locate(s, c.card)!.perm.cardId, 'Familiar Spirit');
      if (!fam)
        return nope(
          '7.0.Familiar Spirit',
          'only a creature with Familiar Spirit can be attached to a master',
        );
      const m = own(s, player, c.master);
      if (!m || (m.zone !== 'atk' && m.zone !== 'def'))
        return nope('7.0.Familiar Spirit', 'the master must be a creature in your ATK or DEF zone');
      return matches(m.perm.cardId, fam.criteria)
        ? null
        : nope(
            '7.0.Familiar Spirit',
            `the master must be a ${fam.criteria?.creatureType ?? 'matching'} creature`,
          );
    },
    perform(d, c, player) {
      const s = d.state;
      const w = locate(s, c.card)!;
      d.emit(
        'FamiliarAttached',
        { player, card: c.card, stack: w.stack!, master: c.master },
        { rule: '7.0.Familiar Spirit' },
      );
      settle(d);
    },
  },
  MoveCreature: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const w = own(s, player, c.card);
      if (!w || (w.zone !== 'atk' && w.zone !== 'def'))
        return nope('4.0.S3', `${c.card} is not a creature in your ATK or DEF zone`);
      if (w.zone === c.zone)
        return nope('4.0.S3', `${c.card} is already in your ${c.zone.toUpperCase()} zone`);
      return zoneHasRoom(pl, c.zone)
        ? null
        : nope('4.0.S3', `your ${c.zone.toUpperCase()} zone already holds 5 creatures`);
    },
    perform(d, c, player) {
      d.emit(
        'CreatureMoved',
        { player, card: c.card, from: c.zone === 'atk' ? 'def' : 'atk', to: c.zone },
        { rule: '4.0.S3' },
      );
    },
  },
  EndStandby: {
    check(s, _c, player) {
      const pl = s.players[player]!;
      const waiting = creaturesToDeploy(s, player);
      if (waiting.length > 0 && (zoneHasRoom(pl, 'atk') || zoneHasRoom(pl, 'def')))
        return nope(
          '4.0.S2',
          `put the creatures on your stacks into your ATK or DEF zone first (${waiting.map((x) => x.id).join(', ')})`,
        );
      return null;
    },
    perform(d, _c, player) {
      archiveStranded(d, player);
      if (!d.state.prompt && !d.state.pending.length) advance(d);
    },
  },
  RedrawHand: {
    check(s, _c, player) {
      const pl = s.players[player]!;
      return pl.hand.length > 0 ? null : nope('D18', 'there is no hand to put under the spellbook');
    },
    perform(d, _c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      d.emit('RedrawStarted', { player, count: pl.hand.length }, { rule: '4.0.D2' });
      offer(d, { kind: 'putUnder', player, rule: '4.0.D2', at: pl.hand.length });
    },
  },
  PutUnder: {
    check(s, c, player) {
      return inHand(s, player, c.card) ? null : nope('4.0.D2', `${c.card} is not in your hand`);
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const handCard = (id: string) => full(pl.hand.find((h) => h.id === id)!);
      const h = handCard(c.card);
      d.emit(
        'CardPutUnder',
        { player, card: { id: h.id, cardId: h.cardId, oid: d.oid() }, handOid: h.oid },
        { rule: '4.0.D2' },
      );
      if (d.state.players[player]!.hand.length === 0) {
        const n = s.prompt?.at ?? 0;
        const drawn = d.state.players[player]!.spellbook.slice(0, n).map((x) => ({
          ...full(x),
          oid: d.oid(),
        }));
        d.auto('HandRedrawn', { player, drawn }, '4.0.D2');
        advance(d);
      }
    },
  },
  DeclineRedraw: {
    check: allowed,
    perform(d, _c, player) {
      d.emit('RedrawDeclined', { player }, { rule: '4.0.D2' });
      advance(d);
    },
  },
  PlayStone: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const h = inHand(s, player, c.card);
      if (!h || cardDef(full(h).cardId).type !== 'Element Stone')
        return nope('4.0.M1', `${c.card} is not an element-stone card in your hand`);
      if (pl.stonePlayed) return nope('4.0.M1', 'you have already played an element stone this turn');
      if (c.stack !== null && !pl.stacks.some((st) => st.id === c.stack))
        return nope('D4', `${c.stack} is not one of your element-stone stacks; give null for a new stack`);
      return null;
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const handCard = (id: string) => full(pl.hand.find((h) => h.id === id)!);
      const card = handCard(c.card);
      const stack = c.stack ?? `${player}-s${s.serial + 1}`;
      d.emit('ElementStonePlayed', { player, card, stack, newStack: c.stack === null }, { rule: '4.0.M1' });
    },
  },
  PlayCard: {
    check(s, c, player) {
      return checkPlay(s, player, c);
    },
    perform(d, c, player) {
      playCard(d, player, c);
    },
  },
  DeclareAttack: {
    check(s, c, player) {
      const opp = opponentOf(s, player);
      const a = own(s, player, c.attacker);
      if (!a || !inAtk(a)) return nope('4.0.M3', `${c.attacker} is not a creature in your ATK zone`);
      if (a.perm.attacked) return nope('D13', `${c.attacker} has already attacked this turn`);
      if (a.perm.ranged)
        return nope(
          '7.0.Ranged Attack',
          `${c.attacker} used its Ranged Attack instead of attacking this turn`,
        );
      if (c.target === opp) return null;
      const t = locate(s, c.target);
      if (!t || t.player !== opp || !inAtk(t))
        return nope(
          '4.0.M3',
          `attack a creature in your opponent's ATK zone, or your opponent (${opp}) directly`,
        );
      return has(t.perm.cardId, 'Stealthy')
        ? nope('7.0.Stealthy', 'a Stealthy creature cannot be attacked by your creatures')
        : null;
    },
    perform(d, c, player) {
      const s = d.state;
      const opp = opponentOf(s, player);
      d.emit(
        'AttackDeclared',
        { player, attacker: c.attacker, target: c.target === opp ? null : c.target, defender: opp },
        { rule: '4.0.M3' },
      );
      offer(d, { kind: 'defend', player: opp, rule: 'D13' });
    },
  },
  RangedAttack: {
    check(s, c, player) {
      const w = own(s, player, c.creature);
      const ra = w && ability(w.perm.cardId, 'Ranged Attack');
      if (!w || !ra)
        return nope('7.0.Ranged Attack', `${c.creature} is not a creature of yours with Ranged Attack`);
      if (w.zone !== 'atk' && w.zone !== 'def')
        return nope('7.0.Ranged Attack', 'Ranged Attack is used from your ATK or DEF zone');
      if (w.perm.ranged)
        return nope('7.0.Ranged Attack', 'a creature may only deal damage this way once per turn');
      if (w.perm.attacked) return nope('7.0.Ranged Attack', `${c.creature} already attacked this turn`);
      if (s.players[c.target]) return null;
      const t = locate(s, c.target);
      if (!t || !isCreatureCard(cardDef(t.perm.cardId)))
        return nope('7.0.Ranged Attack', 'target a player or a creature in play');
      return targetable(t, player, false)
        ? null
        : nope(
            has(t.perm.cardId, 'Stealthy') ? '7.0.Stealthy' : '7.0.Immunity',
            `${c.target} cannot be the target of your abilities`,
          );
    },
    perform(d, c, player) {
      const s = d.state;
      const w = locate(s, c.creature)!;
      const x = ability(w.perm.cardId, 'Ranged Attack')!.x ?? 0;
      d.emit(
        'RangedAttackMade',
        { player, creature: c.creature, target: c.target, amount: x },
        { rule: '7.0.Ranged Attack' },
      );
      dealDamageFrom(d, w.perm.id, c.target, x);
      settle(d);
    },
  },
  Discharge: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const w = own(s, player, c.creature);
      if (!w || !has(w.perm.cardId, 'Discharge') || (w.zone !== 'atk' && w.zone !== 'def'))
        return nope(
          '7.0.Discharge',
          `${c.creature} is not a creature with Discharge in your ATK or DEF zone`,
        );
      const st = pl.stacks.find((x) => x.id === c.stack);
      return st && stackCanCast(st, cardDef(w.perm.cardId))
        ? null
        : nope('7.0.Discharge', `${c.stack} is not a stack of yours that could be used to cast it (D5)`);
    },
    perform(d, c, player) {
      const s = d.state;
      const w = locate(s, c.creature)!;
      d.emit(
        'CreatureDischarged',
        { player, creature: c.creature, stack: c.stack },
        { rule: '7.0.Discharge' },
      );
      queueKeyword(d, player, w.perm, 'Discharge');
      settle(d);
    },
  },
  Respawn: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const card = pl.archive.find((x) => x.id === c.card);
      if (!card || !has(card.cardId, 'Respawn'))
        return nope('7.0.Respawn', `${c.card} is not a creature card with Respawn in your archive`);
      const h = inHand(s, player, c.discard);
      const types = cardDef(card.cardId).creatureTypes ?? [];
      const dt = h ? cardDef(full(h).cardId) : null;
      return dt && isCreatureCard(dt) && (dt.creatureTypes ?? []).some((t) => types.includes(t))
        ? null
        : nope(
            '7.0.Respawn',
            `discard a creature card from your hand that shares a type with it (${types.join(', ')})`,
          );
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const handCard = (id: string) => full(pl.hand.find((h) => h.id === id)!);
      const card = pl.archive.find((x) => x.id === c.card)!;
      discard(d, player, handCard(c.discard), 'respawn', '7.0.Respawn');
      d.emit(
        'CardReturnedToHand',
        { player, card, from: 'archive', hand: { id: card.id, cardId: card.cardId, oid: d.oid() } },
        { rule: '7.0.Respawn' },
      );
      settle(d);
    },
  },
  EndMain: {
    check: allowed,
    perform(d) {
      advance(d);
    },
  },
  DeclareBlocker: {
    check(s, c, player) {
      const a = s.attack!;
      if (a.target !== null) return nope('4.0.M3', 'only a creature attacking you directly can be blocked');
      const w = own(s, player, c.creature);
      if (!w || !inDef(w)) return nope('4.0.M3', `${c.creature} is not a creature in your DEF zone`);
      if (a.blockers.includes(c.creature)) return nope('4.0.M3', `${c.creature} is already blocking`);
      const attacker = locate(s, a.attacker);
      if (attacker && has(attacker.perm.cardId, 'Aerial') && !has(w.perm.cardId, 'Aerial'))
        return nope('7.0.Aerial', 'an Aerial creature can only be blocked by creatures with Aerial');
      return null;
    },
    perform(d, c, player) {
      d.emit('BlockerDeclared', { player, creature: c.creature }, { rule: '4.0.M3' });
    },
  },
  FinishDefense: {
    check: allowed,
    perform(d, _c, player) {
      const s = d.state;
      d.emit('DefenseFinished', { player, blockers: s.attack!.blockers }, { rule: 'D13' });
      const attacker = s.attack!.attacker;
      resolveCombat(d);
      if (d.state.status === 'ended') return;
      d.auto('AttackEnded', { attacker }, 'D14');
      settle(d);
    },
  },
  Harvest: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const w = own(s, player, c.card);
      const h = w && ability(w.perm.cardId, 'Harvest');
      if (!w || !h) return nope('7.0.Harvest', `${c.card} is not a card of yours in play with Harvest (D26)`);
      return pl.archive.length >= (h.x ?? 0)
        ? null
        : nope(
            '7.0.Harvest',
            `Harvest ${h.x} needs ${h.x} cards in your archive; you have ${pl.archive.length}`,
          );
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const w = locate(s, c.card)!;
      const x = ability(w.perm.cardId, 'Harvest')!.x ?? 0;
      d.emit(
        'CardsHarvested',
        { player, source: c.card, cards: pl.archive.slice(0, x) },
        { rule: '7.0.Harvest' },
      );
      queueKeyword(d, player, w.perm, 'Harvest');
      settle(d);
    },
  },
  Mutate: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const w = own(s, player, c.card);
      const m = w && ability(w.perm.cardId, 'Mutate');
      if (!w || !m || w.zone === 'attached')
        return nope('7.0.Mutate', `${c.card} is not a card of yours in play with Mutate`);
      const src = inHand(s, player, c.mutant) ?? pl.archive.find((x) => x.id === c.mutant);
      const def = src ? cardDef(full(src).cardId) : null;
      if (
        !def ||
        !isCreatureCard(def) ||
        !(def.creatureTypes ?? []).includes('Mutant') ||
        def.level > (m.x ?? 0)
      )
        return nope(
          '7.0.Mutate',
          `choose a Mutant creature card of level ${m.x} or lower from your hand or archive`,
        );
      return uniqueBlocked(s, def.id)
        ? nope('7.0.Unique', `${def.name} is Unique and a copy is already in play`)
        : null;
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const w = locate(s, c.card)!;
      const inHandCard = pl.hand.find((h) => h.id === c.mutant);
      const mutant = inHandCard ? full(inHandCard) : pl.archive.find((x) => x.id === c.mutant)!;
      const stack = w.stack;
      const zone = w.zone as 'stacks' | 'atk' | 'def';
      leavePlay(d, w, 'mutated', '7.0.Mutate');
      d.emit(
        'MutantEnteredPlay',
        { player, card: mutant, from: inHandCard ? 'hand' : 'archive', zone, stack },
        { rule: '7.0.Mutate' },
      );
      queueKeyword(d, player, mutant, 'Play Effect');
      settle(d);
    },
  },
  Reinforce: {
    check(s, c, player) {
      const w = own(s, player, c.card);
      if (!w || !has(w.perm.cardId, 'Reinforce'))
        return nope('7.0.Reinforce', `${c.card} is not a card of yours in play with Reinforce`);
      const sorted = [...new Set(c.reveal)].sort();
      if (sorted.join() !== c.reveal.join())
        return nope('command', 'list the revealed cards once each, in ascending id order');
      for (const id of c.reveal) {
        const h = inHand(s, player, id);
        if (!h || full(h).cardId !== w.perm.cardId)
          return nope('7.0.Reinforce', `${id} is not a creature card in your hand with the same name`);
      }
      return null;
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const handCard = (id: string) => full(pl.hand.find((h) => h.id === id)!);
      const w = locate(s, c.card)!;
      const cards = c.reveal.map((id) => ({ ...handCard(id), known: ['public' as const] }));
      d.emit('CardsRevealed', { player, cards }, { rule: '7.0.Reinforce' });
      d.auto(
        'CardsPutIntoSpellbook',
        { player, cards: cards.map(({ known: _k, ...x }) => x), from: 'hand', where: 'shuffled' },
        '7.0.Reinforce',
      );
      shuffleSpellbook(d, player, '7.0.Reinforce');
      queueKeyword(d, player, w.perm, 'Reinforce');
      settle(d);
    },
  },
  ChooseTrigger: {
    check(s, c) {
      return s.prompt?.options?.includes(c.pid)
        ? null
        : nope('D7', `${c.pid} is not one of the waiting triggers (${s.prompt?.options?.join(', ')})`);
    },
    perform(d, c) {
      const s = d.state;
      d.emit('TriggerChosen', { pid: c.pid }, { rule: s.prompt!.rule });
      settle(d);
    },
  },
  ArrangeTop: {
    check(s, c) {
      const opts = s.prompt?.options ?? [];
      return [...c.order].sort().join() === [...opts].sort().join() &&
        new Set(c.order).size === c.order.length
        ? null
        : nope('7.0.Future Sight', `put back exactly the cards you looked at, each once: ${opts.join(', ')}`);
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const pr = s.prompt!;
      const book = pl.spellbook.map(full);
      const cards = c.order.map((id) => {
        const x = book.find((b) => b.id === id)!;
        return { id: x.id, cardId: x.cardId, oid: d.oid() };
      });
      d.emit('TopCardsArranged', { player, source: pr.source ?? null, cards }, { rule: '7.0.Future Sight' });
      continueAfter(d, pr.pid!, pr.at!);
    },
  },
  ChooseEchoTarget: {
    check(s, c) {
      return c.target === null || s.prompt?.options?.includes(c.target)
        ? null
        : nope(
            '7.0.Echo',
            `choose a new target for the copy among ${s.prompt?.options?.join(', ')}, or null to keep its target`,
          );
    },
    perform(d, c, player) {
      const s = d.state;
      // 7.0.Echo "You may choose new targets for the copies": the copy resolves with the target chosen.
      const pr = s.prompt!;
      d.emit('EchoTargetChosen', { player, pid: pr.pid!, target: c.target }, { rule: '7.0.Echo' });
      const p = d.state.pending.find((x) => x.pid === pr.pid);
      if (p) resolve(d, p, 0);
      settle(d);
    },
  },
  ChooseConstruct: {
    check(s, c) {
      return c.cardId === null || s.prompt?.options?.includes(c.cardId)
        ? null
        : nope('7.0.Construct', `choose one of ${s.prompt?.options?.join(', ')} or null`);
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const pr = s.prompt!;
      if (c.cardId === null)
        d.emit('ConstructFoundNothing', { player, source: pr.source ?? null }, { rule: '7.0.Construct' });
      else {
        const card = pl.spellbook.map(full).find((x) => x.cardId === c.cardId)!;
        d.emit(
          'CardConstructed',
          {
            player,
            source: pr.source ?? null,
            card,
            hand: { id: card.id, cardId: card.cardId, oid: d.oid(), known: ['public'] },
          },
          { rule: '7.0.Construct' },
        );
      }
      shuffleSpellbook(d, player, '7.0.Construct');
      continueAfter(d, pr.pid!, pr.at!);
    },
  },
  PlayFree: {
    check(s, c, player) {
      const pl = s.players[player]!;
      const src = s.prompt?.source;
      const card = src ? pl.archive.find((x) => x.id === src) : undefined;
      const opts = card ? freePlayOptions(s, player, card.cardId) : [];
      return opts.some((o) => o.zone === c.zone && o.target === c.target)
        ? null
        : nope('D29', `play it with one of: ${opts.map((o) => JSON.stringify(o)).join(' ')}`);
    },
    perform(d, c, player) {
      playFree(d, player, c);
    },
  },
  DeclineFreePlay: {
    check: allowed,
    perform(d, _c, player) {
      const s = d.state;
      const pr = s.prompt!;
      d.emit('FreePlayDeclined', { player, card: pr.source! }, { rule: pr.rule });
      d.auto('TriggerResolved', { pid: pr.pid!, source: pr.source! }, pr.rule);
      settle(d);
    },
  },
  Discard: {
    check(s, c, player) {
      return inHand(s, player, c.card) ? null : nope('4.0.E2', `${c.card} is not in your hand`);
    },
    perform(d, c, player) {
      const s = d.state;
      const pl = s.players[player]!;
      const handCard = (id: string) => full(pl.hand.find((h) => h.id === id)!);
      discard(d, player, handCard(c.card), 'hand-size', '4.0.E2');
      settle(d);
    },
  },
  EndTurn: {
    check(s, _c, player) {
      const pl = s.players[player]!;
      return pl.hand.length > HAND_LIMIT ? nope('4.0.E2', `discard down to ${HAND_LIMIT} cards first`) : null;
    },
    perform(d) {
      advance(d);
    },
  },
};

function dealDamageFrom(d: Draft, sourceId: string, target: string, amount: number): void {
  const w = locate(d.state, sourceId)!;
  dealDamage(
    d,
    {
      id: w.perm.id,
      cardId: w.perm.cardId,
      controller: w.player,
      purge: has(w.perm.cardId, 'Purge'),
      spell: false,
    },
    target,
    amount,
    '7.0.Ranged Attack',
  );
}

/** Continues a pending effect after the prompt at effect `at` was answered. */
function continueAfter(d: Draft, pid: string, at: number): void {
  const p = d.state.pending.find((x) => x.pid === pid);
  if (p) resolve(d, p, at + 1);
  settle(d);
}

function playCard(d: Draft, player: PlayerId, c: Extract<ECCommand, { type: 'PlayCard' }>): void {
  const s = d.state;
  const card = full(s.players[player]!.hand.find((h) => h.id === c.card)!);
  const def = cardDef(card.cardId);
  const flash = s.prompt?.kind === 'defend';
  d.emit(
    'CardPlayed',
    { player, card, stack: c.stack, target: c.target ?? null, tribute: c.tribute ?? [], flash },
    { rule: flash ? 'D9' : '4.0.M2' },
  );
  if (def.spell === 'Equip') {
    d.auto('EquipAttached', { player, card: card.id, cardId: card.cardId, creature: c.target! }, 'D11');
    return;
  }
  if (def.type === 'Spell' && def.spell !== 'Permanent') {
    const echo = has(def.id, 'Echo')
      ? d.state.players[player]!.archive.filter((x) => x.cardId === def.id).length
      : 0;
    queue(d, {
      controller: player,
      source: card.id,
      cardId: card.cardId,
      label: 'Spell',
      rule: 'D8',
      effects: def.effects ?? [],
      target: c.target ?? null,
      purge: false,
      spell: true,
      ...(echo > 0 ? { copies: echo } : {}),
    });
  }
  if (c.tribute) {
    for (const id of c.tribute) {
      const w = locate(d.state, id);
      if (w) leavePlay(d, w, 'sacrificed', '7.0.Tribute');
    }
    const t = ability(def.id, 'Tribute')!;
    queue(d, {
      controller: player,
      source: card.id,
      cardId: card.cardId,
      label: 'Tribute',
      rule: '7.0.Tribute',
      effects: t.effects ?? [],
      target: c.target ?? null,
      purge: has(def.id, 'Purge'),
      spell: false,
    });
  }
  queueKeyword(d, player, card, 'Play Effect');
  settle(d);
}

function playFree(d: Draft, player: PlayerId, c: Extract<ECCommand, { type: 'PlayFree' }>): void {
  const s = d.state;
  const pr = s.prompt!;
  const card = s.players[player]!.archive.find((x) => x.id === pr.source)!;
  const def = cardDef(card.cardId);
  const zone = c.zone ?? (def.type === 'Element Stone' ? 'stacks' : null);
  d.emit(
    'FreePlayed',
    {
      player,
      card,
      zone,
      stack: zone === 'stacks' ? `${player}-s${s.serial + 1}` : null,
      target: c.target ?? null,
    },
    { rule: pr.rule },
  );
  d.auto('TriggerResolved', { pid: pr.pid!, source: card.id }, pr.rule);
  if (isCreatureCard(def)) queueKeyword(d, player, card, 'Play Effect');
  else if (def.type === 'Spell')
    queue(d, {
      controller: player,
      source: card.id,
      cardId: card.cardId,
      label: 'Free spell',
      rule: pr.rule,
      effects: def.effects ?? [],
      target: c.target ?? null,
      purge: false,
      spell: true,
    });
  settle(d);
}

// ---------------------------------------------------------------- actors, legal commands

export function actors(s: ECState): PlayerId[] {
  if (s.status === 'ended') return [];
  if (s.prompt) return [s.prompt.player];
  return s.activePlayer ? [s.activePlayer] : [];
}

const perms = <T>(xs: T[]): T[][] =>
  xs.length <= 1
    ? [xs]
    : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((r) => [x, ...r]));

/** Keyword actions open at any time to the player who may act: Harvest, Mutate, Reinforce. */
function anyTimeOffers(s: ECState, player: PlayerId): ECCommand[] {
  const out: ECCommand[] = [];
  const pl = s.players[player]!;
  const hand = pl.hand.map(full);
  const mine = inPlayOf(s, player);
  for (const w of mine) {
    const id = w.perm.id;
    if (has(w.perm.cardId, 'Harvest')) out.push({ type: 'Harvest', card: id });
    if (has(w.perm.cardId, 'Mutate'))
      for (const m of [...hand, ...pl.archive]) out.push({ type: 'Mutate', card: id, mutant: m.id });
    if (has(w.perm.cardId, 'Reinforce')) {
      const same = hand
        .filter((h) => h.cardId === w.perm.cardId)
        .map((h) => h.id)
        .sort();
      for (let mask = 1; mask < 1 << same.length; mask++)
        out.push({ type: 'Reinforce', card: id, reveal: same.filter((_, i) => mask & (1 << i)) });
    }
  }
  return out;
}

/** Cards to cast from hand (Flash spells only, when `flashOnly`) on each castable stack, with each tribute and target. */
function playOffers(s: ECState, player: PlayerId, flashOnly: boolean): ECCommand[] {
  const out: ECCommand[] = [];
  const pl = s.players[player]!;
  const hand = pl.hand.map(full);
  const mine = inPlayOf(s, player);
  for (const h of hand) {
    const def = cardDef(h.cardId);
    if (def.type === 'Element Stone' || (flashOnly && def.spell !== 'Flash')) continue;
    const stacks = castableStacks(pl, def);
    if (stacks.length === 0 || uniqueBlocked(s, def.id)) continue;
    const trib = ability(def.id, 'Tribute');
    const tributes: (string[] | undefined)[] = [undefined];
    if (trib) for (const w of mine) if (matches(w.perm.cardId, trib.criteria)) tributes.push([w.perm.id]);
    for (const st of stacks)
      for (const tribute of tributes) {
        const need = needOf(def.id, tribute !== undefined);
        const targets = need ? playTargets(s, player, def.id, need) : [undefined];
        for (const target of targets)
          out.push({
            type: 'PlayCard',
            card: h.id,
            stack: st.id,
            ...(target !== undefined ? { target } : {}),
            ...(tribute ? { tribute } : {}),
          });
      }
  }
  return out;
}

/** The answers to the prompt `player` owes (mulligan, redraw, defence, trigger order, Future Sight, Construct…). */
function promptOffers(s: ECState, player: PlayerId, pr: NonNullable<ECState['prompt']>): ECCommand[] {
  const out: ECCommand[] = [];
  const pl = s.players[player]!;
  const hand = pl.hand.map(full);
  const mine = inPlayOf(s, player);
  switch (pr.kind) {
    case 'mulligan':
      out.push({ type: 'Keep' }, { type: 'Mulligan' });
      break;
    case 'redraw':
      out.push({ type: 'RedrawHand' }, { type: 'DeclineRedraw' });
      break;
    case 'putUnder':
      for (const h of hand) out.push({ type: 'PutUnder', card: h.id });
      break;
    case 'defend':
      for (const w of mine) out.push({ type: 'DeclareBlocker', creature: w.perm.id });
      out.push({ type: 'FinishDefense' });
      out.push(...playOffers(s, player, true), ...anyTimeOffers(s, player));
      break;
    case 'orderTriggers':
      for (const pid of pr.options ?? []) out.push({ type: 'ChooseTrigger', pid });
      break;
    case 'arrange':
      for (const order of perms(pr.options ?? [])) out.push({ type: 'ArrangeTop', order });
      break;
    case 'construct':
      out.push(
        { type: 'ChooseConstruct', cardId: null },
        ...(pr.options ?? []).map((cardId) => ({ type: 'ChooseConstruct' as const, cardId })),
      );
      break;
    case 'freePlay': {
      const card = pl.archive.find((x) => x.id === pr.source);
      if (card) for (const o of freePlayOptions(s, player, card.cardId)) out.push({ type: 'PlayFree', ...o });
      out.push({ type: 'DeclineFreePlay' });
      break;
    }
    case 'discard':
      for (const h of hand) out.push({ type: 'Discard', card: h.id });
      break;
    case 'target':
      out.push(
        { type: 'ChooseEchoTarget', target: null },
        ...(pr.options ?? []).map((target) => ({ type: 'ChooseEchoTarget' as const, target })),
      );
      break;
  }
  return out;
}

/** The Standby phase: deploy or keep each new creature, attach a Familiar Spirit, move a creature between zones. */
function standbyOffers(s: ECState, player: PlayerId): ECCommand[] {
  const out: ECCommand[] = [];
  const mine = inPlayOf(s, player);
  for (const perm of creaturesToDeploy(s, player)) {
    out.push(
      { type: 'DeployCreature', card: perm.id, zone: 'atk' },
      { type: 'DeployCreature', card: perm.id, zone: 'def' },
      { type: 'KeepResident', card: perm.id },
    );
    if (has(perm.cardId, 'Familiar Spirit'))
      for (const w of mine) out.push({ type: 'AttachFamiliar', card: perm.id, master: w.perm.id });
  }
  for (const w of mine)
    if (w.zone === 'atk' || w.zone === 'def')
      out.push({ type: 'MoveCreature', card: w.perm.id, zone: w.zone === 'atk' ? 'def' : 'atk' });
  out.push({ type: 'EndStandby' });
  return out;
}

/** The Main phase: stones, cards to cast, attacks, Ranged Attack, Discharge, Respawn, and its end. */
function mainOffers(s: ECState, player: PlayerId): ECCommand[] {
  const out: ECCommand[] = [];
  const pl = s.players[player]!;
  const hand = pl.hand.map(full);
  const mine = inPlayOf(s, player);
  const opp = opponentOf(s, player);
  for (const h of hand)
    if (cardDef(h.cardId).type === 'Element Stone')
      for (const stack of [null, ...pl.stacks.map((x) => x.id)])
        out.push({ type: 'PlayStone', card: h.id, stack });
  out.push(...playOffers(s, player, false));
  const theirs = inPlayOf(s, opp);
  for (const w of mine) {
    if (inAtk(w))
      for (const t of [opp, ...theirs.map((x) => x.perm.id)])
        out.push({ type: 'DeclareAttack', attacker: w.perm.id, target: t });
    if (has(w.perm.cardId, 'Ranged Attack'))
      for (const t of [...s.order, ...mine.map((x) => x.perm.id), ...theirs.map((x) => x.perm.id)])
        out.push({ type: 'RangedAttack', creature: w.perm.id, target: t });
    if (has(w.perm.cardId, 'Discharge'))
      for (const st of pl.stacks) out.push({ type: 'Discharge', creature: w.perm.id, stack: st.id });
  }
  for (const a of pl.archive)
    if (has(a.cardId, 'Respawn'))
      for (const h of hand) out.push({ type: 'Respawn', card: a.id, discard: h.id });
  out.push({ type: 'EndMain' });
  return out;
}

/** Candidates for legalCommands, which keeps those `check` accepts. Concede is always among them. */
function candidates(s: ECState, player: PlayerId): ECCommand[] {
  const concede: ECCommand = { type: 'Concede' };
  const pr = s.prompt;
  if (pr) return pr.player === player ? [concede, ...promptOffers(s, player, pr)] : [concede];
  if (s.activePlayer !== player) return [concede];
  if (s.phase === 'standby') return [concede, ...standbyOffers(s, player), ...anyTimeOffers(s, player)];
  if (s.phase === 'main') return [concede, ...mainOffers(s, player), ...anyTimeOffers(s, player)];
  if (s.phase === 'end') return [concede, { type: 'EndTurn' }, ...anyTimeOffers(s, player)];
  return [concede];
}

function inPlayOf(s: ECState, player: PlayerId) {
  return inPlay(s).filter((w) => w.player === player);
}

export function legalCommands(s: ECState, player: PlayerId): Command[] {
  if (s.status === 'ended' || !s.players[player]) return [];
  return candidates(s, player)
    .filter((c) => check(s, player, c) === null)
    .map((c) => ({ ...c, player }) as Command);
}
