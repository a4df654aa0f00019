// What the rules do by themselves: the turn's phases (§4.0), drawing and losing (§1.0), damage and milling,
// destruction (D15), triggers and their order (D7, §4.0.E1), effect resolution, combat (D13–D14) and the
// keywords of §7.0 that act on their own. Every automatic event cites the section or decision behind it.
import { isHiddenCard } from '@matchtape/engine';
import type { PlayerId } from '@matchtape/engine';
import { cardDef } from './cards/decks';
import type { Effect } from './types';
import type { ECDraft as Draft } from './draft';
import { asCard } from './evolve';
import { nextLocation } from './machine';
import {
  ability,
  creatures,
  creaturesToDeploy,
  has,
  health,
  immunityCovers,
  inAtk,
  inDef,
  inPlay,
  isCreatureCard,
  locate,
  matches,
  opponentOf,
  power,
  targetable,
  zoneHasRoom,
  type Where,
} from './rules';
import type { Card, ECState, Pending, Prompt, SeenCard } from './types';
import { HAND_LIMIT } from './types';

/** The judge's state holds every card in full; a hidden reference there is an engine bug. */
export function full(c: SeenCard): Card {
  if (isHiddenCard(c)) throw new Error(`card ${c.id} is hidden in the full state`);
  return { id: c.id, cardId: c.cardId, oid: c.oid };
}

export const isOver = (s: ECState): boolean => s.status === 'ended';

export function offer(d: Draft, prompt: Prompt): void {
  d.auto('ChoiceOffered', { prompt }, prompt.rule);
}

// ---------------------------------------------------------------- spellbook: shuffle, draw, mill, loss

/** Shuffles a spellbook; every card gets a fresh opaque id (ARCHITECTURE §3) and nobody knows the order (D2). */
export function shuffleSpellbook(d: Draft, player: PlayerId, rule: string): void {
  const book = d.state.players[player]!.spellbook.map(full);
  const order = d.rng.permutation(book.length);
  const cards = order.map((i) => ({ id: book[i]!.id, cardId: book[i]!.cardId, oid: d.oid() }));
  d.auto('SpellbookShuffled', { player, cards }, rule);
}

/** Draws `n` cards (§4.0.D1 or an effect); false when the player was forced to draw from an empty spellbook (§1.0). */
export function draw(d: Draft, player: PlayerId, n: number, rule: string, reason: string): boolean {
  if (takeCards(d, player, n, rule, reason)) return true;
  lose(d, player, '1.0', 'forced to draw from an empty spellbook');
  return false;
}

/** Draws what there is of `n` cards; false when the spellbook ran out first. */
function takeCards(d: Draft, player: PlayerId, n: number, rule: string, reason: string): boolean {
  const book = d.state.players[player]!.spellbook;
  const k = Math.min(n, book.length);
  if (k > 0) {
    const cards = book.slice(0, k).map((c) => ({ ...full(c), oid: d.oid() }));
    d.auto('CardsDrawn', { player, cards, reason }, rule);
  }
  return k === n;
}

/**
 * Each player draws `n` (the active player first). Players forced to draw from an empty spellbook lose (§1.0);
 * both at once is a drawn game (D46).
 */
export function drawEach(d: Draft, n: number, rule: string): void {
  const ap = d.state.activePlayer!;
  const short = [ap, opponentOf(d.state, ap)].filter((p) => !takeCards(d, p, n, rule, 'effect'));
  if (short.length === 1) lose(d, short[0]!, '1.0', 'forced to draw from an empty spellbook');
  if (short.length === 2) {
    for (const p of short)
      d.auto(
        'PlayerLost',
        { player: p, rule: 'D46', reason: 'forced to draw from an empty spellbook' },
        'D46',
      );
    d.auto(
      'MatchEnded',
      {
        winner: null,
        result: 'draw: both players were forced to draw from an empty spellbook at once (§1.0, D46)',
        seed: '',
      },
      'D46',
    );
  }
}

export function lose(d: Draft, player: PlayerId, rule: string, reason: string): void {
  const winner = opponentOf(d.state, player);
  d.auto('PlayerLost', { player, rule, reason }, rule);
  d.auto(
    'MatchEnded',
    { winner, result: `${winner} wins: ${player} lost (${reason}, ${rule})`, seed: '' },
    rule,
  );
}

