// Redaction (ARCHITECTURE.md §3): view(state, viewer) and viewEvent(event, viewer) hide the same things, so
// folding the redacted events gives exactly the redacted state. Hidden cards show only their opaque id.
import { isPlayer, redactRandom, type BoardModel, type CardFace, type CardTile, type GameEvent, type PlayerBoard, type Tile, type Viewer, type ZoneModel } from '@matchtape/engine';
import { cardDef } from './cards/pool';
import type { Move } from './evolve';
import { championLevel, isChampion, life, unitPower } from './rules';
import { zoneVisible } from './rules';
import type { Card, FieldObject, GAState, PlayerState, PlayerZone, Slot } from './types';
import { isHidden } from './types';

const HIDDEN_PLAYER_ZONES: readonly PlayerZone[] = ['mainDeck', 'materialDeck', 'hand', 'memory'];

function redactZone(zone: readonly Slot[], visible: boolean): Slot[] {
  if (visible) return zone as Slot[];
  // Preserved cards stay face-up in the material deck (X.A.19.c).
  return zone.map((c) => (isHidden(c) || c.preserved ? c : { id: c.oid ?? c.id, hidden: true as const }));
}

export function view(s: GAState, viewer: Viewer): GAState {
  if (viewer === 'judge') return s;
  const players: Record<string, PlayerState> = {};
  for (const [id, pl] of Object.entries(s.players)) {
    const next = { ...pl };
    for (const z of HIDDEN_PLAYER_ZONES) (next as Record<PlayerZone, Slot[]>)[z] = redactZone(pl[z], zoneVisible(z, id, viewer));
    players[id] = next;
  }
  return { ...s, players };
}

function redactMove(m: Move, viewer: Viewer): Move {
  const seesFrom = zoneVisible(m.from, m.owner, viewer) || m.fromPreserved === true;
  const seesTo = zoneVisible(m.to, m.owner, viewer) || m.preserved === true;
  if (seesTo) return m;
  // The card ends up hidden from this viewer: it keeps only what it already knew (the id, if it saw the card).
  return { ...m, id: seesFrom ? m.id : null, cardId: null };
}

export function viewEvent<E extends GameEvent>(e: E, viewer: Viewer): E {
  if (viewer === 'judge') return e;
  let payload: Record<string, unknown> = redactRandom(e.payload);
  const owner = (payload.player as string | undefined) ?? '';
  const mine = isPlayer(viewer) && viewer === owner;
  switch (e.type) {
    case 'DeckSetOut':
      payload = { ...payload, main: null, material: mine ? payload.material : null, hand: mine ? payload.hand : null };
      break;
    case 'CardsMoved':
      payload = { ...payload, moves: (payload.moves as Move[]).map((m) => redactMove(m, viewer)) };
      break;
    case 'ReserveSelected':
    case 'CriticalCardSelected':
      if (!mine) payload = { ...payload, card: null, oid: null };
      break;
    case 'ActivationCanceled':
      if (!mine) payload = { ...payload, card: null };
      break;
  }
  return payload === e.payload ? e : { ...e, payload };
}

/** Real ids and card ids hidden from `viewer` (a card id only when no copy of it is visible to the viewer). */
export function secrets(s: GAState, viewer: Viewer): string[] {
  if (viewer === 'judge') return [];
  const hiddenIds = new Set<string>();
  const hiddenCardIds = new Set<string>();
  const visibleCardIds = new Set<string>();
  for (const [id, pl] of Object.entries(s.players)) {
    for (const z of ['mainDeck', 'materialDeck', 'hand', 'memory', 'graveyard', 'banishment'] as PlayerZone[]) {
      const vis = zoneVisible(z, id, viewer);
      for (const c of pl[z] as Slot[]) {
        if (isHidden(c)) continue;
        if (vis || c.preserved) visibleCardIds.add(c.cardId);
        else {
          hiddenIds.add(c.id);
          hiddenCardIds.add(c.cardId);
        }
      }
    }
  }
  for (const o of s.field) for (const c of o.cards) visibleCardIds.add(c.cardId);
  for (const it of s.stack) {
    visibleCardIds.add(it.sourceCardId);
    if (it.card) visibleCardIds.add(it.card.cardId);
  }
  if (s.pending) visibleCardIds.add(s.pending.card.cardId);
  if (s.combat?.attackCard) visibleCardIds.add(s.combat.attackCard.cardId);
  return [...hiddenIds, ...[...hiddenCardIds].filter((c) => !visibleCardIds.has(c))];
}

