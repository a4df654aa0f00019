// decide / setup / legalCommands. A command is checked in full first (the machine gates it by phase, step and
// Opportunity; then the card rules), so a rejection changes nothing and cites a rule (2.3.a.7: an illegal
// activation reverts to before it was declared). legalCommands lists exactly the candidates `check` accepts.
import {
  isHiddenCard,
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
  type Rng,
} from '@matchtape/engine';
import { validateDeck, type Format } from './cards/decks';
import { classBonusActive, conditionsMet, hasKeyword } from './rules';
import { CARDS, cardDef } from './cards/pool';
import type { Ability, GACardDef } from './cards/types';
import { evolve } from './evolve';
import {
  Flow,
  afterAttackDeclared,
  applyReplacement,
  attackTargets,
  continueDamage,
  finishIntercept,
  keepUnique,
  placeChosenTrigger,
  retaliationCandidates,
  collectTriggers,
  grantOpportunity,
  floatingCards,
  materializeProblem,
  newObject,
  objectAbilities,
  resolveAndContinue,
  settle,
} from './flow';
import { commandGate } from './machine';
import {
  activationCost,
  attackableBy,
  championOf,
  enabledElements,
  isAlly,
  isChampion,
  isUnit,
  objectById,
  obeys,
  unitPower,
} from './rules';
import { commandSchema, type GACommand } from './schemas';
import type { Card, GAState, Prompt, StackItem } from './types';
import { initialState } from './evolve';

export const RULES_VERSION = 'Grand Archive Comprehensive Rules, updated 4/3/23';
const DEFAULT_TURN_LIMIT = 200;

// ── Setup ──────────────────────────────────────────────────────────────────────────────────────────────

/** Two or more seats, each its own player (1.1.1, 2.12.i.1), each deck legal in the match's format (1.5.1, 1.5.2). */
function checkSeats(config: MatchConfig, format: Format): Rejection | null {
  if (config.players.length < 2)
    return reject('1.1.1', 'Grand Archive is played between two or more players; give at least two seats');
  const ids = config.players.map((p) => p.id);
  if (new Set(ids).size !== ids.length) return reject('2.12.i.1', 'every seat needs its own player id');
  for (const seat of config.players) {
    const problems = validateDeck(seat.deck, format);
    if (problems.length > 0)
      return reject(
        format === 'draft' ? '1.5.2' : '1.5.1',
        `${seat.id}'s deck is not legal: ${problems.join('; ')}`,
      );
  }
  return null;
}

/**
 * 1.3.1: a seat's decks set out, the main deck shuffled (or, for a scripted scenario, the named hand and deck top
 * first and the rest in list order), every card in a hidden zone with its opaque id.
 */
function setOutDecks(f: Flow, config: MatchConfig, seat: MatchConfig['players'][number], rng: Rng): void {
  const p = seat.id;
  const cards: Card[] = seat.deck.main.map((cardId, i) => ({ id: `${p}-c${i + 1}`, cardId }));
  const stack = config.stack?.[p];
  let hand: Card[] = [];
  let main: Card[];
  let shuffled = false;
  if (stack) {
    // Scripted scenarios: the named hand and deck top (top first), the rest in list order; no shuffle.
    const pool = [...cards];
    const take = (cardId: string): Card => {
      const i = pool.findIndex((c) => c.cardId === cardId);
      if (i < 0)
        throw new Error(`stack for ${p} names ${cardId}, which is not (or no longer) in the deck list`);
      return pool.splice(i, 1)[0]!;
    };
    hand = (stack.hand ?? []).map(take);
    const top = (stack.deck ?? []).map(take);
    main = [...top, ...pool];
  } else {
    // 1.3.1: the main deck starts shuffled.
    const perm = rng.permutation(cards.length);
    main = perm.map((i) => cards[i]!);
    shuffled = true;
  }
  const withOid = (c: Card): Card => ({ ...c, oid: rng.opaqueId() });
  const mainCards = main.map(withOid);
  const material = (seat.deck.extra?.material ?? []).map((cardId, i) =>
    withOid({ id: `${p}-m${i + 1}`, cardId }),
  );
  const handCards = hand.map(withOid);
  f.emit(
    'DeckSetOut',
    {
      player: p,
      main: mainCards,
      mainOids: mainCards.map((c) => c.oid!),
      material,
      materialOids: material.map((c) => c.oid!),
      hand: handCards,
      handOids: handCards.map((c) => c.oid!),
      shuffled,
    },
    { rule: '1.3.1', auto: true },
  );
}

export function setup(config: MatchConfig, ctx: DecideContext & { seedCommitment: string }): Decision {
  const rng = ctx.rng;
  const format: Format = config.options?.format === 'draft' ? 'draft' : 'constructed';
  const refused = checkSeats(config, format);
  if (refused) return refused;
  const ids = config.players.map((p) => p.id);
  const turnLimit =
    typeof config.options?.turnLimit === 'number' ? config.options.turnLimit : DEFAULT_TURN_LIMIT;
  const f = new Flow(initialState(), rng);
  f.emit(
    'MatchStarted',
    {
      seedCommitment: ctx.seedCommitment,
      matchId: config.matchId,
      players: config.players.map((p) => ({ id: p.id, name: p.name })),
      rulesVersion: RULES_VERSION,
      turnLimit,
      format,
    },
    { rule: '1.3.1', auto: true },
  );
  for (const seat of config.players) setOutDecks(f, config, seat, rng);
  const forced = config.options?.firstPlayer;
  if (typeof forced === 'string' && ids.includes(forced as PlayerId)) {
    f.emit('FirstPlayerChosen', { player: forced, method: 'agreed' }, { rule: '1.3.2', auto: true });
  } else {
    const first = ids[rng.int(ids.length)]!;
    f.emit('FirstPlayerChosen', { player: first, method: 'random' }, { rule: '1.3.2', auto: true });
  }
  settle(f);
  return f.done();
}