/**
 * §1.0: each point of damage puts the top card of the spellbook into the archive (D16: what is there, if
 * fewer); Purge sends them to purgatory (D39). Boon cards milled into the archive offer a free play (7.0.Boon).
 */
export function mill(
  d: Draft,
  player: PlayerId,
  n: number,
  to: 'archive' | 'purgatory',
  rule: string,
  reason: string,
): void {
  const book = d.state.players[player]!.spellbook;
  const k = Math.min(n, book.length);
  if (k === 0) return;
  const cards = book.slice(0, k).map(full);
  d.auto('SpellbookMilled', { player, cards, to, reason }, rule);
  if (to === 'archive')
    for (const c of cards) if (has(c.cardId, 'Boon')) queueFree(d, player, c, 'Boon', '7.0.Boon');
}

// ---------------------------------------------------------------- triggers

function pidNext(d: Draft): string {
  return `t${d.state.serial + 1}`;
}

export function queue(d: Draft, p: Omit<Pending, 'pid'>): void {
  d.auto('TriggerQueued', { pending: { pid: pidNext(d), ...p, ...echoCopies(d.state, p) } }, p.rule);
}

/**
 * 7.0.Echo "If this card is on the battlefield, copy this ability for each card in your archive with the same
 * name as this card" (D45): an ability of an Echo card in play is copied; spells count their copies when played.
 */
function echoCopies(s: ECState, p: Omit<Pending, 'pid'>): { copies?: number } {
  if (p.spell || p.free || p.copies !== undefined || !has(p.cardId, 'Echo') || !locate(s, p.source))
    return {};
  const n = s.players[p.controller]!.archive.filter((c) => c.cardId === p.cardId).length;
  return n > 0 ? { copies: n } : {};
}

function queueFree(d: Draft, player: PlayerId, card: Card, label: 'Boon' | 'Salvage', rule: string): void {
  queue(d, {
    controller: player,
    source: card.id,
    cardId: card.cardId,
    label,
    rule,
    effects: [],
    target: null,
    purge: false,
    spell: false,
    free: { card: card.id, from: 'archive' },
  });
}

/** Queues a keyword's [Effect] of a card in play (Play Effect, Berserk, Charge Attack, Resident…). */
export function queueKeyword(
  d: Draft,
  controller: PlayerId,
  source: { id: string; cardId: string },
  keyword: Parameters<typeof ability>[1],
  target: string | null = null,
): void {
  const a = ability(source.cardId, keyword);
  if (!a?.effects) return;
  queue(d, {
    controller,
    source: source.id,
    cardId: source.cardId,
    label: keyword,
    rule: `7.0.${keyword}`,
    effects: a.effects,
    target,
    purge: has(source.cardId, 'Purge'),
    spell: false,
  });
}

/** A card discarded from hand into the archive (7.0.Salvage offers a free play). */
export function discard(d: Draft, player: PlayerId, card: Card, reason: string, rule: string): void {
  d.emit('CardDiscarded', { player, card, reason }, { rule, auto: reason !== 'hand-size' });
  if (has(card.cardId, 'Salvage')) queueFree(d, player, card, 'Salvage', '7.0.Salvage');
}

// ---------------------------------------------------------------- leaving play, destruction

/**
 * Puts a permanent from play into its owner's archive (or purgatory, D39), with its equips (D11). Leave Effect
 * triggers for any reason, Destroy Effect when it goes directly into the archive (7.0).
 */
export function leavePlay(d: Draft, w: Where, reason: string, rule: string, purge = false): void {
  equipsLeave(d, w);
  const to = purge ? 'purgatory' : 'archive';
  d.auto('CardLeftPlay', { player: w.player, card: asCard(w.perm), from: w.zone, to, reason }, rule);
  queueKeyword(d, w.player, w.perm, 'Leave Effect');
  if (to === 'archive') queueKeyword(d, w.player, w.perm, 'Destroy Effect');
}

/** Equip spells go to the archive when their creature leaves play (D11). */
function equipsLeave(d: Draft, w: Where): void {
  w.perm.equips.forEach((eq, i) =>
    d.auto(
      'CardLeftPlay',
      {
        player: w.player,
        card: { id: eq, cardId: w.perm.equipCards[i]!, oid: '' },
        from: 'equip',
        to: 'archive',
        reason: 'creature-left',
        equip: true,
      },
      'D11',
    ),
  );
}