// ── Board for the site ─────────────────────────────────────────────────────────────────────────────────

/** A card's printed face, for board tiles and the card list. */
export function faceOf(cardId: string): CardFace {
  const d = cardDef(cardId);
  const stats: Record<string, number | string> = {};
  if (d.level !== undefined) stats.level = d.level;
  if (d.power !== undefined) stats.power = d.power;
  if (d.life !== undefined) stats.life = d.life;
  if (d.durability !== undefined) stats.durability = d.durability;
  return {
    name: d.name,
    cost: d.cost ? `${d.cost.kind === 'reserve' ? 'R' : 'M'}${d.cost.n}` : null,
    types: [...d.supertypes, d.type, ...d.subtypes],
    colors: [d.element],
    stats,
    keywords: d.keywords.map((k) => `${k.keyword}${k.n !== undefined ? ` ${k.n}` : ''}${k.name ? `: ${k.name}` : ''}`),
    text: d.text,
  };
}

function tile(c: Slot): Tile {
  if (isHidden(c)) return { id: c.id, hidden: true };
  return { id: c.id, cardId: c.cardId, face: faceOf(c.cardId), ...(c.selected ? { tags: ['chosen for reserve'] } : {}) };
}

function objectTile(s: GAState, o: FieldObject): CardTile {
  const tags: string[] = [];
  if (s.combat?.attacker === o.id) tags.push('attacking');
  if (s.combat?.target === o.id) tags.push('defending');
  if (s.combat?.retaliators.includes(o.id)) tags.push('retaliating');
  if (s.combat?.cleave && s.combat.defendingPlayer === o.controller && o.id !== s.combat.attacker && (cardDef(o.cardId).type === 'ally' || cardDef(o.cardId).type === 'champion')) tags.push('defending');
  const current: Record<string, number> = {};
  if (cardDef(o.cardId).type === 'ally') {
    current.power = unitPower(s, o);
    current.life = life(o);
  }
  const t: CardTile = { id: o.id, cardId: o.cardId, face: faceOf(o.cardId), tapped: o.rested, damage: o.damage, counters: o.counters, current, tags };
  if (o.cards.length > 1) t.attachments = o.cards.slice(0, -1).map((c) => tile(c) as CardTile);
  return t;
}

function zone(key: string, label: string, layout: ZoneModel['layout'], cards: readonly Slot[], showAll = true): ZoneModel {
  return { key, label, layout, count: cards.length, cards: (showAll ? cards : cards.slice(0, 1)).map(tile) };
}

export function board(s: GAState): BoardModel {
  const players: PlayerBoard[] = s.order.map((p) => {
    const pl = s.players[p]!;
    const champ = s.field.find((o) => o.controller === p && isChampion(o));
    const field = s.field.filter((o) => o.controller === p && !isChampion(o));
    return {
      id: p,
      name: pl.name,
      stats: [
        { key: 'life', label: 'Champion life', value: champ ? life(champ) - champ.damage : 0, ...(champ ? { max: life(champ) } : {}) },
        { key: 'damage', label: 'Damage', value: champ?.damage ?? 0 },
        { key: 'level', label: 'Level', value: championLevel(s, p) },
        { key: 'hand', label: 'Hand', value: pl.hand.length },
        { key: 'memory', label: 'Memory', value: pl.memory.length },
        { key: 'deck', label: 'Main deck', value: pl.mainDeck.length },
        { key: 'material', label: 'Material deck', value: pl.materialDeck.length },
      ],
      zones: [
        { key: 'field', label: 'Field', layout: 'row', count: field.length, cards: field.map((o) => objectTile(s, o)) },
        zone('hand', 'Hand', 'fan', pl.hand),
        zone('memory', 'Memory', 'row', pl.memory),
        zone('materialDeck', 'Material deck', 'row', pl.materialDeck),
        zone('mainDeck', 'Main deck', 'pile', pl.mainDeck, false),
        zone('graveyard', 'Graveyard', 'pile', pl.graveyard),
        zone('banishment', 'Banishment', 'pile', pl.banishment),
        ...(champ ? [{ key: 'lineage', label: 'Lineage', layout: 'stack' as const, count: champ.cards.length, cards: champ.cards.map(tile) }] : []),
      ],
      hero: champ ? objectTile(s, champ) : null,
    };
  });
  const shared: ZoneModel[] = [
    { key: 'stack', label: 'Effects Stack', layout: 'stack', count: s.stack.length, cards: s.stack.map((it) => ({ id: it.sid, cardId: it.card?.cardId ?? it.sourceCardId, face: { ...faceOf(it.card?.cardId ?? it.sourceCardId), text: it.label }, tags: [it.kind, `controller ${it.controller}`] })) },
  ];
  if (s.pending) shared.push({ key: 'pending', label: 'Being activated', layout: 'row', count: 1, cards: [tile(s.pending.card)] });
  if (s.combat?.attackCard) shared.push({ key: 'intention', label: 'Intention', layout: 'row', count: 1, cards: [tile(s.combat.attackCard)] });
  const acting = s.status !== 'playing' ? [] : s.prompt ? [s.prompt.player] : s.priority ? [s.priority.holder] : [];
  return {
    game: 'grand-archive',
    status: s.status,
    turn: s.turn,
    phase: s.phase,
    step: s.step,
    activePlayer: s.activePlayer,
    acting,
    players,
    shared,
    banner: banner(s),
    winner: s.winner,
    result: s.result,
  };
}