// ── Checking a command ─────────────────────────────────────────────────────────────────────────────────

type Check = Rejection | null;

function handCard(s: GAState, p: PlayerId, id: string): Card | undefined {
  const c = s.players[p]!.hand.find((x) => x.id === id);
  return c && !isHiddenCard(c) ? c : undefined;
}

/** Legal targets for an ability's target spec, from `p`'s point of view. */
export function targetsFor(
  s: GAState,
  p: PlayerId,
  spec: NonNullable<Extract<Ability, { kind: 'resolve' }>['target']>,
  spell: boolean,
): string[] {
  switch (spec) {
    case 'unit':
    case 'opponent-unit':
    case 'ally':
    case 'your-ally':
      return s.field
        .filter((o) => {
          if (spec === 'ally' || spec === 'your-ally' ? !isAlly(s, o) : !isUnit(s, o)) return false;
          if (spec === 'opponent-unit' && o.controller === p) return false;
          if (spec === 'your-ally' && o.controller !== p) return false;
          return !(spell && hasKeyword(s, o, 'Spellshroud')); // X.A.21
        })
        .map((o) => o.id);
    case 'graveyard-card':
      return s.order.flatMap((q) => s.players[q]!.graveyard.map((c) => c.id));
    case 'stack-attack-card':
      return s.stack
        .filter((x) => x.card !== null && cardDef(s, x.card.cardId).type === 'attack')
        .map((x) => x.sid);
  }
}

function slowOk(s: GAState, p: PlayerId): boolean {
  return s.activePlayer === p && s.phase === 'main' && s.stack.length === 0 && s.combat === null;
}

/**
 * Why a slow card can't be activated now, by the rule whose text says so: the non-turn player never (2.8.a.2.b);
 * outside the main phase an ally (X.B.36.b: "only being able to be activated by the turn player during their main
 * phase") or any other slow card (1.2.1.b: slow player actions "during their main phase"); in the main phase, not
 * with effects on the Effects Stack (2.8.a.2.a).
 */
function slowProblem(s: GAState, p: PlayerId, d: GACardDef): Check {
  if (s.activePlayer !== p)
    return reject('2.8.a.2.b', `${d.name} is slow: the non-turn player can't perform slow player actions`);
  if (s.phase !== 'main' || s.combat !== null)
    return d.type === 'ally'
      ? reject(
          'X.B.36.b',
          `${d.name} is an ally: allies are activated only by the turn player during their main phase (now: ${s.phase})`,
        )
      : reject(
          '1.2.1.b',
          `${d.name} is slow: the turn player performs slow player actions during their main phase (now: ${s.phase})`,
        );
  return reject('2.8.a.2.a', `${d.name} is slow: only with Opportunity and an empty Effects Stack`);
}

/** A defending unit of `p` whose power is 0 or less can't retaliate, whatever the step (2.2.g.i.2.b). */
function powerlessRetaliator(s: GAState, p: PlayerId, unit: unknown): Check {
  const u = typeof unit === 'string' ? objectById(s, unit) : undefined;
  const c = s.combat;
  if (!u || !c || u.controller !== p || c.defendingPlayer !== p || isChampion(s, u)) return null;
  if (!(c.cleave ? isUnit(s, u) : c.target === u.id) || unitPower(s, u) > 0) return null;
  return reject('2.2.g.i.2.b', `${cardDef(s, u.cardId).name} has no power stat above 0 and can't retaliate`);
}

export function check(
  s: GAState,
  c: GACommand & { player: PlayerId },
  gateCache?: Map<string, Check>,
): Check {
  const p = c.player;
  if (s.status !== 'playing')
    return reject(
      s.status === 'ended' ? '1.4.1' : '1.3.1',
      s.status === 'ended' ? 'the match is over' : 'the match has not started',
    );
  if (!s.order.includes(p)) return reject('2.12.i.1', `${p} is not a player in this match`);
  // 2.3.b.1.a: one materialization per materialize phase, whatever phase the game is in now.
  if (c.type === 'Materialize' && s.players[p]!.materializedThisPhase)
    return reject(
      '2.3.b.1.a',
      'you already materialized this turn; a player materializes once per materialize phase',
    );
  if (c.type === 'DeclareRetaliation') {
    const powerless = powerlessRetaliator(s, p, c.unit);
    if (powerless) return powerless;
  }
  if (c.type !== 'Concede') {
    let gate = gateCache?.get(c.type);
    if (gate === undefined) {
      const r = commandGate(s, c.type, p);
      gate = r.ok ? null : reject(r.rule, r.reason);
      gateCache?.set(c.type, gate);
    }
    if (gate) return gate;
  }
  return commandRule(COMMANDS, c.type)!.check(s, c, p);
}

// ── Executing a command ────────────────────────────────────────────────────────────────────────────────