/** Returns a permanent from play to its owner's hand (the return effect); Leave Effect triggers (7.0). */
export function returnToHand(d: Draft, w: Where, rule: string): void {
  equipsLeave(d, w);
  const card = asCard(w.perm);
  d.auto(
    'CardReturnedFromPlay',
    {
      player: w.player,
      card,
      from: w.zone,
      hand: { id: card.id, cardId: card.cardId, oid: d.oid(), known: ['public'] },
    },
    rule,
  );
  queueKeyword(d, w.player, w.perm, 'Leave Effect');
}

/** State checks after every action: lethal damage (D15), Slayer (7.0.Slayer), familiars without a master (D24). */
function checkState(d: Draft): void {
  for (let guard = 0; guard < 50; guard++) {
    const s = d.state;
    const dying = creatures(s).find(
      (w) => w.perm.slain === true || (w.perm.damage > 0 && w.perm.damage >= health(s, w)),
    );
    if (dying) {
      leavePlay(
        d,
        dying,
        'destroyed',
        dying.perm.slain && dying.perm.damage < health(s, dying) ? '7.0.Slayer' : 'D15',
        dying.perm.purged === true,
      );
      continue;
    }
    const orphan = inPlay(s).find(
      (w) => w.zone === 'attached' && w.perm.master !== undefined && locate(s, w.perm.master) === null,
    );
    if (orphan) {
      leavePlay(d, orphan, 'master-left', '7.0.Familiar Spirit');
      continue;
    }
    return;
  }
}

// ---------------------------------------------------------------- damage

export interface Source {
  id: string;
  cardId: string;
  controller: PlayerId;
  purge: boolean;
  spell: boolean;
}

export function sourceOf(w: Where): Source {
  return {
    id: w.perm.id,
    cardId: w.perm.cardId,
    controller: w.player,
    purge: has(w.perm.cardId, 'Purge'),
    spell: false,
  };
}

/** Damage to a player (milling, §1.0) or to a creature (D15), with Immunity (7.0), Slayer and Berserk. */
export function dealDamage(d: Draft, src: Source, target: string, amount: number, rule: string): void {
  if (amount <= 0 || isOver(d.state)) return;
  if (d.state.players[target]) {
    d.auto('DamageDealt', { source: src.id, sourceCard: src.cardId, target, amount, player: true }, rule);
    mill(
      d,
      target as PlayerId,
      amount,
      src.purge ? 'purgatory' : 'archive',
      src.purge ? '7.0.Purge' : '1.0',
      'damage',
    );
    return;
  }
  const w = locate(d.state, target);
  if (!w) return;
  const imm = ability(w.perm.cardId, 'Immunity');
  if (imm && immunityCovers(imm, src.spell)) {
    d.auto('DamagePrevented', { source: src.id, target, amount }, '7.0.Immunity');
    return;
  }
  const first = w.perm.damagedTurn !== d.state.turn || w.perm.damage === 0;
  const slayer = has(src.cardId, 'Slayer') && !src.spell;
  d.auto(
    'DamageDealt',
    { source: src.id, sourceCard: src.cardId, target, amount, purge: src.purge, slayer },
    slayer ? '7.0.Slayer' : rule,
  );
  if (first && has(w.perm.cardId, 'Berserk')) queueKeyword(d, w.player, w.perm, 'Berserk');
}

// ---------------------------------------------------------------- resolution

/** Runs the rules until a player must act: state checks, then queued triggers one by one (D7). */
export function settle(d: Draft): void {
  for (let guard = 0; guard < 500; guard++) {
    if (isOver(d.state)) return;
    checkState(d);
    const s = d.state;
    // The defender window (D13) is not a question: effects played in it resolve at once; it is offered again after.
    if (s.prompt && s.prompt.kind !== 'defend') return;
    const head = s.pending[0];
    if (!head) {
      tail(d);
      return;
    }
    if (s.pending.length >= 2 && !head.chosen) {
      // D7 / §4.0.E1: simultaneous triggers, the active player chooses which resolves next.
      offer(d, {
        kind: 'orderTriggers',
        player: s.activePlayer!,
        rule: s.phase === 'end' ? '4.0.E1' : 'D7',
        options: s.pending.map((p) => p.pid),
      });
      return;
    }
    resolve(d, head, 0);
  }
  throw new Error('elemental-clash: resolution did not settle');
}

