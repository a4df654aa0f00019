// Where in the turn a scenario's start position stands (start.ts builds the cards; this builds the moment): any
// phase or step of the machine, an attack in progress (`combat`), items on the Effects Stack (`stack`) and triggered
// abilities waiting to go on it (`triggers`). Each is checked against what the rules allow to exist at that point,
// so a position the game could not reach is refused with the rule that rules it out, and nothing is emitted.
import { locationOf, machineLocations, type PlayerId, type ScenarioStart } from '@matchtape/engine';
import { abilityOf, objectAbilities } from './flow';
import { cardDef, isCardId } from './cards/pool';
import { grandArchiveMachine } from './machine';
import { hasKeyword, isAlly, isChampion, isUnit, objectById, printedKeyword } from './rules';
import type { TriggerOn } from './cards/types';
import type {
  Card,
  Combat,
  FieldObject,
  GAState,
  KeywordTrigger,
  PendingTrigger,
  Phase,
  StackItem,
  Step,
} from './types';

/** A location of the turn a position may name, and whether a player holds Opportunity there once it has begun. */
export interface StartLocation {
  phase: Phase;
  step: Step;
  /** The machine node's rule (cited by the PhaseEntered of a position placed at the beginning of it). */
  rule: string;
  /** With an empty stack and nothing pending, the turn player holds Opportunity here (2.2.c.1, 2.2.e.1, 2.2.f.3,
   *  2.2.g.i.1, 2.2.g.ii.1); elsewhere the position is the beginning of the phase/step (its turn-based actions run). */
  opportunity: boolean;
}

const OPPORTUNITY = ['recollection/', 'main/', 'end/', 'combat/retaliation', 'combat/damage'];

/** The phase/step a position names, as a machine location, or what is wrong with it. */
export function startLocation(start: ScenarioStart): StartLocation | string {
  const step = (start.step ?? null) as Step;
  const loc = machineLocations(grandArchiveMachine).find(
    (l) => l.path.startsWith('turn.') && l.phase === start.phase && l.step === step,
  );
  if (!loc) {
    const known = machineLocations(grandArchiveMachine)
      .filter((l) => l.path.startsWith('turn.'))
      .map((l) => (l.step ? `${l.phase}/${l.step}` : l.phase));
    return `start.phase: "${start.phase}${step ? `/${step}` : ''}" is not a phase/step of a turn (2.2.1); one of ${known.join(', ')}`;
  }
  return {
    phase: loc.phase as Phase,
    step: loc.step as Step,
    rule: locationOf(grandArchiveMachine, loc.path).rule ?? '2.2.1',
    opportunity: OPPORTUNITY.includes(`${loc.phase}/${loc.step ?? ''}`),
  };
}

type Problem = { rule: string; reason: string };
const problem = (rule: string, reason: string): Problem => ({ rule, reason });

/** A card of the position that is not on the field: where it is and whose (a trigger's source that left, 2.4.12). */
export interface OffFieldCard {
  owner: PlayerId;
  zone: string;
  cardId: string;
}

/**
 * The attack in progress (start.combat): `attacker`, `target` — or, for an attack with Cleave, `opponent` (X.A.2.a.i)
 * —, `weapon` (a champion's), `attackCard` (an attack card in the champion's Intention zone: its card id, or
 * { card, id }), `retaliators` (damage step on). The probe state holds the position's field. Only a combat phase
 * has one (2.2.g.1), and it always has one.
 */