export function decide(s: GAState, command: Command, ctx: DecideContext): Decision {
  const parsed = commandSchema.safeParse(command);
  // 2.12.i.1: an action that contradicts the rules' shape of a player action is illegal.
  if (!parsed.success)
    return reject(
      '2.12.i.1',
      `malformed command: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  const c = { ...parsed.data, player: command.player } as GACommand & { player: PlayerId };
  const problem = check(s, c);
  if (problem) return problem;
  const f = new Flow(s, ctx.rng);
  execute(f, c);
  return f.done();
}

function finishActivation(f: Flow): void {
  const pend = f.state.pending!;
  const p = pend.player;
  const d = cardDef(f.state, pend.card.cardId);
  if (d.type === 'attack') {
    const champ = championOf(f.state, p)!;
    f.emit('ObjectRested', { object: champ.id, reason: 'attack cost' }, { rule: '1.7.d.2' });
  }
  if (pend.prepared) {
    const champ = championOf(f.state, p)!;
    const n = d.keywords.find((k) => k.keyword === 'Prepare')?.n ?? 0;
    f.emit('CountersChanged', { object: champ.id, kind: 'preparation', delta: -n }, { rule: 'X.A.18.c' });
  }
  const selected = f.state.players[p]!.hand.filter((x): x is Card => !isHiddenCard(x) && x.selected === true);
  if (selected.length > 0)
    f.emit(
      'CardsMoved',
      {
        reason: 'reserve',
        player: p,
        moves: selected.map((x) => ({
          owner: p,
          id: x.id,
          cardId: x.cardId,
          from: 'hand',
          to: 'memory',
          fromOid: x.oid ?? null,
          toOid: f.oid(),
        })),
      },
      { rule: '2.3.c.1' },
    );
  const item: StackItem = {
    sid: `s${f.state.serial + 1}`,
    controller: p,
    kind: 'card',
    card: pend.card,
    sourceCardId: pend.card.cardId,
    source: null,
    ability: 0,
    target: pend.target,
    materialized: pend.materialize,
    weapon: pend.weapon,
    label: pend.prepared ? `${d.name} (prepared)` : d.name,
    ...(pend.prepared ? { prepared: true } : {}),
  };
  f.emit('ActivationPlaced', { item }, { rule: pend.materialize ? '2.3.b.9' : '2.3.a.9' });
  grantOpportunity(f, pend.materialize ? '2.3.b.9' : '2.3.a.9');
  settle(f);
}

/** A materialization's memory cost: the declared floating memory first (X.A.7.b), the rest at random. */
function payMemoryCost(f: Flow, p: PlayerId, memory: number, fl: readonly string[]): void {
  if (fl.length > 0) {
    // X.A.7.c: floating memory is declared and banished before the random part of the cost.
    const gy = f.state.players[p]!.graveyard;
    f.emit(
      'CardsMoved',
      {
        reason: 'floating-memory',
        player: p,
        moves: fl.map((id) => ({
          owner: p,
          id,
          cardId: gy.find((x) => x.id === id)!.cardId,
          from: 'graveyard',
          to: 'banishment',
          fromOid: null,
          toOid: null,
        })),
      },
      { rule: 'X.A.7.b' },
    );
  }
  const n = memory - fl.length;
  if (n > 0) {
    // 2.3.c.2.a: memory costs banish cards chosen uniformly at random (memory sorted by id first, so replays agree).
    const pool = f.state.players[p]!.memory.filter((x): x is Card => !isHiddenCard(x)).sort((a, b) =>
      a.id < b.id ? -1 : 1,
    );
    const chosen: Card[] = [];
    for (let i = 0; i < n; i++) chosen.push(pool.splice(f.rng.int(pool.length), 1)[0]!);
    f.emit(
      'CardsMoved',
      {
        reason: 'memory-cost',
        player: p,
        moves: chosen.map((x) => ({
          owner: p,
          id: x.id,
          cardId: x.cardId,
          from: 'memory',
          to: 'banishment',
          fromOid: x.oid ?? null,
          toOid: null,
        })),
      },
      { rule: '2.3.c.2.a' },
    );
  }
}

function execute(f: Flow, c: GACommand & { player: PlayerId }): void {
  commandRule(COMMANDS, c.type)!.perform(f, c, c.player);
}

/** Every command: `check` (the rules it must meet once the machine gate passed) and `perform` (its events). */
const COMMANDS: CommandTable<GAState, GACommand, Flow> = {
  Concede: {
    check: allowed,
    perform(f, _c, p) {
      f.emit('PlayerConceded', { player: p }, { rule: '2.12.c.1' });
      settle(f);
    },
  },
  PassOpportunity: {
    check: allowed,
    perform(f, _c, p) {
      const s = f.state;
      const w = s.priority!;
      const allPassed = new Set([...w.passed, w.holder]).size >= w.order.length;
      f.emit('OpportunityPassed', { player: p }, { rule: '2.8.b.1.c' });
      if (allPassed && f.state.stack.length > 0) resolveAndContinue(f);
      else settle(f);
    },
  },
  PlaceStartingChampion: {
    check(s, c, p) {
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card);
      if (!card || isHiddenCard(card)) return reject('1.3.3', `${c.card} is not in your material deck`);
      const d = cardDef(s, card.cardId);
      if (d.type !== 'champion' || d.level !== 0 || !d.subtypes.includes('Spirit'))
        return reject('1.3.3', `${d.name} is not a Lv 0 Spirit champion`);
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card) as Card;
      const obj = newObject(s, { id: card.id, cardId: card.cardId }, p);
      f.emit(
        'StartingChampionPlaced',
        { player: p, object: obj, fromOid: card.oid ?? null },
        { rule: '1.3.3' },
      );
      collectTriggers(f, obj, 'enter'); // X.A.14.b
      settle(f);
    },
  },
  DeclineMaterialize: {
    check: allowed,
    perform(f, _c, p) {
      f.emit('MaterializationDeclined', { player: p }, { rule: '2.2.b.4' });
      settle(f);
    },
  },
  ReturnPreserved: {
    check(s, c, p) {
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card);
      if (!card || isHiddenCard(card) || !card.preserved)
        return reject('X.A.19.d', `${c.card} is not a Preserved card in your material deck`);
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      // X.A.19.d: instead of materializing, a Preserved card returns to hand; not a materialization.
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card) as Card;
      f.emit(
        'CardsMoved',
        {
          reason: 'preserved-return',
          player: p,
          moves: [
            {
              owner: p,
              id: card.id,
              cardId: card.cardId,
              from: 'materialDeck',
              to: 'hand',
              fromOid: null,
              toOid: f.oid(),
              fromPreserved: true,
            },
          ],
        },
        { rule: 'X.A.19.d' },
      );
      f.emit('PreservedReturned', { player: p }, { rule: 'X.A.19.d.i' });
      settle(f);
    },
  },
  Materialize: {
    check(s, c, p) {
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card);
      if (!card || isHiddenCard(card)) return reject('2.2.b.3.a', `${c.card} is not in your material deck`);
      const fl = c.floating ?? [];
      if (fl.length > 0) {
        const avail = floatingCards(s, p).map((x) => x.id);
        if (new Set(fl).size !== fl.length || fl.some((id) => !avail.includes(id)))
          return reject(
            'X.A.7.b',
            'floating memory must be distinct cards with active Floating Memory in your graveyard',
          );
        if (fl.some((id, i) => i > 0 && fl[i - 1]! > id))
          return reject('X.A.7.c', 'list the floating memory cards in ascending id order');
      }
      const why = materializeProblem(s, p, card, fl.length);
      return why ? reject(why.rule, why.reason) : null;
    },
    perform(f, c, p) {
      const s = f.state;
      const card = s.players[p]!.materialDeck.find((x) => x.id === c.card) as Card;
      const d = cardDef(s, card.cardId);
      const champ = d.type === 'champion' ? championOf(s, p) : undefined;
      f.emit(
        'ActivationDeclared',
        {
          player: p,
          card: { id: card.id, cardId: card.cardId },
          from: 'materialDeck',
          fromOid: card.oid ?? null,
          target: champ?.id ?? null,
          weapon: null,
          reserve: 0,
          memory: d.cost?.n ?? 0,
          materialize: true,
        },
        { rule: '2.3.b.2' },
      );
      payMemoryCost(f, p, d.cost?.n ?? 0, c.floating ?? []);
      finishActivation(f);
    },
  },
  ActivateCard: {
    check(s, c, p) {
      const card = handCard(s, p, c.card);
      if (!card) return reject('2.3.a.10', `${c.card} is not in your hand; cards are activated from hand`);
      const d = cardDef(s, card.cardId);
      // Champions and regalia start in the material deck and are materialized from it (1.7.a.1, 1.7.h.3, 2.2.b.3.a).
      if (d.type === 'champion')
        return reject(
          '1.7.a.1',
          `${d.name} is a champion: champions are materialized from the material deck, not activated`,
        );
      if (d.supertypes.includes('regalia'))
        return reject(
          '1.7.h.3',
          `${d.name} is a regalia: regalia are materialized from the material deck, not activated`,
        );
      if (!enabledElements(s, p).includes(d.element))
        return reject(
          '1.6.d.2',
          `the ${d.element} element is not enabled for you (your champion's lineage enables ${enabledElements(s, p).join(', ')})`,
        );
      const slow = d.type !== 'action' || d.speed !== 'fast';
      if (slow && !slowOk(s, p)) return slowProblem(s, p, d);
      const res = d.abilities.find((a) => a.kind === 'resolve');
      const spec = res && res.kind === 'resolve' ? res.target : undefined;
      if (spec) {
        if (c.target === undefined) return reject('2.3.a.5', `${d.name} needs a target`);
        if (!targetsFor(s, p, spec, d.subtypes.includes('Spell')).includes(c.target))
          return targetsFor(s, p, spec, false).includes(c.target)
            ? reject(
                'X.A.21.a',
                `${c.target} has Spellshroud and can't be targeted by Spell cards such as ${d.name}`,
              )
            : reject('2.7.6.a', `${c.target} is not a legal target for ${d.name} (${spec})`);
      } else if (c.target !== undefined) return reject('2.3.a.5', `${d.name} has no target`);
      if (d.type === 'attack') {
        const champ = championOf(s, p);
        if (!champ)
          return reject('1.7.d.2', 'an attack card is performed through your champion; you have none');
        if (champ.rested) return reject('X.B.3.b', 'your champion is rested; attacking rests it as a cost');
        if (c.weapon !== undefined) {
          const w = objectById(s, c.weapon);
          if (!w || w.controller !== p || cardDef(s, w.cardId).type !== 'weapon')
            return reject('2.6.5.b', `${c.weapon} is not a weapon you control`);
        }
      } else if (c.weapon !== undefined) return reject('2.6.5.b', 'only attack cards announce a weapon');
      if (c.prepare) {
        // X.A.18.a-c: an optional additional cost — remove exactly N preparation counters from your champion.
        const n = d.keywords.find((k) => k.keyword === 'Prepare')?.n;
        if (n === undefined) return reject('X.A.18.a', `${d.name} has no Prepare`);
        const champ = championOf(s, p);
        if (!champ || (champ.counters.preparation ?? 0) < n)
          return reject('X.A.18.c', `Prepare ${n} needs ${n} preparation counters on your champion`);
      }
      const cost = activationCost(s, p, d);
      const others = s.players[p]!.hand.length - 1;
      if (others < cost)
        return reject('2.3.a.8', `${d.name} costs ${cost} reserve; you have ${others} other card(s) in hand`);
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      const card = handCard(s, p, c.card)!;
      const d = cardDef(s, card.cardId);
      const cost = activationCost(s, p, d);
      f.emit(
        'ActivationDeclared',
        {
          player: p,
          card: { id: card.id, cardId: card.cardId },
          from: 'hand',
          fromOid: card.oid ?? null,
          target: c.target ?? null,
          weapon: c.weapon ?? null,
          reserve: cost,
          memory: 0,
          materialize: false,
          ...(c.prepare ? { prepared: true } : {}),
        },
        { rule: '2.3.a.2' },
      );
      if (cost === 0) finishActivation(f);
    },
  },
  SelectReserve: {
    check(s, c, p) {
      const card = handCard(s, p, c.card);
      if (!card) return reject('1.6.b.4.a', `${c.card} is not a card in your hand`);
      if (card.selected) return reject('2.3.c.1.b', `${c.card} is already chosen for this payment`);
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      const card = handCard(s, p, c.card)!;
      f.emit('ReserveSelected', { player: p, card: card.id, oid: card.oid ?? null }, { rule: '2.3.c.1.a' });
      if (f.state.pending && f.state.pending.selected >= f.state.pending.cost) finishActivation(f);
    },
  },
  CancelActivation: {
    check: allowed,
    perform(f, _c, p) {
      const s = f.state;
      const pend = s.pending!;
      f.emit(
        'ActivationCanceled',
        { player: p, card: pend.card, from: pend.from, toOid: f.oid() },
        { rule: '2.3.a.8' },
      );
    },
  },
  ActivateAbility: {
    check(s, c, p) {
      const o = objectById(s, c.source);
      if (!o || o.controller !== p) return reject('2.4.a.1', `${c.source} is not an object you control`);
      const ref = objectAbilities(s, o)[c.ability];
      const a = ref?.ability;
      if (!ref || !a || a.kind !== 'activated')
        return reject('2.4.a.2', `${cardDef(s, o.cardId).name} has no activated ability #${c.ability}`);
      if (a.classBonus && !classBonusActive(s, p, cardDef(s, ref.cardId)))
        return reject('X.A.1.c', 'its Class Bonus is not met: your champion does not share a class with it');
      if (!conditionsMet(s, p, cardDef(s, ref.cardId), a))
        return reject(
          a.levelAtLeast !== undefined ? 'X.A.25.a' : 'X.A.6.a',
          'its Element Bonus or Level Restriction is not met',
        );
      if (!obeys(s, o))
        return reject(
          'X.B.24.a',
          `${cardDef(s, o.cardId).name} does not obey you (Pride, X.A.20.a): you can't activate its abilities`,
        );
      if (a.cost.rest && o.rested)
        return reject('X.B.3.b', `${cardDef(s, o.cardId).name} is rested and can't pay a REST cost`);
      const rc = a.cost.removeCounters;
      if (rc && (o.counters[rc.kind] ?? 0) < rc.n)
        return reject('2.11.4', `needs ${rc.n} ${rc.kind} counter(s); it has ${o.counters[rc.kind] ?? 0}`);
      if (a.target) {
        if (c.target === undefined) return reject('2.4.a.1', 'this ability needs a target');
        if (!targetsFor(s, p, a.target, false).includes(c.target))
          return reject('2.7.6.a', `${c.target} is not a legal target for this ability (${a.target})`);
      } else if (c.target !== undefined) return reject('2.4.a.1', 'this ability has no target');
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      const o = objectById(s, c.source)!;
      const ref = objectAbilities(s, o)[c.ability]!;
      const a = ref.ability;
      if (a.kind !== 'activated') return;
      if (a.cost.rest) f.emit('ObjectRested', { object: o.id, reason: 'cost' }, { rule: '2.4.a.1' });
      const rc = a.cost.removeCounters;
      if (rc) f.emit('CountersChanged', { object: o.id, kind: rc.kind, delta: -rc.n }, { rule: '2.11.4' });
      const item: StackItem = {
        sid: `s${f.state.serial + 1}`,
        controller: p,
        kind: 'ability',
        card: null,
        sourceCardId: ref.cardId,
        source: o.id,
        ability: ref.index,
        target: c.target ?? null,
        materialized: false,
        weapon: null,
        label: `${cardDef(s, ref.cardId).name}: ${a.text}`,
      };
      if (a.cost.banishSelf)
        f.emit(
          'ObjectLeftField',
          { object: o.id, cardId: o.cardId, to: 'banishment', reason: 'cost' },
          { rule: 'X.B.4.a' },
        );
      f.emit('AbilityActivated', { item }, { rule: '2.4.a.4' });
      if (a.cost.banishSelf) collectTriggers(f, o, 'leave');
      grantOpportunity(f, '2.4.a.4');
      settle(f);
    },
  },
  DeclareAttack: {
    check(s, c, p) {
      const a = objectById(s, c.attacker);
      if (!a || a.controller !== p || !isUnit(s, a))
        return reject('2.6.1', `${c.attacker} is not a unit you control`);
      if (a.rested)
        return reject(
          'X.B.3.b',
          `${cardDef(s, a.cardId).name} is rested; only an awake unit can attack (attacking rests it)`,
        );
      if (!obeys(s, a))
        return reject(
          'X.B.24.a',
          `${cardDef(s, a.cardId).name} does not obey you (Pride ${cardDef(s, a.cardId).keywords.find((k) => k.keyword === 'Pride')?.n}, X.A.20.a): you can't attack with it`,
        );
      let weapon = null;
      if (isAlly(s, a)) {
        if (c.weapon !== undefined) return reject('1.7.f.3.a', 'allies cannot use weapons');
        if (unitPower(s, a) <= 0) return reject('2.6.1.c', `${cardDef(s, a.cardId).name} has no power`);
      } else {
        if (c.weapon === undefined)
          return reject('1.7.a.8.a', 'champions have no power: attack with a weapon or an attack card');
        weapon = objectById(s, c.weapon) ?? null;
        if (!weapon || weapon.controller !== p || cardDef(s, weapon.cardId).type !== 'weapon')
          return reject('1.7.a.8', `${c.weapon} is not a weapon you control`);
        if ((cardDef(s, weapon.cardId).power ?? 0) <= 0)
          return reject('2.9.7', 'a champion can only attack with more than 0 power');
      }
      if (c.opponent !== undefined) {
        // X.A.2.a.i: with Cleave the attacking player names the opponent receiving the attack, not a target.
        if (c.target !== undefined)
          return reject('X.A.2.b', 'an attack with Cleave names an opponent, not a target');
        if (!hasKeyword(s, a, 'Cleave') && !(weapon && hasKeyword(s, weapon, 'Cleave')))
          return reject('X.A.2.a', 'only an attack with Cleave can attack a player');
        if (c.opponent === p || !s.order.includes(c.opponent as PlayerId) || s.players[c.opponent]!.lost)
          return reject('X.A.2.a.i', `${c.opponent} is not an opponent in the game`);
        return null;
      }
      const t = objectById(s, c.target);
      if (!t || !isUnit(s, t)) return reject('2.6.1', `${c.target ?? '(none)'} is not a unit on the field`);
      if (t.controller === p) return reject('2.6.11', 'players can’t attack their own units');
      if (!attackableBy(s, t, a, weapon))
        return reject(
          'X.A.22.a',
          `${cardDef(s, t.cardId).name} has stealth and can't be targeted by attacks unless the attacker or its weapon has True Sight (X.A.23.a)`,
        );
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      const a = objectById(s, c.attacker)!;
      f.emit('ObjectRested', { object: a.id, reason: 'attack cost' }, { rule: '2.6.1.d' });
      if (c.opponent !== undefined)
        f.emit(
          'AttackDeclared',
          {
            player: p,
            attacker: a.id,
            target: null,
            defendingPlayer: c.opponent,
            weapon: c.weapon ?? null,
            attackCard: null,
            cleave: true,
          },
          { rule: 'X.A.2.a.i' },
        );
      else {
        const t = objectById(s, c.target)!;
        f.emit(
          'AttackDeclared',
          {
            player: p,
            attacker: a.id,
            target: t.id,
            defendingPlayer: t.controller,
            weapon: c.weapon ?? null,
            attackCard: null,
          },
          { rule: '2.6.7.a' },
        );
      }
      settle(f);
    },
  },
  ChooseAttackTarget: {
    check(s, c, p) {
      if (attackTargets(s).some((o) => o.id === c.target)) return null;
      const t = objectById(s, c.target);
      if (!t || !isUnit(s, t))
        return reject('X.B.38.b', `${c.target} is not a unit on the field; only units can be attacked`);
      if (t.controller === p) return reject('2.6.11', 'players can’t attack their own units');
      return reject(
        'X.A.22.a',
        `${cardDef(s, t.cardId).name} has stealth and can't be targeted by attacks unless the attacker or its weapon has True Sight (X.A.23.a)`,
      );
    },
    perform(f, c, p) {
      const s = f.state;
      const t = objectById(s, c.target)!;
      const cb = s.combat!;
      f.emit(
        'AttackDeclared',
        {
          player: p,
          attacker: cb.attacker,
          target: t.id,
          defendingPlayer: t.controller,
          weapon: cb.weapon,
          attackCard: cb.attackCard,
        },
        { rule: '2.6.3' },
      );
      afterAttackDeclared(f);
      settle(f);
    },
  },
  DeclareRetaliation: {
    check(s, c, p) {
      if (retaliationCandidates(s).some((o) => o.id === c.unit)) return null;
      const u = objectById(s, c.unit);
      if (
        u &&
        u.rested &&
        retaliationCandidates({
          ...s,
          field: s.field.map((o) => (o.id === u.id ? { ...o, rested: false } : o)),
        }).some((o) => o.id === u.id)
      )
        return reject(
          'X.B.30.a.i',
          `${cardDef(s, u.cardId).name} is rested: resting is the cost of retaliating, so rested units can't retaliate`,
        );
      if (u && isChampion(s, u) && u.controller === p)
        return reject(
          '1.7.a.8.a',
          `${cardDef(s, u.cardId).name} is a champion: champions have no power stat and can't inherently retaliate`,
        );
      return reject('2.2.g.i.2', `${c.unit} is not an awake defending unit of yours that can retaliate`);
    },
    perform(f, c, p) {
      const s = f.state;
      const u = objectById(s, c.unit)!;
      f.emit('ObjectRested', { object: u.id, reason: 'retaliation cost' }, { rule: '2.2.g.i.2' });
      f.emit(
        'RetaliationDeclared',
        { player: p, unit: u.id, against: s.combat!.attacker },
        { rule: '2.2.g.i.2.a' },
      );
      settle(f);
    },
  },
  DeclineRetaliation: {
    check: allowed,
    perform(f, _c, p) {
      f.emit('RetaliationDeclined', { player: p }, { rule: '2.2.g.i.2' });
      settle(f);
    },
  },
  Intercept: {
    check(s, c) {
      const pr = s.prompt;
      if (pr?.kind !== 'intercept' || pr.ally !== c.ally)
        return reject(
          'X.A.10.a',
          `${c.ally} is not the ally whose Intercept is resolving${pr?.kind === 'intercept' ? ` (that is ${pr.ally})` : ''}`,
        );
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      // X.A.10.c: the attack now targets the ally, which may retaliate if awake.
      const pr = s.prompt as Extract<Prompt, { kind: 'intercept' }>;
      f.emit('AttackRedirected', { player: p, ally: c.ally, from: s.combat!.target }, { rule: 'X.A.10.a' });
      finishIntercept(f, pr.sid);
    },
  },
  DeclineIntercept: {
    check: allowed,
    perform(f, _c, p) {
      const s = f.state;
      const pr = s.prompt as Extract<Prompt, { kind: 'intercept' }>;
      f.emit('InterceptDeclined', { player: p }, { rule: 'X.A.10.a' });
      finishIntercept(f, pr.sid);
    },
  },
  ApplyReplacement: {
    check(s, c) {
      const pr = s.prompt;
      if (pr?.kind !== 'orderReplacements' || !pr.options.includes(c.effect))
        return reject(
          pr?.kind === 'orderReplacements' ? pr.rule : '2.5.b.2',
          `${c.effect} is not one of the replacement effects still to apply${pr?.kind === 'orderReplacements' ? ` (${pr.options.join(', ')})` : ''}`,
        );
      return null;
    },
    perform(f, c) {
      const s = f.state;
      const pr = s.prompt as Extract<Prompt, { kind: 'orderReplacements' }>;
      applyReplacement(f, pr.instance, c.effect, false);
      continueDamage(f);
    },
  },
  KeepUnique: {
    check(s, c) {
      const pr = s.prompt;
      if (pr?.kind !== 'keepUnique' || !pr.objects.includes(c.object))
        return reject(
          '1.7.h.2.i',
          `${c.object} is not one of the unique objects to choose from${pr?.kind === 'keepUnique' ? ` (${pr.objects.join(', ')})` : ''}`,
        );
      return null;
    },
    perform(f, c) {
      keepUnique(f, c.object);
    },
  },
  PlaceTrigger: {
    check(s, c) {
      const pr = s.prompt;
      if (pr?.kind !== 'orderTriggers' || !pr.options.includes(c.trigger))
        return reject(
          '2.4.b.6',
          `${c.trigger} is not one of your triggers waiting to go on the stack${pr?.kind === 'orderTriggers' ? ` (${pr.options.join(', ')})` : ''}`,
        );
      return null;
    },
    perform(f, c) {
      placeChosenTrigger(f, c.trigger);
    },
  },
  DiscardForCritical: {
    check(s, c, p) {
      const card = handCard(s, p, c.card);
      if (!card) return reject('X.A.3.a', `${c.card} is not a card in your hand`);
      if (card.selected) return reject('X.A.3.a', `${c.card} is already chosen to discard`);
      return null;
    },
    perform(f, c, p) {
      const s = f.state;
      const card = handCard(s, p, c.card)!;
      f.emit(
        'CriticalCardSelected',
        { player: p, card: card.id, oid: card.oid ?? null },
        { rule: 'X.A.3.a' },
      );
      const cr = f.state.combat!.critical!;
      if (cr.selected >= cr.n) {
        const chosen = f.state.players[p]!.hand.filter(
          (x): x is Card => !isHiddenCard(x) && x.selected === true,
        );
        f.emit(
          'CardsMoved',
          {
            reason: 'critical',
            player: p,
            moves: chosen.map((x) => ({
              owner: p,
              id: x.id,
              cardId: x.cardId,
              from: 'hand',
              to: 'graveyard',
              fromOid: x.oid ?? null,
              toOid: null,
            })),
          },
          { rule: 'X.B.11.a' },
        );
        f.emit(
          'CriticalSettled',
          { player: p, doubled: false, ...(cr.source ? { source: cr.source } : {}) },
          { rule: 'X.A.3.a' },
        );
        settle(f);
      }
    },
  },
  DeclineCritical: {
    check: allowed,
    perform(f, _c, p) {
      const source = f.state.combat?.critical?.source;
      f.emit(
        'CriticalSettled',
        { player: p, doubled: true, ...(source ? { source } : {}) },
        { rule: 'X.A.3.a' },
      );
      settle(f);
    },
  },
};