/** After resolution: §4.0.E2 discard to 7 at the end phase. */
function tail(d: Draft): void {
  const s = d.state;
  if (s.attack && !s.prompt) {
    offer(d, { kind: 'defend', player: s.attack.defendingPlayer, rule: 'D13' });
    return;
  }
  if (s.phase === 'end' && s.activePlayer && s.players[s.activePlayer]!.hand.length > HAND_LIMIT)
    offer(d, { kind: 'discard', player: s.activePlayer, rule: '4.0.E2' });
}

/** Resolves a pending effect from effect `at` on; stops at a prompt (resumed by its answer). */
export function resolve(d: Draft, p: Pending, at: number): void {
  if (p.free) {
    const pl = d.state.players[p.controller]!;
    const card = pl.archive.find((c) => c.id === p.free!.card);
    if (card && freePlayOptions(d.state, p.controller, card.cardId).length > 0) {
      offer(d, { kind: 'freePlay', player: p.controller, rule: p.rule, source: card.id, pid: p.pid });
      return;
    }
    d.auto('TriggerResolved', { pid: p.pid, source: p.source }, p.rule);
    return;
  }
  for (let i = at; i < p.effects.length; i++) {
    if (isOver(d.state)) return;
    if (applyEffect(d, p, p.effects[i]!, i) === 'prompt') return;
  }
  if (isOver(d.state)) return;
  const copies = d.state.pending.find((x) => x.pid === p.pid)?.copies ?? 0;
  if (copies > 0) {
    // 7.0.Echo: a copy per same-named card in the archive. "You may choose new targets for the copies": the
    // controller is asked before each copy that has a target (option echoKeepsTargets: same targets, D27).
    d.auto('EchoCopied', { pid: p.pid, source: p.source, remaining: copies - 1 }, '7.0.Echo');
    const kind = targetKind(p.effects);
    const options =
      kind && !d.state.options.echoKeepsTargets
        ? spellTargets(d.state, p.controller, kind, p.effects, p.spell)
        : [];
    if (options.length > 0) {
      offer(d, {
        kind: 'target',
        player: p.controller,
        rule: '7.0.Echo',
        source: p.source,
        pid: p.pid,
        options,
      });
      return;
    }
    resolve(d, p, 0);
    return;
  }
  d.auto('TriggerResolved', { pid: p.pid, source: p.source }, p.rule);
  // D10: an Abrupt spell goes to the archive right after it resolves.
  const def = cardDef(p.cardId);
  if (p.label === 'Spell' && def.spell === 'Abrupt') {
    const pl = d.state.players[p.controller]!;
    const st = pl.stacks.find((x) => x.top?.id === p.source);
    if (st) archiveSpell(d, p.controller, st.id, 'D10');
  }
}

/** Ways a Boon / Salvage card can be played for free (D29): zones for a creature, a new stack for a stone, targets for a spell. */
export function freePlayOptions(
  s: ECState,
  player: PlayerId,
  cardId: string,
): { zone?: 'atk' | 'def'; target?: string }[] {
  const def = cardDef(cardId);
  const pl = s.players[player]!;
  if (isCreatureCard(def)) {
    if (def.unique && inPlay(s).some((w) => w.perm.cardId === cardId)) return [];
    return (['atk', 'def'] as const).filter((z) => zoneHasRoom(pl, z)).map((zone) => ({ zone }));
  }
  if (def.type === 'Element Stone') return [{}];
  if (def.type === 'Spell' && (def.spell === null || def.spell === 'Flash' || def.spell === 'Abrupt')) {
    const need = targetKind(def.effects ?? []);
    if (!need) return [{}];
    return spellTargets(s, player, need, def.effects ?? []).map((target) => ({ target }));
  }
  return [];
}

export type TargetKind = 'target-creature' | 'target-any' | 'target-own-creature' | 'delve';