function nameOf(s: GAState, id: string | null): string {
  const o = s.field.find((x) => x.id === id);
  return o ? cardDef(o.cardId).name : (id ?? '?');
}

function banner(s: GAState): string | null {
  if (s.status === 'ended') return s.result;
  if (s.combat) return `Combat: ${nameOf(s, s.combat.attacker)} attacks ${s.combat.target ? nameOf(s, s.combat.target) : '(choosing a target)'}`;
  if (s.prompt) return `${s.prompt.player}: ${s.prompt.kind} (${s.prompt.rule})`;
  if (s.stack.length > 0) return `Effects Stack: ${s.stack[s.stack.length - 1]!.label}`;
  return null;
}

// ── Log lines and timeline markers ─────────────────────────────────────────────────────────────────────

function cname(c: unknown): string {
  const card = c as Card | null;
  return card && typeof card.cardId === 'string' ? cardDef(card.cardId).name : 'a card';
}

export function describe(e: GameEvent): string {
  const p = e.payload as Record<string, unknown>;
  const who = String(p.player ?? '');
  switch (e.type) {
    case 'MatchStarted':
      return `Match started: ${(p.players as { name: string }[]).map((x) => x.name).join(' vs ')}`;
    case 'DeckSetOut':
      return `${who} set out a ${p.shuffled ? 'shuffled ' : ''}main deck of ${(p.mainOids as string[]).length} and a material deck of ${(p.materialOids as string[]).length}`;
    case 'FirstPlayerChosen':
      return `${who} goes first (${p.method})`;
    case 'TurnStarted':
      return `Turn ${p.turn}: ${who}`;
    case 'PhaseEntered':
      return `${p.phase}${p.step ? ` – ${p.step}` : ''}`;
    case 'PromptOpened': {
      const pr = p.prompt as { kind: string; player: string };
      return `${pr.player} to choose: ${pr.kind}`;
    }
    case 'StartingChampionPlaced':
      return `${who} put ${cname(p.object)} onto the field`;
    case 'CardsMoved': {
      const moves = p.moves as Move[];
      const named = moves.map((m) => (m.cardId ? cardDef(m.cardId).name : 'a card')).join(', ');
      switch (p.reason) {
        case 'draw':
          return `${who} drew ${named}`;
        case 'recollection':
          return `${who} returned ${moves.length} card(s) from memory to hand`;
        case 'reserve':
          return `${who} reserved ${moves.length} card(s) into memory`;
        case 'memory-cost':
          return `${who} banished ${named} from memory at random`;
        default:
          return `${who}: ${named} ${moves[0] ? `${moves[0].from} → ${moves[0].to}` : ''}`;
      }
    }
    case 'OpportunityGranted':
      return `${who} has Opportunity`;
    case 'OpportunityPassed':
      return `${who} passed`;
    case 'ActivationDeclared':
      return `${who} ${p.materialize ? 'materializes' : 'activates'} ${cname(p.card)}`;
    case 'ReserveSelected':
      return `${who} chose a card to reserve`;
    case 'ActivationCanceled':
      return `${who} canceled the activation`;
    case 'ActivationPlaced':
    case 'TriggerPlaced':
    case 'AbilityActivated':
      return `On the stack: ${(p.item as { label: string }).label}`;
    case 'StackItemResolved':
      return `Resolved ${p.sid}`;
    case 'StackItemFizzled':
      return `${p.sid} fizzled: ${p.reason}`;
    case 'ObjectEntered':
      return `${cname(p.object)} entered the field`;
    case 'ChampionLeveledUp':
      return `${who} leveled up into ${cname(p.card)} (Lv ${p.levelFrom} → ${p.levelTo})`;
    case 'ObjectRested':
      return `${p.object} rested (${p.reason})`;
    case 'ObjectsWoken':
      return `${who} woke ${(p.objects as string[]).length} object(s)`;
    case 'CountersChanged':
      return `${p.object}: ${Number(p.delta) > 0 ? '+' : ''}${p.delta} ${p.kind}`;
    case 'DamageDealt':
      return (p.damage as { target: string; amount: number }[]).map((d) => `${d.amount} ${p.attack ? 'attack ' : ''}damage to ${d.target}`).join(', ');
    case 'DamagePrevented':
      return `${p.amount} damage to ${p.target} prevented`;
    case 'DamageRecovered':
      return `${p.object} recovered ${p.amount}`;
    case 'ShieldCreated':
      return 'Damage prevention set up';
    case 'EffectCreated':
      return 'An effect applies until end of turn';
    case 'ObjectLeftField':
      return `${cardDef(String(p.cardId)).name} left the field (${p.reason}) → ${p.to}`;
    case 'IntentionEntered':
      return `${cname(p.card)} entered Intention`;
    case 'AttackDeclared':
      return `${who} attacks ${p.cleave ? `every unit of ${p.defendingPlayer} (Cleave)` : p.target} with ${p.attacker}${p.weapon ? ` (weapon ${p.weapon})` : ''}`;
    case 'AttackFizzled':
      return `The attack fizzled: ${p.reason}`;
    case 'AttackRedirected':
      return `${p.ally} intercepts the attack`;
    case 'CriticalOffered':
      return `Critical ${p.n}: ${who} may discard ${p.n} card(s) or the damage is doubled`;
    case 'CriticalCardSelected':
      return `${who} chose a card to discard`;
    case 'CriticalSettled':
      return p.doubled ? 'Critical: the damage is doubled' : `${who} discarded to stop the critical`;
    case 'InterceptDeclined':
      return `${who} does not intercept`;
    case 'AttackDoubled':
      return 'The attack’s damage is doubled';
    case 'RetaliationDeclared':
      return `${p.unit} retaliates`;
    case 'RetaliationDeclined':
      return `${who} does not retaliate`;
    case 'IntentionCleared':
      return `${cname(p.card)} went to the graveyard`;
    case 'CombatEnded':
      return 'End of combat';
    case 'MaterializationDeclined':
      return `${who} does not materialize`;
    case 'PreservedReturned':
      return `${who} returned a Preserved card to hand instead of materializing`;
    case 'EndOfTurnCleanup':
      return 'Cleanup: ally damage removed, end-of-turn effects end';
    case 'TurnEnded':
      return `Turn ${p.turn} ended`;
    case 'DrawFromEmptyDeck':
      return `${who} had to draw from an empty deck`;
    case 'PlayerConceded':
      return `${who} conceded`;
    case 'PlayerLost':
      return `${who} lost: ${p.reason}`;
    case 'PlayerRemoved':
      return `${who}'s objects leave the game`;
    case 'TurnEndedEarly':
      return `${who}'s turn ends early`;
    case 'MatchEnded':
      return String(p.result);
    default:
      return e.type;
  }
}

export function keyMoment(e: GameEvent): null | { kind: string; label: string } {
  const p = e.payload as Record<string, unknown>;
  switch (e.type) {
    case 'AttackDeclared':
    case 'AttackRedirected':
      return { kind: 'attack', label: describe(e) };
    case 'DamageDealt':
      return { kind: 'damage', label: describe(e) };
    case 'ChampionLeveledUp':
      return { kind: 'level-up', label: describe(e) };
    case 'ObjectLeftField':
      return p.reason === 'destroyed' ? { kind: 'death', label: describe(e) } : null;
    case 'StartingChampionPlaced':
      return { kind: 'champion', label: describe(e) };
    case 'PlayerLost':
    case 'MatchEnded':
      return { kind: 'end', label: describe(e) };
    default:
      return null;
  }
}