// ── legalCommands: every candidate, filtered by the same check ─────────────────────────────────────────

/**
 * The material deck: the starting champion, a Preserved card back to hand, and each card to materialize with every
 * ascending selection of floating memory up to its cost (X.A.7).
 */
function materialOffers(s: GAState, p: PlayerId): GACommand[] {
  const out: GACommand[] = [];
  const pl = s.players[p]!;
  for (const c of pl.materialDeck) {
    if (isHiddenCard(c)) continue;
    out.push({ type: 'PlaceStartingChampion', card: c.id });
    if (c.preserved) out.push({ type: 'ReturnPreserved', card: c.id });
    // X.A.7: every ascending selection of floating memory cards, up to the cost.
    const fm = floatingCards(s, p).map((x) => x.id);
    const n = cardDef(s, c.cardId).cost?.n ?? 0;
    const subsets: string[][] = [[]];
    for (const id of fm) for (const sub of [...subsets]) if (sub.length < n) subsets.push([...sub, id]);
    for (const sub of subsets)
      out.push({ type: 'Materialize', card: c.id, ...(sub.length > 0 ? { floating: sub } : {}) });
  }
  return out;
}

/** The hand: a card to reserve, and a card to activate with each target, weapon and Prepare choice. */
function handOffers(s: GAState, p: PlayerId): GACommand[] {
  const out: GACommand[] = [];
  const pl = s.players[p]!;
  const gateActivate = commandGate(s, 'ActivateCard', p).ok;
  const gateReserve = commandGate(s, 'SelectReserve', p).ok;
  for (const c of pl.hand) {
    if (isHiddenCard(c)) continue;
    if (gateReserve) out.push({ type: 'SelectReserve', card: c.id });
    if (!gateActivate) continue;
    const d = cardDef(s, c.cardId);
    const res = d.abilities.find((a) => a.kind === 'resolve');
    const targets =
      res && res.kind === 'resolve' && res.target
        ? targetsFor(s, p, res.target, d.subtypes.includes('Spell'))
        : [undefined];
    const weapons =
      d.type === 'attack'
        ? [
            undefined,
            ...s.field
              .filter((o) => o.controller === p && cardDef(s, o.cardId).type === 'weapon')
              .map((o) => o.id),
          ]
        : [undefined];
    const prepares = d.keywords.some((k) => k.keyword === 'Prepare') ? [false, true] : [false];
    for (const t of targets)
      for (const w of weapons)
        for (const pr of prepares)
          out.push({
            type: 'ActivateCard',
            card: c.id,
            ...(t !== undefined ? { target: t } : {}),
            ...(w !== undefined ? { weapon: w } : {}),
            ...(pr ? { prepare: true } : {}),
          });
  }
  return out;
}