export function targetKind(effects: readonly Effect[]): TargetKind | null {
  for (const e of effects) {
    if (
      (e.kind === 'damage' || e.kind === 'destroy' || e.kind === 'return') &&
      (e.to === 'target-creature' || e.to === 'target-any')
    )
      return e.to;
    if (e.kind === 'pump' && e.to === 'target-own-creature') return 'target-own-creature';
    if (e.kind === 'delve') return 'delve';
  }
  return null;
}

/** Legal targets of a spell's or an effect's target (Stealthy and Immunity respected, D33). */
export function spellTargets(
  s: ECState,
  controller: PlayerId,
  kind: TargetKind,
  effects: readonly Effect[],
  sourceIsSpell = true,
): string[] {
  if (kind === 'delve') {
    const crit = effects.find((e): e is Extract<Effect, { kind: 'delve' }> => e.kind === 'delve')?.criteria;
    return [
      ...new Set(s.players[controller]!.archive.filter((c) => matches(c.cardId, crit)).map((c) => c.id)),
    ];
  }
  const cs = creatures(s).filter((w) => targetable(w, controller, sourceIsSpell));
  if (kind === 'target-own-creature')
    return cs.filter((w) => w.player === controller && w.zone !== 'attached').map((w) => w.perm.id);
  const ids = cs.map((w) => w.perm.id);
  return kind === 'target-any' ? [...s.order, ...ids] : ids;
}

type EffectOf<K extends Effect['kind']> = Extract<Effect, { kind: K }>;

/** The pending effect's chosen target, if it is still a player or a creature the effect may target. */
function stillTarget(s: ECState, p: Pending): string | null {
  if (p.target === null) return null;
  if (s.players[p.target]) return p.target;
  const w = locate(s, p.target);
  return w && targetable(w, p.controller, p.spell) ? p.target : null;
}

function applyEffect(d: Draft, p: Pending, e: Effect, i: number): 'done' | 'prompt' {
  const s = d.state;
  switch (e.kind) {
    case 'damage':
      applyDamage(d, p, e);
      return 'done';
    case 'mill':
      mill(
        d,
        e.who === 'opponent' ? opponentOf(s, p.controller) : p.controller,
        e.n,
        p.purge ? 'purgatory' : 'archive',
        p.purge ? '7.0.Purge' : p.rule,
        'effect',
      );
      return 'done';
    case 'draw':
      if (e.who === 'each') drawEach(d, e.n, p.rule);
      else draw(d, p.controller, e.n, p.rule, 'effect');
      return 'done';
    case 'pump':
      applyPump(d, p, e);
      return 'done';
    case 'destroy':
      applyDestroy(d, p, e);
      return 'done';
    case 'atEndOfTurn':
      delayEffects(d, p, e);
      return 'done';
    case 'return': {
      const t = stillTarget(s, p);
      const w = t !== null ? locate(s, t) : null;
      if (w) returnToHand(d, w, p.rule);
      return 'done';
    }
    case 'restore':
      restoreFromArchive(d, p, e);
      return 'done';
    case 'futureSight':
      return futureSight(d, p, e, i);
    case 'construct':
      return construct(d, p, e, i);
    case 'delve':
      delve(d, p);
      return 'done';
    case 'gamble':
      gamble(d, p, e, i);
      return 'done';
  }
}

function applyDamage(d: Draft, p: Pending, e: EffectOf<'damage'>): void {
  const s = d.state;
  const src: Source = {
    id: p.source,
    cardId: p.cardId,
    controller: p.controller,
    purge: p.purge,
    spell: p.spell,
  };
  if (e.to === 'each-creature') {
    for (const w of creatures(s).filter((x) => x.zone === 'atk' || x.zone === 'def'))
      dealDamage(d, src, w.perm.id, e.amount, p.rule);
    return;
  }
  const t =
    e.to === 'opponent'
      ? opponentOf(s, p.controller)
      : e.to === 'self-player'
        ? p.controller
        : stillTarget(s, p);
  if (t !== null) dealDamage(d, src, t, e.amount, p.rule);
}

function applyPump(d: Draft, p: Pending, e: EffectOf<'pump'>): void {
  const s = d.state;
  const t = e.to === 'self' ? (locate(s, p.source) ? p.source : null) : stillTarget(s, p);
  if (t !== null)
    d.auto(
      'EffectApplied',
      {
        id: `e${s.serial + 1}`,
        source: p.source,
        target: t,
        power: e.power,
        health: e.health ?? 0,
        until: 'end-of-turn',
      },
      p.rule,
    );
}