export function startCombat(
  probe: GAState,
  loc: StartLocation,
  raw: unknown,
  ids: Set<string> = new Set(),
): Combat | Problem | null {
  if ((loc.phase === 'combat') !== (raw !== undefined))
    return loc.phase === 'combat'
      ? problem(
          '2.2.g.1',
          'start.combat: the combat phase follows an attack declaration; name it: { attacker, target, weapon?, retaliators? }',
        )
      : problem(
          '2.2.g.1',
          `start.combat: an attack is in progress only in the combat phase, not in "${loc.phase}"`,
        );
  if (raw === undefined) return null;
  const c = (raw ?? {}) as {
    attacker?: unknown;
    target?: unknown;
    opponent?: unknown;
    weapon?: unknown;
    attackCard?: unknown;
    retaliators?: unknown;
  };
  const tp = probe.activePlayer!;
  const a = objectById(probe, typeof c.attacker === 'string' ? c.attacker : '');
  // Attacks are made through a unit (2.6.1) as a slow player action, which only the turn player performs (2.8.a.2.b).
  if (!a || !isUnit(probe, a))
    return problem('2.6.1', `start.combat.attacker: ${String(c.attacker)} is not a unit on the field`);
  if (a.controller !== tp)
    return problem(
      '2.8.a.2.b',
      `start.combat.attacker: ${a.id} is ${a.controller}'s; the non-turn player can't declare attacks (slow player actions)`,
    );
  let weapon: string | null = null;
  if (c.weapon !== undefined) {
    const w = objectById(probe, String(c.weapon));
    if (isAlly(probe, a))
      return problem('1.7.f.3.a', 'start.combat.weapon: allies cannot innately use weapons');
    if (!w || w.controller !== tp || cardDef(probe, w.cardId).type !== 'weapon')
      return problem('1.7.a.8', `start.combat.weapon: ${String(c.weapon)} is not a weapon ${tp} controls`);
    weapon = w.id;
  }
  const attackCard = intentionCard(probe, a.id, c.attackCard, ids);
  if (isProblem(attackCard)) return attackCard;
  if (isChampion(probe, a) && !weapon && !attackCard)
    return problem(
      '1.7.a.8.a',
      'start.combat.weapon: champions have no power: a champion attacks with a weapon or an attack card (attackCard)',
    );
  const defending = attackedBy(probe, tp, a, c, weapon, attackCard);
  if (isProblem(defending)) return defending;
  const cleave = defending.target === null;
  const retaliators = Array.isArray(c.retaliators) ? c.retaliators.map(String) : [];
  const declared = loc.step === 'damage' || loc.step === 'end-of-combat';
  // Retaliation is declared after the "before retaliation" Opportunity (2.2.g.i.2), so from the damage step on.
  if (retaliators.length > 0 && !declared)
    return problem(
      '2.2.g.i.2',
      `start.combat.retaliators: retaliation is declared in the retaliation step after its Opportunity, so retaliators stand only in the damage or end-of-combat step (not "${loc.step}")`,
    );
  for (const r of retaliators) {
    const u = objectById(probe, r);
    // Under Cleave each attacked unit — every unit the defending player controls — may retaliate (X.A.2.d).
    if (cleave && (!u || !isUnit(probe, u) || u.controller !== defending.player))
      return problem(
        'X.A.2.d',
        `start.combat.retaliators: ${r} is not a unit ${defending.player} controls, so the attack with Cleave does not attack it`,
      );
    if (!cleave && r !== defending.target)
      return problem(
        '2.2.g.i.2',
        `start.combat.retaliators: ${r} is not a defending unit; the attack's target ${String(defending.target)} is`,
      );
  }
  if (new Set(retaliators).size !== retaliators.length)
    return problem('scenario', 'start.combat.retaliators: name each retaliating unit once');
  return {
    attacker: a.id,
    attackingPlayer: tp,
    defendingPlayer: defending.player,
    target: defending.target,
    ...(cleave ? { cleave: true } : {}),
    weapon,
    attackCard,
    retaliators,
    retaliationDecided: declared,
    damageDealt: loc.step === 'end-of-combat',
    ...(loc.step === 'end-of-combat' ? { damageCalculated: true } : {}),
    doublers: [],
    negated: false,
  };
}

/**
 * The attack card in the attacking champion's Intention zone (start.combat.attackCard), or null. The zone is each
 * champion's (2.1.j.1) and an attack card enters it once it has resolved (2.6.6).
 */