/** The activated abilities of the objects `p` controls, with each target. */
function abilityOffers(s: GAState, p: PlayerId): GACommand[] {
  const out: GACommand[] = [];
  if (commandGate(s, 'ActivateAbility', p).ok)
    for (const o of s.field) {
      if (o.controller !== p) continue;
      objectAbilities(s, o).forEach(({ ability: a }, i) => {
        if (a.kind !== 'activated') return;
        const targets = a.target ? targetsFor(s, p, a.target, false) : [undefined];
        for (const t of targets)
          out.push({
            type: 'ActivateAbility',
            source: o.id,
            ability: i,
            ...(t !== undefined ? { target: t } : {}),
          });
      });
    }
  return out;
}

/** Each unit `p` controls attacking each opposing unit or opponent, with each weapon a champion may use. */
function attackOffers(s: GAState, p: PlayerId): GACommand[] {
  const out: GACommand[] = [];
  if (commandGate(s, 'DeclareAttack', p).ok)
    for (const a of s.field) {
      if (a.controller !== p || !isUnit(s, a)) continue;
      const weapons = isChampion(s, a)
        ? s.field.filter((o) => o.controller === p && cardDef(s, o.cardId).type === 'weapon').map((o) => o.id)
        : [undefined];
      for (const w of weapons) {
        for (const t of s.field)
          if (isUnit(s, t) && t.controller !== p)
            out.push({
              type: 'DeclareAttack',
              attacker: a.id,
              target: t.id,
              ...(w !== undefined ? { weapon: w } : {}),
            });
        for (const q of s.order)
          if (q !== p)
            out.push({
              type: 'DeclareAttack',
              attacker: a.id,
              opponent: q,
              ...(w !== undefined ? { weapon: w } : {}),
            });
      }
    }
  return out;
}