function applyDestroy(d: Draft, p: Pending, e: EffectOf<'destroy'>): void {
  const s = d.state;
  const ws =
    e.to === 'each-creature'
      ? creatures(s).filter((x) => x.zone === 'atk' || x.zone === 'def')
      : [stillTarget(s, p)].flatMap((t) => (t ? [locate(s, t)!] : []));
  for (const w of ws) if (locate(d.state, w.perm.id)) leavePlay(d, w, 'destroyed', p.rule, p.purge);
}

function delayEffects(d: Draft, p: Pending, e: EffectOf<'atEndOfTurn'>): void {
  // A delayed effect (D47): it waits for §4.0.E1, then triggers with the other "at the end of turn" effects.
  d.auto(
    'DelayedEffectCreated',
    {
      delayed: {
        controller: p.controller,
        source: p.source,
        cardId: p.cardId,
        effects: e.effects,
        purge: p.purge,
        spell: p.spell,
      },
    },
    'D47',
  );
}

function restoreFromArchive(d: Draft, p: Pending, e: EffectOf<'restore'>): void {
  const cards = d.state.players[p.controller]!.archive.slice(0, e.n);
  if (cards.length > 0)
    d.auto(
      'CardsPutIntoSpellbook',
      { player: p.controller, cards, from: 'archive', where: 'bottom' },
      p.rule,
    );
}

function futureSight(d: Draft, p: Pending, e: EffectOf<'futureSight'>, i: number): 'done' | 'prompt' {
  const top = d.state.players[p.controller]!.spellbook.slice(0, e.x).map(full);
  if (top.length === 0) return 'done';
  d.auto('TopCardsLooked', { player: p.controller, source: p.source, cards: top }, '7.0.Future Sight');
  if (top.length === 1) return 'done';
  offer(d, {
    kind: 'arrange',
    player: p.controller,
    rule: '7.0.Future Sight',
    source: p.source,
    pid: p.pid,
    at: i,
    options: top.map((c) => c.id),
  });
  return 'prompt';
}

function construct(d: Draft, p: Pending, e: EffectOf<'construct'>, i: number): 'done' | 'prompt' {
  const options = constructOptions(d.state, p.controller, e.x);
  if (options.length === 0) {
    d.auto('ConstructFoundNothing', { player: p.controller, source: p.source }, 'D30');
    shuffleSpellbook(d, p.controller, '7.0.Construct');
    return 'done';
  }
  offer(d, {
    kind: 'construct',
    player: p.controller,
    rule: '7.0.Construct',
    source: p.source,
    pid: p.pid,
    at: i,
    options,
  });
  return 'prompt';
}

function delve(d: Draft, p: Pending): void {
  const t = p.target;
  const card = t ? d.state.players[p.controller]!.archive.find((c) => c.id === t) : undefined;
  if (card)
    d.auto(
      'CardReturnedToHand',
      {
        player: p.controller,
        card,
        from: 'archive',
        hand: { id: card.id, cardId: card.cardId, oid: d.oid() },
      },
      '7.0.Delve',
    );
}

function gamble(d: Draft, p: Pending, e: EffectOf<'gamble'>, i: number): void {
  const result = d.rng.int(6) + 1;
  d.auto('DieRolled', { player: p.controller, source: p.source, sides: 6, result }, '7.0.Gamble');
  const row = e.table.find((r) => result >= r.from && result <= r.to);
  for (const sub of row?.effects ?? []) {
    if (isOver(d.state)) break;
    applyEffect(d, p, sub, i);
  }
}

/** 7.0.Construct: card names of neutral Permanent or Equip spells of level ≤ X in the spellbook (D30). */
export function constructOptions(s: ECState, player: PlayerId, x: number): string[] {
  const ids = s.players[player]!.spellbook.map(full).map((c) => c.cardId);
  return [...new Set(ids)]
    .filter((id) => {
      const def = cardDef(id);
      return (
        def.type === 'Spell' &&
        def.element === 'neutral' &&
        (def.spell === 'Permanent' || def.spell === 'Equip') &&
        def.level <= x
      );
    })
    .sort();
}