function intentionCard(
  probe: GAState,
  attacker: string,
  raw: unknown,
  ids: Set<string>,
): Card | null | Problem {
  if (raw === undefined) return null;
  const r = (typeof raw === 'string' ? { card: raw } : (raw ?? {})) as { card?: unknown; id?: unknown };
  const d = typeof r.card === 'string' && isKnownCard(probe, r.card) ? cardDef(probe, r.card) : undefined;
  if (!d)
    return problem(
      'scenario',
      `start.combat.attackCard: ${String(r.card)} is neither a pool card nor a test card ("card id" or { card, id })`,
    );
  if (d.type !== 'attack')
    return problem(
      '2.6.6',
      `start.combat.attackCard: ${d.name} is not an attack card; only a resolved attack card enters the intention zone`,
    );
  if (!isChampion(probe, objectById(probe, attacker)!))
    return problem(
      '2.1.j.1',
      `start.combat.attackCard: the intention zone is a champion's, and the attacker ${attacker} is not a champion`,
    );
  const id = typeof r.id === 'string' ? r.id : `${probe.activePlayer}-intent`;
  if (ids.has(id)) return problem('scenario', `start.combat.attackCard.id: instance id ${id} is used twice`);
  ids.add(id);
  return { id, cardId: d.id };
}

/**
 * Whom the attack attacks: its target unit, or, for an attack with Cleave, the opponent named instead (X.A.2.a.i),
 * whose every unit it hits — the attacker, its weapon or its attack card has Cleave (X.A.2.a).
 */
function attackedBy(
  probe: GAState,
  tp: PlayerId,
  a: FieldObject,
  c: { target?: unknown; opponent?: unknown },
  weapon: string | null,
  attackCard: Card | null,
): { player: PlayerId; target: string | null } | Problem {
  if (c.opponent === undefined) {
    const t = objectById(probe, typeof c.target === 'string' ? c.target : '');
    if (!t || !isUnit(probe, t))
      return problem('2.6.1', `start.combat.target: ${String(c.target)} is not a unit on the field`);
    if (t.controller === tp)
      return problem('2.6.11', 'start.combat.target: players can’t attack their own units');
    return { player: t.controller, target: t.id };
  }
  if (c.target !== undefined)
    return problem(
      'X.A.2.a.i',
      'start.combat: an attack with Cleave specifies the opponent receiving it (opponent), not a unit (target)',
    );
  const opponent = probe.order.find((p) => p === c.opponent && p !== tp);
  if (!opponent)
    return problem(
      '2.6.11',
      `start.combat.opponent: ${String(c.opponent)} is not an opponent of ${tp}; players can’t attack their own units`,
    );
  const w = objectById(probe, weapon);
  const cleave =
    hasKeyword(probe, a, 'Cleave') ||
    (w !== undefined && hasKeyword(probe, w, 'Cleave')) ||
    (attackCard !== null && printedKeyword(probe, tp, cardDef(probe, attackCard.cardId), 'Cleave'));
  if (!cleave)
    return problem(
      'X.A.2.a',
      'start.combat.opponent: only an attack with Cleave (of the attacker, its weapon or its attack card) hits all units an opponent controls',
    );
  return { player: opponent, target: null };
}

const KEYWORD_TRIGGERS: readonly KeywordTrigger[] = ['Vigor', 'Intercept'];

/**
 * One triggered (or, on the stack, activated) ability of a field object: `source` and `ability` (its index in the
 * object's ability list, as ActivateAbility names it) or `keyword` (Vigor, Intercept); `target` if it has one.
 */