/** The answers to the prompt open now (attack target, retaliation, critical, intercept, replacements, triggers…). */
function promptOffers(s: GAState, p: PlayerId): GACommand[] {
  const out: GACommand[] = [];
  const pl = s.players[p]!;
  if (s.prompt?.kind === 'attackTarget')
    for (const t of s.field) out.push({ type: 'ChooseAttackTarget', target: t.id });
  if (s.prompt?.kind === 'retaliate')
    for (const o of s.field) if (o.controller === p) out.push({ type: 'DeclareRetaliation', unit: o.id });
  if (s.prompt?.kind === 'critical') {
    out.push({ type: 'DeclineCritical' });
    for (const c of pl.hand) if (!isHiddenCard(c)) out.push({ type: 'DiscardForCritical', card: c.id });
  }
  if (s.prompt?.kind === 'intercept') {
    out.push({ type: 'DeclineIntercept' });
    out.push({ type: 'Intercept', ally: s.prompt.ally });
  }
  if (s.prompt?.kind === 'orderReplacements')
    for (const effect of s.prompt.options) out.push({ type: 'ApplyReplacement', effect });
  if (s.prompt?.kind === 'keepUnique')
    for (const object of s.prompt.objects) out.push({ type: 'KeepUnique', object });
  if (s.prompt?.kind === 'orderTriggers')
    for (const trigger of s.prompt.options) out.push({ type: 'PlaceTrigger', trigger });
  return out;
}

/** Every command `p` may send now: the candidates above that `check` accepts (accepted ⇔ listed). */
export function legalCommands(s: GAState, p: PlayerId): Command[] {
  if (s.status !== 'playing' || !s.order.includes(p)) return [];
  const cache = new Map<string, Check>();
  const offers: GACommand[] = [
    { type: 'PassOpportunity' },
    { type: 'DeclineMaterialize' },
    { type: 'CancelActivation' },
    { type: 'DeclineRetaliation' },
    ...materialOffers(s, p),
    ...handOffers(s, p),
    ...abilityOffers(s, p),
    ...attackOffers(s, p),
    ...promptOffers(s, p),
    { type: 'Concede' },
  ];
  return offers
    .map((c): GACommand & { player: PlayerId } => ({ ...c, player: p }))
    .filter((cmd) => check(s, cmd, cache) === null);
}

export function actors(s: GAState): PlayerId[] {
  if (s.status !== 'playing') return [];
  if (s.prompt) return [s.prompt.player];
  if (s.priority) return [s.priority.holder];
  return [];
}

/** Known card ids (for fuzzing and schema docs). */
export const CARD_IDS = CARDS.map((c) => c.id);
export { evolve };