// ---------------------------------------------------------------- combat (§4.0.M3, D13–D14, D35)

interface Strike {
  from: string;
  to: string;
  /** Fixed amount (an attacker's share among blockers), else the striker's Power at the time. */
  amount: number | null;
}

export function resolveCombat(d: Draft): void {
  const a = d.state.attack;
  if (!a) return;
  const A = locate(d.state, a.attacker);
  if (!A || !inAtk(A)) return;
  const strikes: Strike[] = [];
  if (a.target !== null) {
    const T = locate(d.state, a.target);
    if (!T || !inAtk(T)) return;
    strikes.push({ from: A.perm.id, to: T.perm.id, amount: null });
    if (d.state.options.retaliation) strikes.push({ from: T.perm.id, to: A.perm.id, amount: null });
  } else {
    const blockers = a.blockers
      .map((b) => locate(d.state, b))
      .filter((w): w is Where => w !== null && inDef(w));
    if (blockers.length === 0) strikes.push({ from: A.perm.id, to: a.defendingPlayer, amount: null });
    else {
      for (const b of blockers) strikes.push({ from: b.perm.id, to: A.perm.id, amount: null });
      strikes.push({ from: A.perm.id, to: '#blockers', amount: null });
    }
  }
  const qs = (id: string) => has(locate(d.state, id)?.perm.cardId ?? '', 'Quickstriker');
  const strikers = [...new Set(strikes.map((x) => x.from))];
  const fast = strikers.filter(qs);
  // D35: Quickstriker matters only when some strikers have it and some don't.
  const phases =
    fast.length > 0 && fast.length < strikers.length
      ? [strikes.filter((x) => qs(x.from)), strikes.filter((x) => !qs(x.from))]
      : [strikes];
  for (const phase of phases) {
    // Power is read when the phase starts; creatures destroyed in an earlier phase deal no damage.
    const live = phase.flatMap((x) => {
      const w = locate(d.state, x.from);
      return w ? [{ ...x, w, amount: power(d.state, w) }] : [];
    });
    for (const x of live) {
      if (isOver(d.state)) return;
      if (x.to === '#blockers') assignToBlockers(d, x.w, x.amount, a.blockers, a.defendingPlayer);
      else if (d.state.players[x.to] || locate(d.state, x.to))
        dealDamage(d, sourceOf(x.w), x.to, x.amount, x.to === a.defendingPlayer ? '4.0.M3' : 'D14');
    }
    checkState(d);
  }
}

/** D14: lethal damage to each blocker in the declared order; the rest is lost unless Breakthrough (7.0). */
function assignToBlockers(
  d: Draft,
  A: Where,
  amount: number,
  blockerIds: string[],
  defender: PlayerId,
): void {
  let left = amount;
  const slayer = has(A.perm.cardId, 'Slayer');
  for (const id of blockerIds) {
    const b = locate(d.state, id);
    if (!b || left <= 0) continue;
    const lethal = Math.max(0, health(d.state, b) - b.perm.damage);
    const give = Math.min(left, slayer ? Math.min(1, lethal) : lethal);
    if (give > 0) dealDamage(d, sourceOf(A), id, give, 'D14');
    left -= give;
  }
  if (left > 0 && has(A.perm.cardId, 'Breakthrough'))
    dealDamage(d, sourceOf(A), defender, left, '7.0.Breakthrough');
}

// ---------------------------------------------------------------- phases (§4.0)

export function archiveSpell(d: Draft, player: PlayerId, stackId: string, rule: string): void {
  const st = d.state.players[player]!.stacks.find((x) => x.id === stackId);
  if (!st?.top) return;
  const card = asCard(st.top);
  if (has(card.cardId, 'Recover')) {
    // 7.0.Recover replaces going from the element-stone zone to the archive.
    d.auto('SpellRecovered', { player, stack: stackId, card }, '7.0.Recover');
    shuffleSpellbook(d, player, '7.0.Recover');
    return;
  }
  d.auto('SpellArchived', { player, stack: stackId, card, to: 'archive' }, rule);
}