function abilityItem(
  probe: GAState,
  loc: StartLocation,
  raw: Record<string, unknown>,
  kind: 'trigger' | 'ability',
  where: string,
  offField: ReadonlyMap<string, OffFieldCard>,
): PendingTrigger | Problem {
  const o = objectById(probe, typeof raw.source === 'string' ? raw.source : '');
  if (!o) return leftSourceItem(probe, loc, raw, kind, where, offField);
  const name = cardDef(probe, o.cardId).name;
  const target = typeof raw.target === 'string' ? raw.target : null;
  if (target !== null && !objectById(probe, target))
    return problem('scenario', `${where}.target: ${target} is not an object on the field`);
  if (raw.keyword !== undefined) {
    const k = raw.keyword as KeywordTrigger;
    if (kind !== 'trigger' || !KEYWORD_TRIGGERS.includes(k))
      return problem('scenario', `${where}.keyword: a keyword trigger is ${KEYWORD_TRIGGERS.join(' or ')}`);
    if (!hasKeyword(probe, o, k))
      return problem('2.4.b.2.c', `${where}: ${name} does not have ${k}, so it cannot have triggered`);
    // Vigor triggers at the beginning of its controller's end phase for a rested unit (X.A.24.a).
    if (k === 'Vigor' && (loc.phase !== 'end' || o.controller !== probe.activePlayer))
      return problem('X.A.24.a', `${where}: Vigor triggers at the beginning of its controller's end phase`);
    // Intercept triggers when its controller's champion becomes the target of an attack (X.A.10.a).
    const t = objectById(probe, probe.combat?.target);
    if (
      k === 'Intercept' &&
      (loc.step !== 'attack' || !t || !isChampion(probe, t) || t.controller !== o.controller)
    )
      return problem(
        'X.A.10.a',
        `${where}: Intercept triggers as an attack targets its controller's champion (the attack step of such a combat)`,
      );
    return {
      controller: o.controller,
      source: o.id,
      sourceCardId: o.cardId,
      ability: -1,
      target,
      label: `${name}: ${k}`,
      keyword: k,
    };
  }
  const i = typeof raw.ability === 'number' ? raw.ability : -1;
  const ref = objectAbilities(probe, o)[i];
  const ab = ref ? abilityOf(probe, ref.cardId, ref.index) : undefined;
  const want = kind === 'trigger' ? 'trigger' : 'activated';
  if (!ref || ab?.kind !== want)
    return problem(
      'scenario',
      `${where}.ability: ${name} has no ${want} ability at index ${raw.ability} (its abilities: ${objectAbilities(
        probe,
        o,
      )
        .map((x, n) => `${n} ${x.ability.kind}`)
        .join(', ')})`,
    );
  const when = ab.kind === 'trigger' ? triggerTiming(probe, loc, o.id, o.controller, ab.on) : null;
  if (when) return problem(when.rule, `${where}: ${name}'s "${ab.text}" ${when.reason}`);
  return {
    controller: o.controller,
    source: o.id,
    sourceCardId: ref.cardId,
    ability: ref.index,
    target,
    label: `${name}: ${ab.text}`,
  };
}

/**
 * An ability whose source has left the field (its `source` is a card in another zone of the position): it exists
 * independently of its source and still resolves (2.4.12), controlled by the player who controlled the source —
 * `controller`, by default the card's owner — with the source's last known information (2.4.12.a). Its index is
 * into the card's printed abilities. An On Death source died, so it is in a graveyard (X.A.13.a.i).
 */
function leftSourceItem(
  probe: GAState,
  loc: StartLocation,
  raw: Record<string, unknown>,
  kind: 'trigger' | 'ability',
  where: string,
  offField: ReadonlyMap<string, OffFieldCard>,
): PendingTrigger | Problem {
  const id = typeof raw.source === 'string' ? raw.source : '';
  const card = offField.get(id);
  if (!card)
    return problem(
      'scenario',
      `${where}.source: ${String(raw.source)} is neither an object on the field nor a card of the position (a source that left the field)`,
    );
  const d = cardDef(probe, card.cardId);
  if (raw.keyword !== undefined)
    return problem(
      'scenario',
      `${where}.keyword: a keyword trigger whose source left the field is not built by positions; name its ability`,
    );
  const i = typeof raw.ability === 'number' ? raw.ability : -1;
  const ab = d.abilities[i];
  const want = kind === 'trigger' ? 'trigger' : 'activated';
  if (ab?.kind !== want)
    return problem(
      'scenario',
      `${where}.ability: ${d.name} has no ${want} ability at index ${String(raw.ability)} (its abilities: ${d.abilities
        .map((x, n) => `${n} ${x.kind}`)
        .join(', ')})`,
    );
  if (ab.kind === 'trigger' && ab.on === 'death' && card.zone !== 'graveyard')
    return problem(
      'X.A.13.a.i',
      `${where}: ${d.name}'s On Death triggers only if it went to the graveyard, and ${id} is in ${card.owner}'s ${card.zone}`,
    );
  const controller =
    raw.controller === undefined ? card.owner : probe.order.find((p) => p === raw.controller);
  if (!controller) return problem('scenario', `${where}.controller: name a seat (${probe.order.join(', ')})`);
  const when = ab.kind === 'trigger' ? triggerTiming(probe, loc, id, controller, ab.on) : null;
  if (when) return problem(when.rule, `${where}: ${d.name}'s "${ab.text}" ${when.reason}`);
  const target = typeof raw.target === 'string' ? raw.target : null;
  if (target !== null && !objectById(probe, target))
    return problem('scenario', `${where}.target: ${target} is not an object on the field`);
  return {
    controller,
    source: id,
    sourceCardId: d.id,
    ability: i,
    target,
    label: `${d.name}: ${ab.text}`,
  };
}

/** Whether a trigger of this kind can be waiting for, or on, the stack at this location (null: it can). */
function triggerTiming(
  probe: GAState,
  loc: StartLocation,
  source: string,
  controller: PlayerId,
  on: TriggerOn,
): Problem | null {
  // "At the beginning of your end phase" triggers go on the stack as the turn player's end phase begins (2.2.f.2).
  if (on === 'end-phase' && (loc.phase !== 'end' || controller !== probe.activePlayer))
    return problem('2.2.f.2', "triggers at the beginning of its controller's end phase");
  // On Attack: when an attack is declared, for the attacking unit; resolved before the retaliation step (2.2.g.2.a).
  if (on === 'attack' && (loc.step !== 'attack' || probe.combat?.attacker !== source))
    return problem(
      'X.A.12.a',
      "is the attacking unit's On Attack: it stands only in the attack step of its attack",
    );
  // On Hit / On Kill: damage-step triggers, placed onto the stack at the end of combat (2.2.g.iii.2).
  if ((on === 'hit' || on === 'ally-hit' || on === 'kill') && loc.step !== 'end-of-combat')
    return problem(
      '2.2.g.iii.2',
      'triggers on attack damage: it waits for, or stands on, the stack only in the end-of-combat step',
    );
  return null;
}

/** Triggers waiting to go on the stack (start.triggers): they are placed as the position begins (2.4.b.6). */
export function startTriggers(
  probe: GAState,
  loc: StartLocation,
  raw: unknown,
  offField: ReadonlyMap<string, OffFieldCard> = new Map(),
): PendingTrigger[] | Problem {
  if (raw === undefined) return [];
  if (!Array.isArray(raw))
    return problem('scenario', 'start.triggers: a list of { source, ability | keyword, target? }');
  const out: PendingTrigger[] = [];
  for (const [i, x] of raw.entries()) {
    const t = abilityItem(
      probe,
      loc,
      (x ?? {}) as Record<string, unknown>,
      'trigger',
      `start.triggers[${i}]`,
      offField,
    );
    if ('rule' in t && 'reason' in t) return t;
    out.push(t);
  }
  return out;
}