export function startTurn(d: Draft, player: PlayerId): void {
  d.auto('TurnBegan', { turn: d.state.turn + 1, player }, '4.0');
  d.auto('PhaseBegan', { phase: 'standby', step: null }, '4.0');
  // §4.0.S1 "Put any spells on top of your element-stone-stacks into your archive": every spell, Permanent
  // ones too (§6.0 lists "Spell - Permanent" as a spell); option permanentSpellsStay keeps them (D11).
  const stay = d.state.options.permanentSpellsStay;
  for (const st of d.state.players[player]!.stacks) {
    const top = st.top ? cardDef(st.top.cardId) : null;
    if (top && top.type === 'Spell' && top.spell !== 'Equip' && !(stay && top.spell === 'Permanent'))
      archiveSpell(d, player, st.id, '4.0.S1');
  }
  settle(d);
}

/** Leaves the current phase along the machine's ADVANCE transition. */
export function advance(d: Draft): void {
  const s = d.state;
  const ap = s.activePlayer!;
  const next = nextLocation(s);
  if (s.phase === 'standby') {
    d.auto('PhaseBegan', { phase: 'draw', step: null }, next.rule);
    // §4.0: the player who goes first does not draw during their first draw phase.
    if (s.turn === 1 && ap === s.firstPlayer) d.auto('DrawSkipped', { player: ap }, '4.0');
    else if (!draw(d, ap, 1, '4.0.D1', 'draw-phase')) return;
    const hand = d.state.players[ap]!.hand.length;
    const skipped = s.turn === 1 && ap === s.firstPlayer;
    if (hand > 0 && (!skipped || s.options.redrawOnSkippedDraw))
      offer(d, { kind: 'redraw', player: ap, rule: '4.0.D2' });
    else advance(d);
    return;
  }
  if (next.phase === 'main') {
    d.auto('PhaseBegan', { phase: 'main', step: null }, next.rule);
    settle(d);
    return;
  }
  if (next.phase === 'end') {
    if (s.phase === 'draw') d.auto('MainPhaseSkipped', { player: ap }, '4.0.D2');
    d.auto('PhaseBegan', { phase: 'end', step: null }, next.rule);
    // §4.0.E1: "until end of turn" effects end (and creature damage with them, D15/D21), then "any 'at the end of
    // turn' effects trigger": both players' cards; the player whose turn it is orders them (settle).
    d.auto('EffectsExpired', { player: ap }, '4.0.E1');
    for (const w of inPlay(d.state)) {
      const eot = cardDef(w.perm.cardId).endOfTurn;
      if (eot)
        queue(d, {
          controller: w.player,
          source: w.perm.id,
          cardId: w.perm.cardId,
          label: 'At the end of turn',
          rule: '4.0.E1',
          effects: eot,
          target: null,
          purge: false,
          spell: false,
        });
    }
    const delayed = d.state.delayed;
    for (const x of delayed) queue(d, { ...x, label: 'At the end of turn', rule: '4.0.E1', target: null });
    if (delayed.length > 0) d.auto('DelayedEffectsTriggered', { count: delayed.length }, 'D47');
    settle(d);
    return;
  }
  if (next.phase === 'standby') {
    // D41: an "until end of turn" effect made (or creature damage dealt) in the End phase after §4.0.E1 still
    // ends with this turn, not during the opponent's.
    if (hasTurnLeftovers(s)) d.auto('EffectsExpired', { player: ap }, 'D41');
    d.auto('TurnEnded', { player: ap }, '4.0');
    if (s.turn >= s.options.turnLimit) {
      d.auto(
        'MatchEnded',
        { winner: null, result: `draw: turn limit of ${s.options.turnLimit} turns reached (D22)`, seed: '' },
        'D22',
      );
      return;
    }
    startTurn(d, opponentOf(s, ap));
  }
}

function hasTurnLeftovers(s: ECState): boolean {
  return s.effects.length > 0 || inPlay(s).some((w) => w.perm.damage > 0);
}

/** D19: creatures that can't leave their stack because both zones are full go to the archive. */
export function archiveStranded(d: Draft, player: PlayerId): void {
  for (const perm of creaturesToDeploy(d.state, player)) {
    const pl = d.state.players[player]!;
    if (zoneHasRoom(pl, 'atk') || zoneHasRoom(pl, 'def')) continue;
    const w = locate(d.state, perm.id);
    if (w) leavePlay(d, w, 'no-room', 'D19');
  }
  settle(d);
}