/**
 * The Effects Stack (start.stack, bottom first): `{ kind: "trigger" | "ability", source, ability | keyword, target? }`
 * or `{ kind: "card", card, controller, id?, target? }` (a non-attack card being activated). A slow card is activated
 * only by the turn player in their main phase onto an empty stack (2.8.a.2), so it can only be the bottom item there.
 */
export function startStack(
  probe: GAState,
  loc: StartLocation,
  raw: unknown,
  ids: Set<string>,
  offField: ReadonlyMap<string, OffFieldCard> = new Map(),
): StackItem[] | Problem {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return problem('scenario', 'start.stack: a list of stack items, bottom first');
  const out: StackItem[] = [];
  for (const [i, x] of raw.entries()) {
    const o = (x ?? {}) as Record<string, unknown>;
    const where = `start.stack[${i}]`;
    const sid = `s${i + 1}`;
    const common = { sid, materialized: false, weapon: null };
    if (o.kind === 'trigger' || o.kind === 'ability') {
      const t = abilityItem(probe, loc, o, o.kind, where, offField);
      if ('rule' in t && 'reason' in t) return t;
      const { controller, source, sourceCardId, ability, target, label, keyword } = t;
      out.push({
        ...common,
        kind: o.kind,
        controller,
        card: null,
        sourceCardId,
        source,
        ability,
        target,
        label,
        ...(keyword ? { keyword } : {}),
      });
      continue;
    }
    if (o.kind !== 'card')
      return problem('scenario', `${where}.kind: a stack item is "card", "trigger" or "ability"`);
    const controller = probe.order.find((p) => p === o.controller) as PlayerId | undefined;
    if (!controller)
      return problem('scenario', `${where}.controller: name a seat (${probe.order.join(', ')})`);
    const d = typeof o.card === 'string' && isKnownCard(probe, o.card) ? cardDef(probe, o.card) : undefined;
    if (!d)
      return problem('scenario', `${where}.card: ${String(o.card)} is neither a pool card nor a test card`);
    // Champions and regalia are materialized from the material deck, never activated (1.7.a.1, 1.7.h.3).
    if (d.type === 'champion')
      return problem(
        '1.7.a.1',
        `${where}.card: ${d.name} is a champion: champions start in the material deck and are materialized, not activated`,
      );
    if (d.supertypes.includes('regalia'))
      return problem(
        '1.7.h.3',
        `${where}.card: ${d.name} is a regalia: regalia start in the material deck and are materialized, not activated`,
      );
    if (d.type === 'attack')
      return problem(
        'scenario',
        `${where}.card: an attack card being activated needs its attacker, which positions do not build; once resolved it stands in Intention (start.combat.attackCard)`,
      );
    const slow = d.type !== 'action' || d.speed !== 'fast';
    if (slow && (i > 0 || loc.phase !== 'main' || controller !== probe.activePlayer))
      return problem(
        '2.8.a.2.a',
        `${where}: ${d.name} is slow: only the turn player activates it, in their main phase, onto an empty Effects Stack (so it is the bottom item of a main-phase stack)`,
      );
    const id = typeof o.id === 'string' ? o.id : `${controller}-stack${i + 1}`;
    if (ids.has(id)) return problem('scenario', `${where}.id: instance id ${id} is used twice`);
    ids.add(id);
    const target = typeof o.target === 'string' ? o.target : null;
    if (target !== null && !objectById(probe, target))
      return problem('scenario', `${where}.target: ${target} is not an object on the field`);
    out.push({
      ...common,
      kind: 'card',
      controller,
      card: { id, cardId: d.id },
      sourceCardId: d.id,
      source: null,
      ability: -1,
      target,
      label: d.name,
    });
  }
  return out;
}

function isKnownCard(probe: GAState, id: string): boolean {
  return isCardId(id) || probe.cards[id] !== undefined;
}

export function isProblem(x: unknown): x is Problem {
  return typeof x === 'object' && x !== null && 'rule' in x && 'reason' in x && !Array.isArray(x);
}
